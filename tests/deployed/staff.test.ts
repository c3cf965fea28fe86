// Deployed mode, staff: sign-in with Supabase Auth on the backend's origin, then import, search, edit and export on
// the site as Netlify serves it, every staff call through the bundled functions, photos through the staff image path.
import { readFileSync } from 'node:fs';
import { ID, Query } from 'node-appwrite';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumPath, DESK } from '../helpers/browser';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { signInStaffThroughForm, STAFF } from '../helpers/fixtures';
import { signIn } from '../helpers/staff';
import { deploymentForSuite } from '../helpers/netlify-site';
import { adminClient } from '../helpers/server';
import { countText, importSummary, rowByName, saveEdit, searchBox, searchShows } from '../helpers/submissions-screen';
import { browserForSuite } from '../helpers/suite';

const CSV = [
  '"Full Name","Email","Phone","Address","SKU","Image URL"',
  '"Grace Hopper","grace@navy.example","5550001111","1 Navy Way, Arlington, VA","Classic Ring",""',
  '"Alan Turing","alan@example.com","5550003333","","",""',
  '"Zoë Ångström","zoe@example.com","","Straße 5, München","Collier « Étoile »",""',
].join('\r\n');

describe.runIf(chromiumPath)('deployed: staff import, search, edit and export', () => {
  const d = deploymentForSuite();
  const browser = browserForSuite();
  let context: BrowserContext;
  let page: Page;
  let photoId: string;

  const submissions = async () =>
    (
      await adminClient(d.backend).databases.listDocuments({
        databaseId: 'warranty',
        collectionId: 'submissions',
        queries: [Query.limit(100)],
      })
    ).documents;

  beforeAll(async () => {
    // A customer's registration with a photo, made as the app makes it (the web SDK, the code from the mail).
    const ada = await signedInCustomer(d.backend, 'ada@example.com', (email) => d.codes.next(email));
    photoId = ID.unique();
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c9a24a' } })
      .jpeg()
      .toBuffer();
    await ada.as(() =>
      ada.storage.createFile({ bucketId: 'images', fileId: photoId, file: new File([new Uint8Array(photo)], 'ring.jpg') }),
    );
    await createRegistration(ada, { image_file_id: photoId });
    context = await browser.newContext({ ...DESK, acceptDownloads: true });
    page = await context.newPage();
  });

  it('signs in on the site with the staff form and shows the registrations with their photos', async () => {
    await signInStaffThroughForm(page, { from: `${d.url}/submission` });
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
    expect(await importSummary(page, 20_000)).toBe('Import finished: 3 created, 0 updated, 0 skipped, 0 errors.');
    await expect.poll(() => countText(page), { timeout: 15_000 }).toBe('4 submissions');
    expect((await submissions()).map((s) => s.full_name).sort()).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Zoë Ångström']);
  });

  it('searches, and saves an edit to the backend', async () => {
    await searchShows(page, 'NAVY.example', ['Grace Hopper']);
    expect(await countText(page)).toBe('Showing 1 of 4 submissions');
    await searchShows(page, 'ångström', ['Zoë Ångström']);
    // Every registration on the server, through the bundled function and the backend's fulltext index.
    const token = await signIn(d.backend, STAFF.email, STAFF.password);
    const found = await fetch(`${d.url}/.netlify/functions/searchAppwriteSubmissions?q=${encodeURIComponent('Angstrom zoe')}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(found.status).toBe(200);
    expect(((await found.json()) as { submissions: { full_name: string }[] }).submissions.map((s) => s.full_name)).toEqual([
      'Zoë Ångström',
    ]);

    await searchBox(page).fill('alan');
    await saveEdit(rowByName(page, 'Alan Turing'), { Phone: '+44 20 7946 0000', Address: 'Bletchley Park, Milton Keynes' });
    await expect.poll(() => rowByName(page, 'Alan Turing').locator('td').nth(2).textContent()).toBe('+44 20 7946 0000');
    await expect
      .poll(async () => (await submissions()).find((s) => s.email === 'alan@example.com'), { timeout: 10_000 })
      .toMatchObject({ phone: '+44 20 7946 0000', address: 'Bletchley Park, Milton Keynes' });
    await page.getByRole('button', { name: 'Clear' }).click();
  });

  it('exports every registration, the photo as a link to its staff page on the site', async () => {
    await expect.poll(() => countText(page)).toBe('4 submissions');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Full Name","Email","Phone","Address","SKU","Image URL"');
    expect(lines).toHaveLength(5);
    expect(lines).toContain(`"Alan Turing","alan@example.com","'+44 20 7946 0000","Bletchley Park, Milton Keynes","",""`);
    const ada = lines.find((l) => l.startsWith('"Ada Lovelace"'))!;
    expect(ada).toContain(`"${d.url}/staff/photo/${photoId}"`);
  });
});
