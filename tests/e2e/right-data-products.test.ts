// Issue 22 as a new customer and a staff member met it, in Chromium against the real server: a customer finds a ring
// ("ring" lists rings first), picks the one match with Enter and registers it; the server holds its SKU and title;
// staff find it by name, SKU and an unaccented name, see the SKU and the title; the exported "Image URL" opens the
// photo for staff and the sign-in for anyone else; the import says what is wrong with a file as people read it.
import { readFileSync } from 'node:fs';
import { ID } from 'appwrite';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, DESK, PHONE } from '../helpers/browser';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { makeJpeg, registrationFields, signInStaffThroughForm, STAFF } from '../helpers/fixtures';
import { signIn } from '../helpers/staff';
import { editDialog, findRow, rowByName, searchShows } from '../helpers/submissions-screen';
import { appInBrowser } from '../helpers/suite';
import { atStep, phoneAndAddress, registrationOf, STEP6, verifyEmail } from '../helpers/wizard-walk';

const SHOTS = '/tmp/shots/products';
const GRETA = { title: 'Greta Sapphire Solitaire Ring', sku: 'RNG-1009-RG-6' };
const LONG_NAME = 'Maximiliana Fernández-Oyelaran';
const LONG_EMAIL = 'maximiliana.fernandez-oyelaran@example.com';

/** The titles of the product results shown, top to bottom. */
const resultTitles = (page: Page) => page.locator('#product-results .result__title').allTextContents();

