// The customer's whole journey through the registration wizard in Chromium at 390x844 against the real server: every
// step with real input, the registration, its photo made smaller on the device and its Shopify hand-off on the
// server; a reload at every step; each validation message; wrong and expired codes; Enter; axe on every step.
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { settledHandOffs } from '../helpers/hand-offs';
import { appInBrowser, DIST } from '../helpers/suite';
import { chromiumPath, PHONE } from '../helpers/browser';
import { readDevice } from '../helpers/device-db';
import { makeJpeg } from '../helpers/fixtures';
import { codeFor, startTestServer, type TestServer } from '../helpers/server';
import { atStep, heading, OAK_AVENUE, phoneAndAddress, registrationOf, STEP6, typeAddress, TYPED_ADDRESS } from '../helpers/wizard-walk';

const SHOT = (name: string) => `test-results/journey-${name}.png`;
type Shoot = (name: string) => Promise<unknown>;
const noShots: Shoot = async () => undefined;

/** A phone photo of a ring, larger than the app keeps (3000x2000 unless told). */
const ringPhoto = (width = 3000, height = 2000, metal?: string) => makeJpeg({ look: 'ring', width, height, metal, quality: 90 });

/** The newest draft this device keeps, read to know an answer is saved before reloading, and its photo count. */
const savedDraft = async (page: Page) => {
  const { drafts, photos } = await readDevice(page);
  const last = drafts.sort((a, b) => a.updatedAt - b.updatedAt).at(-1);
  return { values: last?.values ?? {}, files: Object.keys(photos).length };
};

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
async function requestCode(page: Page, server: TestServer, email: string, shoot = noShots) {
  await page.goto(`${server.url}/login`);
  await atStep(page, 'Your Full Name');
  await shoot('1-name');
  await page.getByLabel('Your Full Name').fill('Ada Lovelace');
  await page.getByLabel('Your Full Name').press('Enter');
  await atStep(page, 'Email Address');
  await page.getByLabel('Email Address').fill(email);
  await shoot('2-email');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await atStep(page, 'Enter OTP');
  return codeFor(server, email);
}

/** Step 3: Verify is off until the code is typed; ends on step 4. */
async function verify(page: Page, code: string, shoot = noShots) {
  expect(await page.getByRole('button', { name: 'Verify OTP' }).isDisabled()).toBe(true);
  await page.getByLabel('Enter OTP').fill(code);
  await shoot('3-code');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.getByText('OTP verified successfully!').waitFor();
  await shoot('3-verified');
  await atStep(page, 'Phone Number');
}

