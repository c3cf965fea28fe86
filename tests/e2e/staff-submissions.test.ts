// The admin submissions screen in a real Chromium at 1440x900 against the real server, staff signed in through
// the sign-in form: table, search, edit (with conflicts), import, export and a round trip of the export, and
// offline work from the device's copy with the edit arriving once the server is back.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ID } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DIST } from '../helpers/suite';
import { chromiumPath, DESK, launch, launchPersistent } from '../helpers/browser';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { makeJpeg, registrationFields, signInStaffThroughForm, STAFF } from '../helpers/fixtures';
import { startTestServer, type TestServer } from '../helpers/server';
import { signIn } from '../helpers/staff';
import {
  countText,
  editDialog,
  findRow,
  importSummary,
  rowByName,
  saveEdit,
  searchBox,
  searchShows,
  shownNames,
} from '../helpers/submissions-screen';
import type { Submission } from '../../src/shared/contracts/submission';
import { formatShortDate } from '../../src/shared/warranty';

const FIXTURES = fileURLToPath(new URL('../fixtures/csv/', import.meta.url));
const SHOTS = 'test-results';

/** Opens the submissions screen, is sent to the staff sign-in, signs in with the form, and waits for the first row. */
async function openSubmissions(page: Page, base: string) {
  await signInStaffThroughForm(page, { from: `${base}/submission` }).catch(async (err: unknown) => {
    await page.screenshot({ path: `${SHOTS}/staff-submissions-sign-in-failed.png` });
    throw err;
  });
  await page.locator('.subs-table tbody tr.subs-table__row').first().waitFor();
}

