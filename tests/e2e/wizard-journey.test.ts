// The customer's whole journey in Chromium at 390x844 against the real server: the registration, its photo and its
// Shopify hand-off on the server; a reload at every step; wrong and expired codes; Enter; axe on every step.
import AxeBuilder from '@axe-core/playwright';
import { Client, Databases, Query, Storage } from 'node-appwrite';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { handOffs } from '../helpers/hand-offs';
import { appInBrowser, DIST } from '../helpers/app-in-browser';
import { chromiumPath, PHONE } from '../helpers/browser';
import { codeFor, startTestServer, type TestServer } from '../helpers/server';
import { heading } from '../helpers/wizard-walk';

const SHOT = (name: string) => `test-results/journey-${name}.png`;
const atStep = (page: Page, title: string, timeout = 5000) => expect.poll(() => heading(page).textContent(), { timeout }).toBe(title);
const STEP6 = 'Upload a product image or enter a SKU number';

/** A phone photo of a ring, larger than the app keeps. */
const ringPhoto = (width = 3000, height = 2000, metal = '#c9a24a') =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#efe6d6"/>
      <circle cx="50%" cy="52%" r="${height / 4}" fill="none" stroke="${metal}" stroke-width="${height / 14}"/></svg>`),
  )
    .jpeg({ quality: 90 })
    .toBuffer();

/** The draft this device keeps (IndexedDB "warranty"), read to know an answer is saved before reloading. */
const savedDraft = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ values: Record<string, unknown>; files: number }>((resolve, reject) => {
        const open = indexedDB.open('warranty');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['drafts', 'draftFiles']);
          const drafts = tx.objectStore('drafts').getAll();
          const files = tx.objectStore('draftFiles').count();
          tx.oncomplete = () => {
            open.result.close();
            const last = (drafts.result as { updatedAt: number; values: Record<string, unknown> }[])
              .sort((a, b) => a.updatedAt - b.updatedAt)
              .at(-1);
            resolve({ values: last?.values ?? {}, files: files.result });
          };
        };
      }),
  );

async function reloadAt(page: Page, title: string) {
  await page.reload();
  await atStep(page, title);
}

/** Whether every photo preview on the page shows a decoded picture. */
const previewsShown = (page: Page) =>
  page
    .locator('.photos__preview')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));

/** Steps 1 and 2; ends on step 3 with the code mailed. */
async function requestCode(page: Page, server: TestServer, email: string, name = 'Ada Lovelace') {
  await page.goto(`${server.url}/login`);
  await atStep(page, 'Your Full Name');
  await page.getByLabel('Your Full Name').fill(name);
  await page.getByLabel('Your Full Name').press('Enter');
  await atStep(page, 'Email Address');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await atStep(page, 'Enter OTP');
  return codeFor(server, email);
}

async function verify(page: Page, code: string) {
  await page.getByLabel('Enter OTP').fill(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.getByText('OTP verified successfully!').waitFor();
  await atStep(page, 'Phone Number');
}

async function phoneAndAddress(page: Page) {
  await page.getByLabel('Phone number').fill('5551234567');
  await page.getByLabel('Phone number').press('Enter');
  await atStep(page, 'Address');
  await page.getByLabel('Address line 1').fill('9 Oak Avenue');
  await page.getByLabel('Address line 1').press('Escape');
  await page.getByRole('button', { name: 'Next' }).click();
  await atStep(page, STEP6);
}

/** The server's copy of a registration, read with the API key as staff tools do. */
async function registrationOf(server: TestServer, email: string) {
  const client = new Client().setEndpoint(server.endpoint).setProject('warranty').setKey(server.secrets.apiKey);
  const list = await new Databases(client).listDocuments({
    databaseId: 'warranty',
    collectionId: 'submissions',
    queries: [Query.equal('email', email)],
  });
  expect(list.total).toBe(1);
  const doc = list.documents[0]!;
  const storage = new Storage(client);
  const photos = await Promise.all(
    String(doc.image_file_id)
      .split(',')
      .filter(Boolean)
      .map(async (fileId) => {
        const file = await storage.getFile({ bucketId: 'images', fileId });
        const meta = await sharp(Buffer.from(await storage.getFileDownload({ bucketId: 'images', fileId }))).metadata();
        return { name: file.name, type: file.mimeType, width: meta.width, height: meta.height, format: meta.format };
      }),
  );
  return { doc, photos };
}

describe.runIf(chromiumPath)('the customer journey', () => {
  const app = appInBrowser();

  it('ends with the registration, its photo and one Shopify hand-off on the server', async () => {
    const page = await app.browser.newPage(PHONE);
    const email = 'ada.journey@example.com';
    try {
      await verify(page, await requestCode(page, app.server, email));
      await phoneAndAddress(page);
      await page.getByLabel('Product name or SKU').fill('nck-1018-wg');
      await page.getByRole('button', { name: /Ines Diamond Necklace/ }).click();
      await page.locator('#photos').setInputFiles({ name: 'ring.jpg', mimeType: 'image/jpeg', buffer: await ringPhoto() });
      await page.getByRole('img', { name: 'ring.jpg' }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      await atStep(page, 'Thank you!', 15_000);

      const { doc, photos } = await registrationOf(app.server, email);
      expect(doc).toMatchObject({
        full_name: 'Ada Lovelace',
        phone: '+1 5551234567',
        address: '9 Oak Avenue, United States',
        product_sku: 'Ines Diamond Necklace',
      });
      expect(photos).toEqual([{ name: 'ring.jpg', type: 'image/jpeg', width: 2048, height: 1365, format: 'jpeg' }]);

      const handedOn = async () => (await handOffs(app.server)).filter((e) => e.registrationId === doc.$id);
      await expect.poll(handedOn, { timeout: 10_000 }).toHaveLength(1);
      await page.waitForTimeout(1500); // a second hand-off would have come by now
      expect(await handedOn()).toEqual([expect.objectContaining({ email, action: 'customer.upsert' })]);

      // Everything of Ada's is on the server: her session is gone there, and the device holds no usable copy.
      const sessions = () =>
        app.server.db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?').get(doc.user_id) as { n: number };
      await expect.poll(() => sessions().n, { timeout: 10_000 }).toBe(0);
      const stored = await page.evaluate(() => localStorage.getItem('cookieFallback'));
      const replayed = await fetch(`${app.server.endpoint}/account`, {
        headers: { 'X-Appwrite-Project': 'warranty', 'X-Fallback-Cookies': stored ?? '{}' },
      });
      expect(replayed.status).toBe(401);
    } finally {
      await page.close();
    }
  });

  it('restores the step, the answers and the photos after a reload at every step', async () => {
    const page = await app.browser.newPage(PHONE);
    const email = 'grace.reload@example.com';
    const saved = (key: string) => expect.poll(async () => (await savedDraft(page)).values[key]);
    try {
      await page.goto(`${app.server.url}/login`);
      await page.getByLabel('Your Full Name').fill('Grace Hopper');
      await saved('fullName').toBe('Grace Hopper');
      await reloadAt(page, 'Your Full Name');
      expect(await page.getByLabel('Your Full Name').inputValue()).toBe('Grace Hopper');

      await page.getByLabel('Your Full Name').press('Enter');
      await page.getByLabel('Email Address').fill(email);
      await saved('email').toBe(email);
      await reloadAt(page, 'Email Address');
      expect(await page.getByLabel('Email Address').inputValue()).toBe(email);

      await page.getByRole('button', { name: 'Send OTP' }).click();
      await atStep(page, 'Enter OTP');
      const code = await codeFor(app.server, email);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('currentStep'))).toBe('3');
      await reloadAt(page, 'Enter OTP');
      await page.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
      await verify(page, code); // the code is never stored; the pending sign-in is

      await page.getByRole('button', { name: /Country code/ }).click();
      await page.getByLabel('Search countries').fill('united k');
      await page.getByLabel('Search countries').press('Enter');
      await page.getByLabel('Phone number').fill('7700900123');
      await saved('phone').toBe('7700900123');
      await reloadAt(page, 'Phone Number');
      expect(await page.getByLabel('Phone number').inputValue()).toBe('7700900123');
      const country = page.getByRole('button', { name: /Country code/ });
      expect(await country.textContent()).toContain('+44');
      expect(await country.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

      await page.getByLabel('Phone number').press('Enter');
      await atStep(page, 'Address');
      await page.getByLabel('Address line 1').fill('1 Main St');
      await page.getByLabel('Address line 1').press('Escape');
      await page.getByLabel('Apartment, suite, etc. (optional)').fill('Suite 5');
      await page.getByLabel('City').fill('Boston');
      await page.getByLabel('State').fill('MA');
      await page.getByLabel('ZIP code').fill('02108');
      await saved('zip').toBe('02108');
      await reloadAt(page, 'Address');
      const address = ['Address line 1', 'Apartment, suite, etc. (optional)', 'City', 'State', 'ZIP code'].map((l) =>
        page.getByLabel(l).inputValue(),
      );
      expect(await Promise.all(address)).toEqual(['1 Main St', 'Suite 5', 'Boston', 'MA', '02108']);

      await page.getByRole('button', { name: 'Next' }).click();
      await atStep(page, STEP6);
      await page.getByLabel('Product name or SKU').fill('nck-1018-wg');
      await page.getByRole('button', { name: /Ines Diamond Necklace/ }).click();
      await page.locator('#photos').setInputFiles([
        { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await ringPhoto(1600, 1200) },
        { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await ringPhoto(1200, 1600, '#b8b8c0') },
      ]);
      await page.getByRole('img', { name: 'side.jpg' }).waitFor();
      await expect.poll(async () => (await savedDraft(page)).files).toBe(2);
      await saved('selected').toHaveLength(1);
      await reloadAt(page, STEP6);
      await page.getByRole('button', { name: 'Remove Ines Diamond Necklace' }).waitFor();
      expect(await page.getByLabel('Product name or SKU').inputValue()).toBe('nck-1018-wg');
      await page.getByRole('button', { name: /Ines Diamond Necklace/, pressed: true }).waitFor();
      expect(await page.getByText('No products found').count()).toBe(0);
      expect(await page.getByRole('img', { name: /^(front|side)\.jpg$/ }).count()).toBe(2);
      await expect.poll(() => previewsShown(page)).toEqual([true, true]);
      await page.screenshot({ path: SHOT('6-restored'), fullPage: true });

      await page.getByRole('button', { name: 'Submit' }).click();
      await atStep(page, 'Thank you!', 15_000);
      const { doc, photos } = await registrationOf(app.server, email);
      expect(doc).toMatchObject({
        full_name: 'Grace Hopper',
        phone: '+44 7700900123',
        address: '1 Main St, Suite 5, Boston, MA, 02108, United States',
      });
      expect(photos.map((p) => [p.name, p.width, p.height])).toEqual([
        ['front.jpg', 1600, 1200],
        ['side.jpg', 1200, 1600],
      ]);
    } finally {
      await page.close();
    }
  });

  it('tells a wrong code from an expired one', async () => {
    const own = await startTestServer({ staticDir: DIST, otpTtlMs: 1500 });
    const page = await app.browser.newPage(PHONE);
    const email = 'late@example.com';
    try {
      const code = await requestCode(page, own, email);
      await page.getByLabel('Enter OTP').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await page.getByText('Invalid OTP. Please check and try again.').waitFor();
      expect(await page.getByLabel('Enter OTP').getAttribute('aria-invalid')).toBe('true');

      await page.waitForTimeout(1600);
      await page.getByLabel('Enter OTP').fill(code);
      await page.getByRole('button', { name: 'Verify OTP' }).click();
      await page.getByText('OTP has expired. Please request a new one.').waitFor();
      await page.screenshot({ path: SHOT('3-expired') });
      expect(await heading(page).textContent()).toBe('Enter OTP');

      await page.getByRole('button', { name: 'Resend OTP' }).click();
      expect(await codeFor(own, email, code)).toMatch(/^\d{6}$/);
      await expect.poll(() => page.getByText('OTP has expired').count()).toBe(0);
    } finally {
      await page.close();
      await own.dispose();
    }
  });

  it('sends the code, verifies it and submits with Enter', async () => {
    const page = await app.browser.newPage(PHONE);
    const email = 'enter@example.com';
    try {
      await page.goto(`${app.server.url}/login`);
      await page.getByLabel('Your Full Name').fill('Ada Enter');
      await page.getByLabel('Your Full Name').press('Enter');
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Email Address').press('Enter');
      await atStep(page, 'Enter OTP');
      const code = await codeFor(app.server, email);
      await page.getByLabel('Enter OTP').fill(code);
      await page.getByLabel('Enter OTP').press('Enter');
      await page.getByText('OTP verified successfully!').waitFor();
      await atStep(page, 'Phone Number');
      await phoneAndAddress(page);
      await page.getByLabel('Product name or SKU').fill('ring');
      await page.locator('.result').first().click();
      await page.getByLabel('Product name or SKU').press('Enter');
      await atStep(page, 'Thank you!', 15_000);
      expect((await registrationOf(app.server, email)).doc.full_name).toBe('Ada Enter');
    } finally {
      await page.close();
    }
  });

  it('has no axe violation on any step, with or without an error shown', async () => {
    const context = await app.browser.newContext(PHONE); // AxeBuilder wants a page of its own context
    const page = await context.newPage();
    const found: string[] = [];
    const scan = async (state: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations) found.push(`${state}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    const email = 'axe@example.com';
    try {
      await page.goto(`${app.server.url}/`);
      await page.getByRole('link', { name: 'Start' }).waitFor();
      await scan('start page');
      await page.goto(`${app.server.url}/login`);
      const name = page.getByLabel('Your Full Name');
      await name.waitFor();
      await scan('1');
      await name.press('Enter');
      await page.getByText('Enter your full name.').waitFor();
      await scan('1 with error');
      await name.fill('Ada Axe');
      await name.press('Enter');

      const mail = page.getByLabel('Email Address');
      await mail.waitFor();
      await scan('2');
      await mail.fill('ada@nowhere');
      await mail.press('Enter');
      await page.getByText('Enter a valid email address.').waitFor();
      await scan('2 with error');
      await mail.fill(email);
      await mail.press('Enter');

      const code = page.getByLabel('Enter OTP');
      await code.waitFor();
      const real = await codeFor(app.server, email);
      await scan('3');
      await code.fill(real === '000000' ? '111111' : '000000');
      await code.press('Enter');
      await page.getByText('Invalid OTP. Please check and try again.').waitFor();
      await scan('3 with error');
      await code.fill(real);
      await code.press('Enter');
      await atStep(page, 'Phone Number');

      await scan('4');
      await page.getByRole('button', { name: /Country code/ }).click();
      await page.getByLabel('Search countries').waitFor();
      await scan('4 with the country list open');
      await page.getByLabel('Search countries').press('Escape');
      await page.getByLabel('Phone number').press('Enter');
      await page.getByText('Enter your phone number.').waitFor();
      await scan('4 with error');
      await page.getByLabel('Phone number').fill('5551234567');
      await page.getByLabel('Phone number').press('Enter');

      await atStep(page, 'Address');
      await scan('5');
      await page.getByLabel('Address line 1').pressSequentially('12 Elm St, Springf', { delay: 30 });
      await page.getByRole('option', { name: /Springfield, IL/ }).waitFor();
      await scan('5 with suggestions');
      await page.getByLabel('Address line 1').fill('');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please enter your address.').waitFor();
      await scan('5 with error');
      await page.getByLabel('Address line 1').fill('9 Oak Avenue');
      await page.getByLabel('Address line 1').press('Escape');
      await page.getByRole('button', { name: 'Next' }).click();

      await atStep(page, STEP6);
      await scan('6');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please upload an image or select a product via SKU.').waitFor();
      await scan('6 with error');
      await page.getByLabel('Product name or SKU').fill('no such thing');
      await page.getByText('No products found for "no such thing"').waitFor();
      await scan('6 with no results');
      await page.getByLabel('Product name or SKU').fill('ring');
      await page.locator('.result').first().click();
      await page.locator('#photos').setInputFiles({ name: 'ring.jpg', mimeType: 'image/jpeg', buffer: await ringPhoto(1200, 900) });
      await page.getByRole('img', { name: 'ring.jpg' }).waitFor();
      await scan('6 with results, a product and a photo');
      await page.getByRole('button', { name: 'Submit' }).click();

      await atStep(page, 'Thank you!', 15_000);
      await scan('7');
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
