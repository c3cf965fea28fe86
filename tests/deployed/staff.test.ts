// Deployed mode, staff: sign-in with Supabase Auth on the backend's origin, then import, search, edit and export on
// the site as Netlify serves it, every staff call through the bundled functions, photos through the staff image path.
import { readFileSync } from 'node:fs';
import { Client, Databases, ID, Query } from 'node-appwrite';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumPath, DESK, launch } from '../helpers/browser';
import { Deployment } from '../helpers/netlify-site';
import { registration, STAFF } from '../helpers/fixtures';
import { webCustomer } from '../helpers/web-customer';

const CSV = [
  '"Full Name","Email","Phone","Address","SKU","Image URL"',
  '"Grace Hopper","grace@navy.example","5550001111","1 Navy Way, Arlington, VA","Classic Ring",""',
  '"Alan Turing","alan@example.com","5550003333","","",""',
  '"Zoë Ångström","zoe@example.com","","Straße 5, München","Collier « Étoile »",""',
].join('\r\n');

const rowByName = (page: Page, name: string) =>
  page.locator('tr.subs-table__row', { has: page.locator('td:first-child', { hasText: name }) });
const countText = (page: Page) => page.locator('.subs__meta span').first().textContent();

describe.runIf(chromiumPath)('deployed: staff import, search, edit and export', () => {
  let d: Deployment;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let photoId: string;

  const submissions = async () =>
    (
      await new Databases(
        new Client().setEndpoint(d.backend.endpoint).setProject('warranty').setKey(d.backend.secrets.apiKey),
      ).listDocuments({
        databaseId: 'warranty',
        collectionId: 'submissions',
        queries: [Query.limit(100)],
      })
    ).documents;

  beforeAll(async () => {
    d = await Deployment.start();
    // A customer's registration with a photo, made as the app makes it (the web SDK, the code from the mail).
    const ada = webCustomer(d.backend.endpoint);
    const token = await ada.as(() => ada.account.createEmailToken({ userId: ID.unique(), email: 'ada@example.com' }));
    await ada.as(async () => ada.account.createSession({ userId: token.userId, secret: await d.codes.next('ada@example.com') }));
    photoId = ID.unique();
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c9a24a' } })
      .jpeg()
      .toBuffer();
    await ada.as(() =>
      ada.storage.createFile({ bucketId: 'images', fileId: photoId, file: new File([new Uint8Array(photo)], 'ring.jpg') }),
    );
    await ada.as(() =>
      ada.databases.createDocument({
        databaseId: 'warranty',
        collectionId: 'submissions',
        documentId: ID.unique(),
        data: registration({ user_id: token.userId, image_file_id: photoId }),
      }),
    );
    browser = await launch();
    context = await browser.newContext({ ...DESK, acceptDownloads: true });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await d?.dispose();
  });

  it('signs in on the site with the staff form and shows the registrations with their photos', async () => {
    await page.goto(`${d.url}/submission`);
    await page.waitForURL(/\/login\/staff/);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${d.url}/submission`);
    await expect.poll(() => countText(page), { timeout: 15_000 }).toBe('1 submission');
    const thumb = rowByName(page, 'Ada Lovelace').locator('img.subs-thumb');
    await expect
      .poll(() => thumb.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)), { timeout: 15_000 })
      .toEqual([true]);
  });

  it('imports a CSV file', async () => {
    await page.locator('input[type=file]').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    expect(await dialog.locator('.subs-import__file').textContent()).toBe('customers.csv: 3 rows');
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
    await page.locator('.subs-summary:not(.subs-notice)').waitFor({ timeout: 20_000 });
    expect(await page.locator('.subs-summary:not(.subs-notice) span').textContent()).toBe(
      'Import finished: 3 created, 0 updated, 0 skipped, 0 errors.',
    );
    await expect.poll(() => countText(page), { timeout: 15_000 }).toBe('4 submissions');
    expect((await submissions()).map((s) => s.full_name).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Zoë Ångström']);
  });

  it('searches, and saves an edit to the backend', async () => {
    const search = page.getByPlaceholder('Search by name, email, or product');
    await search.fill('NAVY.example');
    await expect.poll(() => page.locator('tr.subs-table__row td:first-child').allTextContents()).toEqual(['Grace Hopper']);
    expect(await countText(page)).toBe('Showing 1 of 4 submissions');
    await search.fill('ångström');
    await expect.poll(() => page.locator('tr.subs-table__row td:first-child').allTextContents()).toEqual(['Zoë Ångström']);

    await search.fill('alan');
    await rowByName(page, 'Alan Turing').click();
    const dialog = page.getByRole('dialog', { name: 'Edit Submission' });
    await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
    await dialog.getByLabel('Address').fill('Bletchley Park, Milton Keynes');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rowByName(page, 'Alan Turing').locator('td').nth(2).textContent()).toBe('+44 20 7946 0000');
    await expect
      .poll(async () => (await submissions()).find((s) => s.email === 'alan@example.com'), { timeout: 10_000 })
      .toMatchObject({ phone: '+44 20 7946 0000', address: 'Bletchley Park, Milton Keynes' });
    await page.getByRole('button', { name: 'Clear' }).click();
  });

  it('exports every registration, the photo as a link to the backend', async () => {
    await expect.poll(() => countText(page)).toBe('4 submissions');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Full Name","Email","Phone","Address","SKU","Image URL"');
    expect(lines).toHaveLength(5);
    expect(lines).toContain(`"Alan Turing","alan@example.com","'+44 20 7946 0000","Bletchley Park, Milton Keynes","",""`);
    const ada = lines.find((l) => l.startsWith('"Ada Lovelace"'))!;
    expect(ada).toContain(`"${d.backendUrl}/v1/storage/buckets/images/files/${photoId}/view?project=warranty"`);
  });
});