/** A staff function called with a staff token: GET without a body, POST with one. */
async function callFunction(server: TestServer, token: string, name: string, body?: unknown) {
  const res = await fetch(`${server.url}/.netlify/functions/${name}${body === undefined ? '?t=1' : ''}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as never };
}

describe.runIf(chromiumPath)('admin submissions screen', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  const photoIds: string[] = [];

  const call = (name: string, body?: unknown) => callFunction(server, token, name, body);
  const all = async () => (await call('getAppwriteSubmissions')).body as Submission[];

  beforeAll(async () => {
    server = await startTestServer({ staffEmail: STAFF.email, staffPassword: STAFF.password, staticDir: DIST });
    token = await signIn(server, STAFF.email, STAFF.password);
    const people = [
      [
        'Grace Hopper',
        'grace@navy.example',
        '+1 5550001111',
        '1 Navy Way, Arlington, VA, 22202, United States',
        'Classic Ring',
        'Solitaire Ring',
      ],
      ['Zoë Ångström', 'zoe@example.com', '', 'Straße 5, München', 'Collier « Étoile »', ''],
      ['=HYPERLINK("http://evil.example","x")', 'formula@example.com', '-5', '@home, "quoted"', '+SKU', ''],
      ['Alan Turing', 'alan@example.com', '5550003333', '', '', ''],
      ...Array.from({ length: 40 }, (_, i) => [
        `Customer ${String(i).padStart(2, '0')}`,
        `customer${i}@example.com`,
        `555000${String(i).padStart(4, '0')}`,
        `${i} Elm St, Springfield, IL, 62701, United States`,
        `RNG-${1000 + i}-18K`,
        i % 5 ? '' : 'Aurora Pendant',
      ]),
    ];
    const data = people.map(([full_name, email, phone, address, product_sku, selected_product]) =>
      registrationFields({ full_name, email, phone, address, product_sku, selected_product }),
    );
    expect((await call('importToAppwrite', { data })).status).toBe(200);
    const ada = await signedInCustomer(server, 'ada@example.com');
    for (const hue of [30, 200]) {
      const bytes = await makeJpeg({ look: 'ring', width: 600, height: 400, ground: `hsl(${hue},35%,88%)`, quality: 80 });
      const id = ID.unique();
      await ada.as(() => ada.storage.createFile({ bucketId: 'images', fileId: id, file: new File([bytes], 'ring.jpg') }));
      photoIds.push(id);
    }
    await createRegistration(ada, { image_file_id: photoIds.join(',') });

    browser = await launch();
    context = await browser.newContext({ ...DESK, serviceWorkers: 'block', acceptDownloads: true });
    page = await context.newPage();
    page.on('dialog', (d) => void d.dismiss());
    await openSubmissions(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('shows the table: columns, count, dashes, em dash, 100 px previews, no selection', async () => {
    expect(await page.locator('.subs-table thead th').allTextContents()).toEqual([
      'Full Name',
      'Email',
      'Phone',
      'Address',
      'SKU',
      'Image',
      // After SPEC.md's six: what counters added, and the registration date.
      'Status',
      'Store',
      'Registered',
    ]);
    await expect.poll(() => countText(page)).toBe('45 submissions');
    expect(await page.getByRole('button', { name: 'Import CSV' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export' }).isVisible()).toBe(true);
    const thumbs = rowByName(page, 'Ada Lovelace').locator('img.subs-thumb');
    await expect.poll(() => thumbs.count()).toBe(2);
    await expect
      .poll(() =>
        thumbs.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0 && i.getBoundingClientRect().width)),
      )
      .toEqual([100, 100]);
    expect(await page.locator('input[type=checkbox]').count()).toBe(0);
    expect(await page.locator('.subs__sync').textContent()).toMatch(/^Last synced /);
    await page.mouse.move(0, 0);
    await page.screenshot({ path: `${SHOTS}/staff-submissions-1440.png` });
    const zoe = await findRow(page, 'Zoë Ångström');
    const zoeSaved = (await all()).find((s) => s.email === 'zoe@example.com')!;
    expect(await zoe.locator('td').allTextContents()).toEqual([
      'Zoë Ångström',
      'zoe@example.com',
      '-',
      'Straße 5, München',
      'Collier « Étoile »',
      '—',
      'Confirmed',
      '-',
      formatShortDate(zoeSaved.submitted_at),
    ]);
    const formula = await findRow(page, '=HYPERLINK');
    expect(await formula.locator('td').nth(0).textContent()).toBe('=HYPERLINK("http://evil.example","x")');
    await page.getByRole('button', { name: 'Clear' }).click();

    // Newest registration first (Ada's came after the import); the Registered header turns the order.
    const registered = page.getByRole('columnheader', { name: /Registered/ });
    const firstName = () => page.locator('tr.subs-table__row td:first-child').first().textContent();
    expect(await registered.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(firstName).toBe('Ada Lovelace');
    await registered.getByRole('button').click();
    expect(await registered.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(firstName).not.toBe('Ada Lovelace');
    await registered.getByRole('button').click();
    await expect.poll(firstName).toBe('Ada Lovelace');
  });

  it('searches name, email and product on every keystroke, trimmed and ignoring case; Clear restores all', async () => {
    const search = searchBox(page);
    expect(await page.getByLabel('Search').getAttribute('placeholder')).toBe('Search by name, email, or product');
    await search.pressSequentially('  LOVE');
    await expect.poll(() => shownNames(page)).toEqual(['Ada Lovelace']);
    expect(await countText(page)).toBe('Showing 1 of 45 submissions');
    await searchShows(page, 'NAVY.example ', ['Grace Hopper']);
    await searchShows(page, 'solitaire', ['Grace Hopper']);
    // Eight imported rows name it as their product, and Ada's registration as its SKU (the search covers SKUs).
    await search.fill('aurora pendant');
    await expect.poll(() => page.locator('tr.subs-table__row').count()).toBe(9);
    await search.fill('no such person');
    await expect.poll(() => page.locator('.subs-table__none').textContent()).toBe('No submissions found for "no such person"');
    await page.screenshot({ path: `${SHOTS}/staff-submissions-no-results.png` });
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await search.inputValue()).toBe('');
    await expect.poll(() => countText(page)).toBe('45 submissions');
  });

  it('edits a row from the keyboard: labels, the 120 px photo, focus kept inside, Escape, Save reloads the list', async () => {
    await rowByName(page, 'Ada Lovelace').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-rowindex'))).toBe('3');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.querySelector('td')?.textContent)).toBe('Ada Lovelace');
    await page.keyboard.press('Enter');
    const dialog = editDialog(page);
    await dialog.waitFor();
    for (const label of ['Full Name', 'Email', 'Phone', 'Address', 'Product', 'Product SKU (optional)'])
      expect(await dialog.getByLabel(label, { exact: true }).count()).toBe(1);
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe('Ada Lovelace');
    const images = dialog.locator('figure img');
    await expect
      .poll(() => images.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).complete && i.getBoundingClientRect().width)))
      .toEqual([120, 120]);
    expect(await dialog.locator('figcaption').textContent()).toBe('Uploaded Image');
    await page.screenshot({ path: `${SHOTS}/staff-submissions-edit.png` });
    // A confirmed registration's confirmation e-mail, certificate attached, can be sent again.
    await dialog.getByRole('button', { name: 'Resend confirmation' }).click();
    await dialog.getByText('The confirmation e-mail was sent again to ada@example.com.').waitFor();
    const mails = (await (await fetch(`${server.url}/_dev/mail`)).json()) as {
      to: string;
      subject: string;
      attachments: { filename: string }[];
    }[];
    const confirmation = mails.find((m) => m.to === 'ada@example.com' && m.subject === 'Your warranty is registered');
    expect(confirmation?.attachments.map((f) => f.filename)).toEqual([expect.stringMatching(/^warranty-certificate-.+\.pdf$/)]);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await saveEdit(await findRow(page, 'Alan Turing'), { Phone: '+44 20 7946 0000', Address: 'Bletchley Park, Milton Keynes' });
    await expect.poll(() => rowByName(page, 'Alan Turing').locator('td').nth(2).textContent()).toBe('+44 20 7946 0000');
    const saved = (await all()).find((s) => s.email === 'alan@example.com')!;
    expect(saved).toMatchObject({ phone: '+44 20 7946 0000', address: 'Bletchley Park, Milton Keynes' });
  });

  it('shows a conflict with both versions and lets staff keep theirs or the current one', async () => {
    const dialog = editDialog(page);
    const grace = () => all().then((l) => l.find((s) => s.email === 'grace@navy.example')!);
    await (await findRow(page, 'Grace Hopper')).click();
    await dialog.getByLabel('Phone').fill('5559990000');
    const before = await grace();
    expect((await call('updateAppwriteSubmission', { id: before.$id, ...pick(before), phone: '5551112222' })).status).toBe(200);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Someone else changed this submission since you opened it.', { exact: false }).waitFor();
    const phoneRow = dialog.locator('tr', { has: page.locator('th', { hasText: /^Phone$/ }) });
    expect(await phoneRow.locator('td').allTextContents()).toEqual(['5559990000', '5551112222']);
    await page.screenshot({ path: `${SHOTS}/staff-submissions-conflict.png` });
    expect((await grace()).phone).toBe('5551112222');
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await grace()).phone).toBe('5559990000');

    await rowByName(page, 'Grace Hopper').click();
    await dialog.getByLabel('Address').fill('Somewhere else');
    const now = await grace();
    await call('updateAppwriteSubmission', { id: now.$id, ...pick(now), address: 'Pentagon, Arlington' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Use current version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rowByName(page, 'Grace Hopper').locator('td').nth(3).textContent()).toBe('Pentagon, Arlington');
    expect((await grace()).address).toBe('Pentagon, Arlington');
  });

  it('alerts "Update failed: " with the server’s error', async () => {
    const messages: string[] = [];
    const onDialog = (d: { message(): string }) => messages.push(d.message());
    page.on('dialog', onDialog);
    await page.route('**/.netlify/functions/updateAppwriteSubmission', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"The database is on fire."}' }),
    );
    await (await findRow(page, 'Customer 01')).click();
    const dialog = editDialog(page);
    await dialog.getByLabel('Phone').fill('5554443333');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => messages).toEqual(['Update failed: The database is on fire.']);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    page.off('dialog', onDialog);
    await page.unroute('**/.netlify/functions/updateAppwriteSubmission');
    // The edit stayed on the device and is sent by the next sync.
    await expect
      .poll(async () => (await all()).find((s) => s.email === 'customer1@example.com')?.phone, { timeout: 10_000 })
      .toBe('5554443333');
  });

  it('shows a new registration within 2 seconds', async () => {
    const eve = await signedInCustomer(server, 'eve@example.com');
    const started = Date.now();
    await createRegistration(eve, { full_name: 'Eve Newcomer' });
    await page.getByRole('button', { name: 'Clear' }).click();
    await rowByName(page, 'Eve Newcomer').waitFor({ timeout: 5000 });
    expect(Date.now() - started).toBeLessThan(2500);
    await expect.poll(() => countText(page)).toBe('46 submissions');
  });

  it('refuses a file that is not .csv', async () => {
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a,b') });
    const line = page.locator('.subs__import-error');
    await expect.poll(() => line.textContent()).toBe('Please select a CSV file.');
    expect(await line.evaluate((el) => [getComputedStyle(el).textAlign, getComputedStyle(el).color])).toEqual([
      'right',
      'rgb(179, 38, 30)',
    ]);
  });

  it('previews an import with its problems, imports it, reports errors and reloads the list', async () => {
    const picker = page.locator('input[type=file]');
    await picker.setInputFiles(join(FIXTURES, 'problems.csv'));
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await dialog.waitFor();
    expect(await dialog.locator('.subs-import__file').textContent()).toBe('problems.csv: 4 rows');
    expect(await dialog.locator('.subs-import__problems li').allTextContents()).toEqual([
      'Row 1: Full name is required.',
      'Row 2: Email is required.',
      'Row 3: Email is not a valid email address.',
    ]);
    await page.screenshot({ path: `${SHOTS}/staff-submissions-import-preview.png` });
    expect(await page.locator('.subs__import-error').textContent()).toBe('');

    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/.netlify/functions/importToAppwrite', async (r) => {
      await held;
      await r.continue();
    });
    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    const importButton = page.getByRole('button', { name: 'Importing...' });
    await importButton.waitFor();
    expect(await importButton.isDisabled()).toBe(true);
    release();
    expect(await importSummary(page)).toBe('Import finished: 1 created, 0 updated, 0 skipped, 3 errors.');
    await page.unroute('**/.netlify/functions/importToAppwrite');
    expect(await picker.inputValue()).toBe('');
    await findRow(page, 'Good Row');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.screenshot({ path: `${SHOTS}/staff-submissions-import-done.png` });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download error report' }).click(),
    ]);
    const report = readFileSync((await download.path())!, 'utf8');
    expect(report.split('\r\n')[0]).toBe('\uFEFF"Row","Error","Full Name","Email","Phone","Address","SKU","Image URL"');
    expect(report).toContain('"3","Email is not a valid email address.","Bad Email","not-an-email"');
  });

  it.each([
    [
      'the server’s error text',
      { status: 413, contentType: 'application/json', body: '{"error":"Import at most 20000 rows at a time; split the file."}' },
      'Import at most 20000 rows at a time; split the file.',
    ],
    [
      '"Import failed" when the answer has no text',
      { status: 502, contentType: 'text/html', body: '<html>bad gateway</html>' },
      'Import failed',
    ],
    ['"Error importing data." when the request fails', null, 'Error importing data.'],
  ])('shows %s on the import error line', async (_n, answer, text) => {
    await page.route('**/.netlify/functions/importToAppwrite', (r) => (answer ? r.fulfill(answer) : r.abort('connectionrefused')));
    await page.locator('input[type=file]').setInputFiles(join(FIXTURES, 'non-ascii.csv'));
    await page.getByRole('dialog', { name: 'Import CSV' }).getByRole('button', { name: 'Import 3 rows' }).click();
    await expect.poll(() => page.locator('.subs__import-error').textContent()).toBe(text);
    expect(await page.getByRole('button', { name: 'Import CSV' }).isEnabled()).toBe(true);
    await page.unroute('**/.netlify/functions/importToAppwrite');
  });

  it('exports what the search shows, alerts when nothing, and re-importing the export changes nothing', async () => {
    const messages: string[] = [];
    const onDialog = (d: { message(): string }) => messages.push(d.message());
    page.on('dialog', onDialog);
    const search = searchBox(page);
    await search.fill('nobody at all');
    await page.getByRole('button', { name: 'Export' }).click();
    await expect.poll(() => messages).toEqual(['No data to export']);
    page.off('dialog', onDialog);

    await search.fill('example.com');
    await expect.poll(() => countText(page)).toMatch(/^Showing \d+ of/);
    const shown = Number((await countText(page))!.match(/Showing (\d+)/)![1]);
    const [filtered] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(filtered.suggestedFilename()).toMatch(/^warranty_submissions_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv$/);
    expect(
      readFileSync((await filtered.path())!, 'utf8')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(shown + 1);

    await page.getByRole('button', { name: 'Clear' }).click();
    const [everything] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const file = (await everything.path())!;
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF"Full Name","Email","Phone","Address","SKU","Image URL"\r\n')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")","formula@example.com","'-5","'@home, ""quoted""","'+SKU",""`);
    expect(text).toContain(photoIds.map((id) => `${server.url}/staff/photo/${id}`).join(';'));

    const before = (await all()).map(({ $updatedAt: _u, ...rest }) => rest).sort((a, b) => a.$id.localeCompare(b.$id));
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: everything.suggestedFilename(), mimeType: 'text/csv', buffer: readFileSync(file) });
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await dialog.getByRole('button', { name: `Import ${before.length} rows` }).click();
    expect(await importSummary(page)).toBe(`Import finished: 0 created, 0 updated, ${before.length} skipped, 0 errors.`);
    const after = (await all()).map(({ $updatedAt: _u, ...rest }) => rest).sort((a, b) => a.$id.localeCompare(b.$id));
    expect(after).toEqual(before);
  });

  it('parses a file over 1 MB in a worker and sends it in chunks of at most 5,000 rows', async () => {
    const lines = ['"Full Name","Email","Phone","Address","SKU","Image URL"'];
    for (let i = 0; i < 11_000; i++)
      lines.push(
        `"Bulk Customer ${i}","bulk${i}@example.com","555${String(i).padStart(7, '0')}","${i} Long Road, Suite ${i % 90}, Springfield, IL, 62701, United States","RNG-${i % 300}-18K",""`,
      );
    const buffer = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
    expect(buffer.length).toBeGreaterThan(1024 * 1024);
    const posts: number[] = [];
    const onRequest = (r: { url(): string; postData(): string | null }) =>
      r.url().includes('importToAppwrite') && posts.push((JSON.parse(r.postData()!) as { data: unknown[] }).data.length);
    page.on('request', onRequest);
    const worker = page.waitForEvent('worker');
    await page.locator('input[type=file]').setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer });
    expect((await worker).url()).toMatch(/csv\.worker/);
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    expect(await dialog.locator('.subs-import__file').textContent()).toBe('bulk.csv: 11,000 rows');
    await dialog.getByRole('button', { name: 'Import 11,000 rows' }).click();
    expect(await importSummary(page, 60_000)).toBe('Import finished: 11,000 created, 0 updated, 0 skipped, 0 errors.');
    page.off('request', onRequest);
    expect(posts).toEqual([5000, 5000, 1000]);
    await expect.poll(() => countText(page), { timeout: 15_000 }).toMatch(/^11,0\d\d submissions$/);
  });

  it('shows "Loading...", then "Invalid data format from server." or "Error fetching data." on a device with no copy', async () => {
    const fresh = await browser.newContext({ ...DESK, serviceWorkers: 'block' });
    const p = await fresh.newPage();
    try {
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await p.route('**/.netlify/functions/getAppwriteSubmissions*', async (r) => {
        await held;
        await r.fulfill({ status: 200, contentType: 'application/json', body: '{"unexpected":true}' });
      });
      await signInStaffThroughForm(p, { from: `${server.url}/submission` });
      await expect.poll(() => p.locator('p.loading').textContent()).toBe('Loading...');
      release();
      await expect.poll(() => p.locator('.subs__error').textContent()).toBe('Invalid data format from server.');
      await p.unroute('**/.netlify/functions/getAppwriteSubmissions*');
      await p.route('**/.netlify/functions/getAppwriteSubmissions*', (r) =>
        r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
      );
      await p.reload();
      await expect.poll(() => p.locator('.subs__error').textContent()).toBe('Error fetching data.');
    } finally {
      await fresh.close();
    }
  });
});