describe.runIf(chromiumPath)('the customer journey', () => {
  const app = appInBrowser();

  it('registers a purchase through all seven steps, ending with the registration, its photo and one Shopify hand-off on the server', async () => {
    const page = await app.browser.newPage(PHONE);
    const shoot = (name: string) => page.screenshot({ path: SHOT(name), fullPage: ['5-address', '6-products'].includes(name) });
    const email = 'ada.journey@example.com';
    try {
      await verify(page, await requestCode(page, app.server, email, shoot), shoot);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('phone');

      // Step 4: country code from the searchable list, then the number.
      await page.getByRole('button', { name: /Country code/ }).click();
      await page.getByLabel('Search countries').fill('king');
      await shoot('4-countries');
      await page.getByLabel('Search countries').press('Enter');
      await page.getByRole('button', { name: /Country code/ }).click();
      await page.getByLabel('Search countries').fill('united st');
      await page.getByRole('option', { name: /United States/ }).click();
      await page.getByLabel('Phone number').fill('5551234567');
      await shoot('4-phone');
      await page.getByLabel('Phone number').press('Enter');

      // Step 5: suggestions from the offline provider, chosen with the keyboard.
      await atStep(page, 'Address');
      await page.getByLabel('Address line 1').pressSequentially('12 Elm St, Springf', { delay: 40 });
      await page.getByRole('option', { name: /Springfield, IL/ }).waitFor();
      await shoot('5-suggestions');
      await page.getByLabel('Address line 1').press('ArrowDown');
      await page.getByLabel('Address line 1').press('Enter');
      await expect.poll(() => page.getByLabel('ZIP code').inputValue()).toBe('62701');
      expect(await page.getByLabel('City').inputValue()).toBe('Springfield');
      expect(await page.getByLabel('State').inputValue()).toBe('IL');
      expect(await page.getByLabel('Address line 1').inputValue()).toBe('12 Elm Street');
      expect(await page.getByLabel('Country').inputValue()).toBe('United States');
      await page.getByLabel('Apartment, suite, etc. (optional)').fill('Apt 4');
      await shoot('5-address');
      await page.getByRole('button', { name: 'Next' }).click();

      // Step 6: a product found by SKU, and a photo made smaller on the device.
      await atStep(page, STEP6);
      await page.getByLabel('Product name or SKU').fill('nck-1018-wg');
      await page.getByRole('button', { name: /Ines Diamond Necklace/ }).click();
      await page.getByRole('button', { name: 'Remove Ines Diamond Necklace' }).waitFor();
      await page.locator('#photos').setInputFiles({ name: 'ring.jpg', mimeType: 'image/jpeg', buffer: await ringPhoto() });
      await page.getByRole('img', { name: 'ring.jpg' }).waitFor();
      const kept = Object.values((await readDevice(page)).photos).map(({ width, height, size, type }) => ({ width, height, size, type }));
      expect(kept).toEqual([{ width: 2048, height: 1365, size: expect.any(Number), type: 'image/jpeg' }]);
      expect(kept[0]!.size).toBeLessThan(1_000_000);
      await shoot('6-products');
      await page.getByRole('button', { name: 'Submit' }).click();

      // Step 7, and nothing of the run left in the page's storage.
      await atStep(page, 'Thank you!', 15_000);
      const care = page.getByRole('link', { name: 'JEWELRY CARE TIPS' });
      expect(await care.getAttribute('href')).toBe(app.server.config.careTipsUrl);
      expect(await care.getAttribute('target')).toBe('_blank');
      expect(await care.getAttribute('rel')).toContain('noopener');
      await shoot('7-thanks');
      const stepKeys = () => ['currentStep', 'isVerified', 'userId', 'sessionId'].map((k) => localStorage.getItem(k));
      expect(await page.evaluate(stepKeys)).toEqual([null, null, null, null]);

      const { doc, photos } = await registrationOf(app.server, email);
      expect(doc).toMatchObject({
        full_name: 'Ada Lovelace',
        phone: '+1 5551234567',
        address: '12 Elm Street, Apt 4, Springfield, IL, 62701, United States',
        product_sku: 'NCK-1018-WG-18',
        selected_product: 'Ines Diamond Necklace',
      });
      expect(photos).toEqual([{ name: 'ring.jpg', type: 'image/jpeg', width: 2048, height: 1365, format: 'jpeg' }]);

      // Handed to Shopify, and the confirmation e-mail sent: each once.
      expect(await settledHandOffs(app.server, doc.$id, 2, 10_000)).toEqual([
        expect.objectContaining({ email, action: 'confirmation.mail' }),
        expect.objectContaining({ email, action: 'customer.upsert' }),
      ]);

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
      // Step 1 may be on screen before the app (login.html's prerendered step, where the page could not yet tell this
      // device has a saved run): the name comes back as the app restores the run.
      await expect.poll(() => page.getByLabel('Your Full Name').inputValue()).toBe('Grace Hopper');

      // A half-typed email comes back as typed; Back still holds the name.
      await page.getByLabel('Your Full Name').press('Enter');
      await page.getByLabel('Email Address').fill('grace.reload@example');
      await saved('email').toBe('grace.reload@example');
      await reloadAt(page, 'Email Address');
      expect(await page.getByLabel('Email Address').inputValue()).toBe('grace.reload@example');
      expect(await page.evaluate(() => localStorage.getItem('currentStep'))).toBe('2');
      await page.getByRole('button', { name: 'Back' }).click();
      expect(await page.getByLabel('Your Full Name').inputValue()).toBe('Grace Hopper');
      await page.getByLabel('Your Full Name').press('Enter');
      await page.getByLabel('Email Address').fill(email);

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
      await typeAddress(page, { line1: '1 Main St', line2: 'Suite 5', city: 'Boston', state: 'MA', zip: '02108' });
      await saved('zip').toBe('02108');
      await reloadAt(page, 'Address');
      const address = ['Address line 1', 'Apartment, suite, etc. (optional)', 'City', 'State', 'ZIP code'].map((l) =>
        page.getByLabel(l).inputValue(),
      );
      expect(await Promise.all(address)).toEqual(['1 Main St', 'Suite 5', 'Boston', 'MA', '02108']);
      expect(await page.evaluate(() => localStorage.getItem('isVerified'))).toBe('true');
      await page.getByRole('button', { name: 'Back' }).click();
      expect(await page.getByLabel('Phone number').inputValue()).toBe('7700900123');
      await page.getByLabel('Phone number').press('Enter');
      await atStep(page, 'Address');

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

  it('sends the code, verifies it and submits with Enter; an address typed by hand is sent with its country', async () => {
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
      expect((await registrationOf(app.server, email)).doc).toMatchObject({
        full_name: 'Ada Enter',
        address: TYPED_ADDRESS,
      });
    } finally {
      await page.close();
    }
  });

  it('shows each validation message above its field, with no axe violation on any step, with or without an error shown', async () => {
    const context = await app.browser.newContext(PHONE); // AxeBuilder wants a page of its own context
    const page = await context.newPage();
    const found: string[] = [];
    const scan = async (state: string) => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      for (const v of violations) found.push(`${state}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    const shoot = (name: string, fullPage = false) => page.screenshot({ path: SHOT(name), fullPage });
    /** Types `value` (nothing when empty) in `field`, presses Enter, and waits for `message`. */
    const enterShows = async (field: Locator, value: string, message: string) => {
      if (value) await field.fill(value);
      await field.press('Enter');
      await page.getByText(message).waitFor();
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
      await enterShows(name, '', 'Enter your full name.');
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await name.getAttribute('aria-describedby')).toContain('fullName-error');
      await scan('1 with error');
      await shoot('1-error');
      await name.fill('Ada Axe');
      await name.press('Enter');

      const mail = page.getByLabel('Email Address');
      await mail.waitFor();
      await scan('2');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      await page.getByText('Enter your email.').waitFor();
      await enterShows(mail, 'ada@nowhere', 'Enter a valid email address.');
      await scan('2 with error');
      await shoot('2-error');
      await mail.fill(email);
      await mail.press('Enter');

      const code = page.getByLabel('Enter OTP');
      await code.waitFor();
      const real = await codeFor(app.server, email);
      await scan('3');
      await enterShows(code, '', 'Please enter the OTP.');
      await code.fill('12ab3');
      expect(await code.inputValue()).toBe('123');
      await enterShows(code, '', 'OTP must be 6 digits.');
      await enterShows(code, real === '000000' ? '111111' : '000000', 'Invalid OTP. Please check and try again.');
      await scan('3 with error');
      await shoot('3-error');
      await code.fill(real);
      await code.press('Enter');
      await atStep(page, 'Phone Number');

      await scan('4');
      await page.getByRole('button', { name: /Country code/ }).click();
      await page.getByLabel('Search countries').waitFor();
      await scan('4 with the country list open');
      await page.getByLabel('Search countries').press('Escape');
      const phone = page.getByLabel('Phone number');
      await enterShows(phone, '', 'Enter your phone number.');
      await scan('4 with error');
      await phone.pressSequentially('55a');
      await page.getByText('Numbers only please').waitFor();
      expect(await phone.inputValue()).toBe('55');
      await enterShows(phone, '555123456', 'Phone number must be 10 digits');
      await shoot('4-error');
      await phone.fill('5551234567');
      await phone.press('Enter');

      await atStep(page, 'Address');
      await scan('5');
      await page.getByLabel('Address line 1').pressSequentially('12 Elm St, Springf', { delay: 30 });
      await page.getByRole('option', { name: /Springfield, IL/ }).waitFor();
      await scan('5 with suggestions');
      await page.getByLabel('Address line 1').fill('');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Please enter your address.').waitFor();
      await scan('5 with error');
      await shoot('5-error');
      await typeAddress(page, OAK_AVENUE);
      await page.getByRole('button', { name: 'Next' }).click();

      await atStep(page, STEP6);
      await scan('6');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please upload an image or select a product via SKU.').waitFor();
      await scan('6 with error');
      await shoot('6-error', true);
      await page.getByLabel('Product name or SKU').fill('no such thing');
      await page.getByText('No products found for "no such thing"').waitFor();
      await scan('6 with no results');
      await shoot('6-no-results', true);
      await page.setViewportSize({ width: 195, height: 422 }); // 200 % zoom of a 390 px phone
      await shoot('6-zoom-200', true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.setViewportSize(PHONE.viewport);
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
