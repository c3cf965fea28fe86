// The registration wizard in Chromium at phone size against the real server: every step, reload, offline submit, messages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appInBrowser, DIST } from '../helpers/app-in-browser';
import { chromiumPath, PHONE } from '../helpers/browser';
import { codeFor, startTestServer, type TestServer } from '../helpers/server';
import { heading } from '../helpers/wizard-walk';

const SHOT = (name: string) => `test-results/wizard-${name}.png`;

/** A 3000x2000 photo of a ring, as a phone camera would give (bigger than the app keeps). */
const bigPhoto = () =>
  sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><rect width="3000" height="2000" fill="#efe6d6"/>
      <circle cx="1500" cy="1050" r="520" fill="none" stroke="#c9a24a" stroke-width="150"/><circle cx="1500" cy="520" r="130" fill="#eef6ff" stroke="#b8923a" stroke-width="30"/></svg>`),
  )
    .jpeg({ quality: 92 })
    .toBuffer();

/** Steps 1 to 3 with real input; ends on step 4. */
async function signIn(page: Page, server: TestServer, email: string, shots = false) {
  await page.goto(`${server.url}/login`);
  await expect.poll(() => heading(page).textContent()).toBe('Your Full Name');
  if (shots) await page.screenshot({ path: SHOT('1-name') });
  await page.getByLabel('Your Full Name').fill('Ada Lovelace');
  await page.getByLabel('Your Full Name').press('Enter');
  await expect.poll(() => heading(page).textContent()).toBe('Email Address');
  await page.getByLabel('Email Address').fill(email);
  if (shots) await page.screenshot({ path: SHOT('2-email') });
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect.poll(() => heading(page).textContent()).toBe('Enter OTP');
  expect(await page.getByRole('button', { name: 'Verify OTP' }).isDisabled()).toBe(true);
  await page.getByLabel('Enter OTP').fill(await codeFor(server, email));
  if (shots) await page.screenshot({ path: SHOT('3-code') });
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.getByText('OTP verified successfully!').waitFor();
  if (shots) await page.screenshot({ path: SHOT('3-verified') });
  await expect.poll(() => heading(page).textContent(), { timeout: 5000 }).toBe('Phone Number');
}

describe.runIf(chromiumPath)('registration wizard', () => {
  const app = appInBrowser();

  it('registers a purchase through all seven steps', async () => {
    const page = await app.browser.newPage(PHONE);
    await signIn(page, app.server, 'ada.walk@example.com', true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('phone');

    // Step 4: country code from the searchable list, then the number.
    await page.getByRole('button', { name: /Country code/ }).click();
    await page.getByLabel('Search countries').fill('king');
    await page.screenshot({ path: SHOT('4-countries') });
    await page.getByLabel('Search countries').press('Enter');
    await page.getByRole('button', { name: /Country code/ }).click();
    await page.getByLabel('Search countries').fill('united st');
    await page.getByRole('option', { name: /United States/ }).click();
    await page.getByLabel('Phone number').fill('5551234567');
    await page.screenshot({ path: SHOT('4-phone') });
    await page.getByLabel('Phone number').press('Enter');

    // Step 5: suggestions from the offline provider, chosen with the keyboard.
    await expect.poll(() => heading(page).textContent()).toBe('Address');
    await page.getByLabel('Address line 1').pressSequentially('12 Elm St, Springf', { delay: 40 });
    await page.getByRole('option', { name: /Springfield, IL/ }).waitFor();
    await page.screenshot({ path: SHOT('5-suggestions') });
    await page.getByLabel('Address line 1').press('ArrowDown');
    await page.getByLabel('Address line 1').press('Enter');
    await expect.poll(() => page.getByLabel('ZIP code').inputValue()).toBe('62701');
    expect(await page.getByLabel('City').inputValue()).toBe('Springfield');
    expect(await page.getByLabel('State').inputValue()).toBe('IL');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('12 Elm Street');
    expect(await page.getByLabel('Country').inputValue()).toBe('United States');
    await page.getByLabel('Apartment, suite, etc. (optional)').fill('Apt 4');
    await page.screenshot({ path: SHOT('5-address'), fullPage: true });
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 6: a product found by SKU, and a photo made smaller on the device.
    await expect.poll(() => heading(page).textContent()).toBe('Upload a product image or enter a SKU number');
    await page.getByLabel('Product name or SKU').fill('nck-1018-wg');
    await page.getByRole('button', { name: /Ines Diamond Necklace/ }).click();
    await page.getByRole('button', { name: 'Remove Ines Diamond Necklace' }).waitFor();
    await page.locator('#photos').setInputFiles({ name: 'ring.jpg', mimeType: 'image/jpeg', buffer: await bigPhoto() });
    await page.getByRole('img', { name: 'ring.jpg' }).waitFor();
    const kept = await page.evaluate(
      () =>
        new Promise<{ width: number; height: number; size: number; type: string }[]>((resolve, reject) => {
          const open = indexedDB.open('warranty');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const req = open.result.transaction('draftFiles').objectStore('draftFiles').getAll();
            req.onsuccess = () =>
              resolve(
                req.result.map((f: { width: number; height: number; blob: Blob }) => ({
                  width: f.width,
                  height: f.height,
                  size: f.blob.size,
                  type: f.blob.type,
                })),
              );
          };
        }),
    );
    expect(kept).toEqual([{ width: 2048, height: 1365, size: expect.any(Number), type: 'image/jpeg' }]);
    expect(kept[0]!.size).toBeLessThan(1_000_000);
    await page.screenshot({ path: SHOT('6-products'), fullPage: true });
    await page.getByRole('button', { name: 'Submit' }).click();

    // Step 7, and the registration on the app.server.
    await expect.poll(() => heading(page).textContent(), { timeout: 15_000 }).toBe('Thank you!');
    const care = page.getByRole('link', { name: 'JEWELRY CARE TIPS' });
    expect(await care.getAttribute('href')).toBe(app.server.config.careTipsUrl);
    expect(await care.getAttribute('target')).toBe('_blank');
    expect(await care.getAttribute('rel')).toContain('noopener');
    await page.screenshot({ path: SHOT('7-thanks') });

    const rows = app.server.db.prepare("SELECT data FROM documents WHERE collection_id = 'submissions'").all() as { data: string }[];
    const doc = rows.map((r) => JSON.parse(r.data) as Record<string, string>).find((d) => d.email === 'ada.walk@example.com');
    expect(doc).toMatchObject({
      full_name: 'Ada Lovelace',
      phone: '+1 5551234567',
      address: '12 Elm Street, Apt 4, Springfield, IL, 62701, United States',
      product_sku: 'Ines Diamond Necklace',
      selected_product: '',
    });
    const [fileId] = doc!.image_file_id!.split(',');
    const file = app.server.db.prepare('SELECT bucket_id FROM files WHERE id = ?').get(fileId) as { bucket_id: string };
    const meta = await sharp(readFileSync(join(app.server.config.dataDir, 'storage', 'files', file.bucket_id, fileId!))).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([2048, 1365, 'jpeg']);
    expect(await page.evaluate(() => ['currentStep', 'isVerified', 'userId', 'sessionId'].map((k) => localStorage.getItem(k)))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    await page.close();
  });

  it('restores the step and the fields after a reload', async () => {
    const page = await app.browser.newPage(PHONE);
    await page.goto(`${app.server.url}/login`);
    await page.getByLabel('Your Full Name').fill('Grace Hopper');
    await page.getByLabel('Your Full Name').press('Enter');
    await page.getByLabel('Email Address').fill('grace@example');
    await page.waitForTimeout(500);
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Email Address');
    expect(await page.getByLabel('Email Address').inputValue()).toBe('grace@example');
    expect(await page.evaluate(() => localStorage.getItem('currentStep'))).toBe('2');
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('Your Full Name').inputValue()).toBe('Grace Hopper');

    await page.getByLabel('Your Full Name').press('Enter');
    await page.getByLabel('Email Address').fill('grace@example.com');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('Enter OTP').fill(await codeFor(app.server, 'grace@example.com'));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect.poll(() => heading(page).textContent(), { timeout: 5000 }).toBe('Phone Number');
    await page.getByLabel('Phone number').fill('5550001111');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Address line 1').fill('1 Main St');
    await page.waitForTimeout(500);
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe('Address');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('1 Main St');
    expect(await page.evaluate(() => localStorage.getItem('isVerified'))).toBe('true');
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('Phone number').inputValue()).toBe('5550001111');
    await page.close();
  });

  it('keeps the registration on the device when the server cannot be reached', async () => {
    const own = await startTestServer({ staticDir: DIST });
    const page = await app.browser.newPage(PHONE);
    try {
      await signIn(page, own, 'ada.offline@example.com');
      await page.getByLabel('Phone number').fill('5551234567');
      await page.getByLabel('Phone number').press('Enter');
      await page.getByLabel('Address line 1').fill('9 Oak Ave');
      await page.getByLabel('Address line 1').press('Escape');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Product name or SKU').fill('ring');
      await page.locator('.result').first().click();
      await own.close();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Your registration is saved on this device and will be sent automatically').waitFor({ timeout: 15_000 });
      expect(await heading(page).textContent()).toBe('Thank you!');
      await page.screenshot({ path: SHOT('7-queued') });
    } finally {
      await page.close();
      await own.dispose().catch(() => undefined);
    }
  });

  it('shows each validation message above its field', async () => {
    const page = await app.browser.newPage(PHONE);
    await page.goto(`${app.server.url}/login`);
    const nameField = page.getByLabel('Your Full Name');
    await nameField.press('Enter');
    await page.getByText('Enter your full name.').waitFor();
    expect(await nameField.getAttribute('aria-invalid')).toBe('true');
    expect(await nameField.getAttribute('aria-describedby')).toContain('fullName-error');
    await page.screenshot({ path: SHOT('1-error') });
    await nameField.fill('Ada');
    await nameField.press('Enter');

    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('Enter your email.').waitFor();
    await page.getByLabel('Email Address').fill('ada@nowhere');
    await page.getByLabel('Email Address').press('Enter');
    await page.getByText('Enter a valid email address.').waitFor();
    await page.screenshot({ path: SHOT('2-error') });
    await page.getByLabel('Email Address').fill('ada.checks@example.com');
    await page.getByLabel('Email Address').press('Enter');

    const code = page.getByLabel('Enter OTP');
    await code.waitFor();
    await code.press('Enter');
    await page.getByText('Please enter the OTP.').waitFor();
    await code.fill('12ab3');
    expect(await code.inputValue()).toBe('123');
    await code.press('Enter');
    await page.getByText('OTP must be 6 digits.').waitFor();
    const real = await codeFor(app.server, 'ada.checks@example.com');
    await code.fill(real === '000000' ? '111111' : '000000');
    await code.press('Enter');
    await page.getByText('Invalid OTP. Please check and try again.').waitFor();
    await page.screenshot({ path: SHOT('3-error') });
    await code.fill(real);
    await code.press('Enter');
    await expect.poll(() => heading(page).textContent(), { timeout: 5000 }).toBe('Phone Number');

    const phone = page.getByLabel('Phone number');
    await phone.press('Enter');
    await page.getByText('Enter your phone number.').waitFor();
    await phone.pressSequentially('55a');
    await page.getByText('Numbers only please').waitFor();
    expect(await phone.inputValue()).toBe('55');
    await phone.fill('555123456');
    await phone.press('Enter');
    await page.getByText('Phone number must be 10 digits').waitFor();
    await page.screenshot({ path: SHOT('4-error') });
    await phone.fill('5551234567');
    await phone.press('Enter');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter your address.').waitFor();
    await page.screenshot({ path: SHOT('5-error') });
    await page.getByLabel('Address line 1').fill('9 Oak Ave');
    await page.getByLabel('Address line 1').press('Escape');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please upload an image or select a product via SKU.').waitFor();
    await page.screenshot({ path: SHOT('6-error'), fullPage: true });
    await page.getByLabel('Product name or SKU').fill('no such thing');
    await page.getByText('No products found for "no such thing"').waitFor();
    await page.screenshot({ path: SHOT('6-no-results'), fullPage: true });

    await page.setViewportSize({ width: 195, height: 422 }); // 200 % zoom of a 390 px phone
    await page.screenshot({ path: SHOT('6-zoom-200'), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });
});