function pick(s: Submission) {
  const { full_name, email, phone, address, product_sku, selected_product, image_file_id } = s;
  return { full_name, email, phone, address, product_sku, selected_product, image_file_id };
}

describe.runIf(chromiumPath)('admin submissions screen offline', () => {
  it('opens from the device’s copy with the server stopped, searches, keeps an edit and sends it when the server is back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'warranty-e2e-'));
    const profile = mkdtempSync(join(tmpdir(), 'warranty-profile-'));
    const config = { staffEmail: STAFF.email, staffPassword: STAFF.password, staticDir: DIST };
    let server = await startTestServer(config, dataDir);
    const context = await launchPersistent(profile, DESK);
    try {
      const token = await signIn(server, STAFF.email, STAFF.password);
      const data = Array.from({ length: 30 }, (_, i) => ({
        full_name: `Offline Customer ${i}`,
        email: `offline${i}@example.com`,
        phone: '5551234567',
        address: `${i} Oak Ave`,
      }));
      await callFunction(server, token, 'importToAppwrite', { data });
      const page = await context.newPage();
      await openSubmissions(page, server.url);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await expect.poll(() => countText(page)).toBe('30 submissions');
      const port = server.port;
      await server.close();

      await page.goto(`${server.url}/submission`);
      await expect.poll(() => countText(page)).toBe('30 submissions');
      await expect
        .poll(() => page.locator('.subs__sync').textContent())
        .toMatch(/^Offline: showing the copy on this device\. Last synced /);
      await searchShows(page, 'customer 7', ['Offline Customer 7']);
      await saveEdit(rowByName(page, 'Offline Customer 7'), { Phone: '5550007777' });
      await expect
        .poll(() => page.locator('.subs-notice').textContent())
        .toBe('Saved on this device. It will be sent when the connection returns.');
      await expect.poll(() => page.locator('.subs__waiting').textContent()).toBe('1 edit waiting to be sent');
      await expect.poll(() => rowByName(page, 'Offline Customer 7').locator('td').nth(2).textContent()).toBe('5550007777');
      await page.screenshot({ path: `${SHOTS}/staff-submissions-offline.png` });

      server = await startTestServer({ ...config, port }, dataDir);
      const reached = async () =>
        ((await callFunction(server, token, 'getAppwriteSubmissions')).body as Submission[]).find((s) => s.email === 'offline7@example.com')
          ?.phone;
      await expect.poll(reached, { timeout: 15_000 }).toBe('5550007777');
      await expect.poll(() => page.locator('.subs__waiting').count(), { timeout: 10_000 }).toBe(0);
    } finally {
      await context.close();
      await server.dispose();
      rmSync(profile, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