describe.runIf(chromiumPath)('the right products, found and shown (issue 22)', () => {
  const app = appInBrowser({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  const photoIds: string[] = [];

  it('a customer searching "ring" sees rings first, picks the one match with Enter, and the server keeps its SKU and title', async () => {
    const page = await app.browser.newPage(PHONE);
    const email = 'bea.nunez@example.com';
    try {
      await page.goto(`${app.server.url}/login`);
      await verifyEmail(page, app.server, email, 'Bea Núñez');
      await atStep(page, 'Phone Number');
      await phoneAndAddress(page);

      const search = page.getByLabel('Product name or SKU');
      await search.fill('ring');
      await expect.poll(() => resultTitles(page).then((t) => t.length)).toBe(10);
      // Every one of the ten is a ring: no earring or herringbone necklace before them.
      expect((await resultTitles(page)).filter((t) => !/\bRing\b/.test(t))).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/step6-ring-390.png`, fullPage: true });

      await search.fill('greta sapphire');
      await expect.poll(() => resultTitles(page)).toEqual([GRETA.title]);
      await search.press('Enter');
      await page.getByRole('button', { name: `Remove ${GRETA.title}` }).waitFor();
      expect(await page.getByText('Please upload an image or select a product via SKU.').count()).toBe(0);
      expect(await page.locator('h1').first().textContent()).toBe(STEP6);
      await page.screenshot({ path: `${SHOTS}/step6-picked-390.png`, fullPage: true });

      await page.getByRole('button', { name: 'Submit' }).click();
      await atStep(page, 'Thank you!', 15_000);
      const { doc } = await registrationOf(app.server, email);
      expect(doc).toMatchObject({ full_name: 'Bea Núñez', product_sku: GRETA.sku, selected_product: GRETA.title });
    } finally {
      await page.close();
    }
  });

  it('staff find it by "Greta", by its SKU and by "Nunez", see its SKU and title, and read long names whole', async () => {
    const token = await signIn(app.server, STAFF.email, STAFF.password);
    const people = [
      [LONG_NAME, LONG_EMAIL, '412 Very Long Boulevard Name, Apartment 1204, Springfield, IL, 62701, United States'],
      ['Christopher Alexander Montgomery', 'christopher.montgomery@example.com', '88 Harbour View Road, Portland, ME, 04101'],
    ];
    const data = people.map(([full_name, email, address]) =>
      registrationFields({ full_name, email, address, product_sku: 'NCK-1018-WG-18' }),
    );
    const imported = await fetch(`${app.server.url}/.netlify/functions/importToAppwrite`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    expect(imported.status).toBe(200);

    // A customer's registration with two photos (the exported "Image URL" is tried with them below).
    const ada = await signedInCustomer(app.server, 'ada.photo@example.com');
    for (const hue of [30, 200]) {
      const bytes = await makeJpeg({ look: 'ring', width: 900, height: 600, ground: `hsl(${hue},35%,88%)`, quality: 85 });
      const fileId = ID.unique();
      await ada.as(() => ada.storage.createFile({ bucketId: 'images', fileId, file: new File([bytes], 'ring.jpg') }));
      photoIds.push(fileId);
    }
    await createRegistration(ada, { full_name: 'Ada Photo', image_file_id: photoIds.join(',') });

    const context = await app.browser.newContext({ ...DESK, serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await signInStaffThroughForm(page, { from: `${app.server.url}/submission` });
      await page.locator('tr.subs-table__row').first().waitFor();

      await searchShows(page, 'Greta', ['Bea Núñez']);
      await searchShows(page, 'RNG-1009', ['Bea Núñez']);
      await searchShows(page, 'Nunez', ['Bea Núñez']);
      const bea = rowByName(page, 'Bea Núñez');
      expect(await bea.locator('td').nth(4).textContent()).toBe(GRETA.sku);
      await bea.click();
      const dialog = editDialog(page);
      expect(await dialog.getByLabel('Product', { exact: true }).inputValue()).toBe(GRETA.title);
      expect(await dialog.getByLabel('Product SKU (optional)').inputValue()).toBe(GRETA.sku);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Clear' }).click();
      const long = rowByName(page, LONG_NAME);
      await long.waitFor();
      // Name and e-mail are shown whole at 1440 px, not cut after a dozen characters.
      const clipped = await long
        .locator('.subs-table__text')
        .evaluateAll((els) => els.slice(0, 2).map((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight));
      expect(clipped).toEqual([false, false]);
      await expect.poll(() => rowByName(page, 'Ada Photo').locator('img.subs-thumb').count()).toBe(2);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${SHOTS}/staff-table-1440.png` });
    } finally {
      await context.close();
    }
  });

  it('the exported "Image URL" opens the photo for a signed-in staff member, and the staff sign-in for anyone else', async () => {
    const fileId = photoIds[0]!;
    const staff = await app.browser.newContext({ ...DESK, serviceWorkers: 'block', acceptDownloads: true });
    const stranger = await app.browser.newContext(DESK);
    try {
      const page = await staff.newPage();
      await signInStaffThroughForm(page, { from: `${app.server.url}/submission` });
      await findRow(page, 'Ada Photo');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
      const csv = Papa.parse<Record<string, string>>(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      });
      const link = csv.data.find((r) => r['Full Name'] === 'Ada Photo')!['Image URL']!;
      expect(link).toBe(photoIds.map((id) => `${app.server.url}/staff/photo/${id}`).join(';'));
      const first = link.split(';')[0]!;

      // The staff member clicks the link (a new tab of the same browser).
      const tab = await staff.newPage();
      await tab.goto(first);
      const photo = tab.getByRole('img', { name: `Registration photo ${fileId}` });
      await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(900);
      await tab.screenshot({ path: `${SHOTS}/staff-photo-1440.png` });

      // Anyone else is sent to the staff sign-in and never sees the photo; signing in as staff shows it.
      const other = await stranger.newPage();
      const photoAnswers: number[] = [];
      other.on('response', (r) => r.url().includes('staffImage') && photoAnswers.push(r.status()));
      await other.goto(first);
      await other.waitForURL(/\/login\/staff\?next=/);
      expect(new URL(other.url()).searchParams.get('next')).toBe(`/staff/photo/${fileId}`);
      expect(await other.locator('img[src^="blob:"]').count()).toBe(0);
      expect(photoAnswers.filter((s) => s === 200)).toEqual([]);
      const direct = await fetch(`${app.server.url}/.netlify/functions/staffImage?id=${fileId}`);
      expect(direct.status).toBe(401);
      await signInStaffThroughForm(other, {});
      await other.waitForURL(first);
      await expect
        .poll(() =>
          other.getByRole('img', { name: `Registration photo ${fileId}` }).evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBe(900);
    } finally {
      await staff.close();
      await stranger.close();
    }
  });

  it('the import says a JPEG renamed .csv is not a CSV of registrations, and lists row problems as sentences', async () => {
    const context = await app.browser.newContext({ ...DESK, serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await signInStaffThroughForm(page, { from: `${app.server.url}/submission` });
      await page.locator('tr.subs-table__row').first().waitFor();
      const picker = page.locator('input[type=file]');
      const jpeg = await makeJpeg({ look: 'ring', width: 3000, height: 2000, quality: 90 });
      await picker.setInputFiles({ name: 'IMG_2041.csv', mimeType: 'text/csv', buffer: jpeg });
      const line = page.locator('.subs__import-error');
      await expect
        .poll(() => line.textContent(), { timeout: 15_000 })
        .toBe(
          'This file is not a CSV of registrations. Its first line should name the columns Full Name, Email, Phone, Address, SKU, Image URL.',
        );
      expect(await page.getByRole('dialog', { name: 'Import CSV' }).count()).toBe(0);

      const rows = [
        '"Full Name","Email","Phone","Address","SKU","Image URL"',
        `"${'Anastasia '.repeat(26).trim()}","long.name@example.com","","","",""`,
        '"Bad Email","not-an-email","","","",""',
        `"Long Address","long.address@example.com","","${'9 Elm St '.repeat(120)}","",""`,
        '"Good Row","good.row@example.com","5550001111","1 Main St","RNG-1009-RG-6",""',
      ];
      await picker.setInputFiles({ name: 'registrations.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) });
      const dialog = page.getByRole('dialog', { name: 'Import CSV' });
      await dialog.waitFor();
      expect(await dialog.locator('.subs-import__problems li').allTextContents()).toEqual([
        'Row 1: Full name is too long (at most 255 characters).',
        'Row 2: Email is not a valid email address.',
        'Row 3: Address is too long (at most 1024 characters).',
      ]);
      await page.screenshot({ path: `${SHOTS}/import-problems-1440.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await context.close();
    }
  });
});
