// Every staff screen and state checked by axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA) in a real Chromium at
// 1440x900, and the staff journey done with the keyboard alone: sign in, reach the table, search, open and save an edit.
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { ID } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createStaffUser, totpAt } from '../../server/auth';
import { chromiumPath, DESK } from '../helpers/browser';
import { signedInCustomer } from '../helpers/customers';
import { seedOutbox, seedRecord } from '../helpers/device-db';
import { makeJpeg, prng, registration, STAFF } from '../helpers/fixtures';
import { enrollTotp, signIn } from '../helpers/staff';
import { appInBrowser } from '../helpers/suite';

const FIXTURES = fileURLToPath(new URL('../fixtures/csv/', import.meta.url));
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MFA = { email: 'jane.doe@maison.example', password: 'Two-Factors-2026' };

/** axe's violations on the page as it is now, as "rule: element" lines (empty when the screen is clean). */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary?.split('\n')[1]?.trim()})`),
  );
}

/** What has focus: its accessible name as a person hears it (label, text, or aria-label), and its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '' };
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
    return { tag: el.tagName.toLowerCase(), name: label.trim() };
  });

/** Presses Tab until `name` has focus; fails if it takes more than `max` presses (it is not reachable by keyboard). */
async function tabTo(page: Page, name: string | RegExp, max = 30) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (typeof name === 'string' ? now.name === name : name.test(now.name)) return;
    seen.push(`${now.tag} "${now.name.slice(0, 40)}"`);
  }
  throw new Error(`"${String(name)}" was not reached in ${max} presses of Tab; focus went through: ${seen.join(', ')}`);
}

describe.runIf(chromiumPath)('staff screens: accessibility', () => {
  const { server, browser } = appInBrowser({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  const newPage = async () => {
    const page = await (await browser.newContext({ ...DESK, serviceWorkers: 'block' })).newPage();
    page.on('dialog', (d) => void d.dismiss());
    return page;
  };
  const url = (path: string) => `${server.url}${path}`;
  let secret: string;

  beforeAll(async () => {
    await createStaffUser(server.db, MFA.email, MFA.password, { staff: true });
    secret = await enrollTotp(server, MFA);
    const token = await signIn(server, STAFF.email, STAFF.password);
    const data = Array.from({ length: 30 }, (_, i) => ({
      full_name: i === 0 ? 'Alan Turing' : `Customer ${String(i).padStart(2, '0')}`,
      email: i === 0 ? 'alan@example.com' : `customer${i}@example.com`,
      phone: `555000${String(i).padStart(4, '0')}`,
      address: `${i} Elm St, Springfield, IL, 62701, United States`,
      product_sku: `RNG-${1000 + i}-18K`,
      selected_product: i % 5 ? '' : 'Aurora Pendant',
    }));
    const imported = await fetch(url('/.netlify/functions/importToAppwrite'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data }),
    });
    expect(imported.status).toBe(200);
    // One registration with photos, so the table's previews and the dialog's images are checked too.
    const ada = await signedInCustomer(server, 'ada@example.com');
    const photoId = ID.unique();
    const bytes = await makeJpeg({ width: 320, height: 240 });
    await ada.as(() => ada.storage.createFile({ bucketId: 'images', fileId: photoId, file: new File([bytes], 'ring.jpg') }));
    await ada.as(() =>
      ada.databases.createDocument({
        databaseId: 'warranty',
        collectionId: 'submissions',
        documentId: ID.unique(),
        data: registration({ user_id: ada.userId, image_file_id: photoId }),
      }),
    );
  });

  it('finds nothing on the sign-in screen: empty, with an error, and at the two-step code', async () => {
    const page = await newPage();
    await page.goto(url('/login/staff'));
    await page.getByLabel('Email').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByLabel('Email').fill(MFA.email);
    await page.getByLabel('Password').fill(MFA.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Authentication code').waitFor();
    expect(await violations(page)).toEqual([]);
    const valid = new Set([-30_000, 0, 30_000, 60_000].map((d) => totpAt(secret, Date.now() + d)));
    await page.getByLabel('Authentication code').fill(['000000', '111111', '222222'].find((c) => !valid.has(c))!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').waitFor();
    expect(await violations(page)).toEqual([]);
    // The next period's code: the one used at enrollment may not be used twice.
    await page.getByLabel('Authentication code').fill(totpAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(url('/home'));
  });

  it('finds nothing on home, the table, import preview and summary, the edit dialog, the list and the account', async () => {
    const page = await newPage();
    await page.goto(url('/login/staff?next=/home'));
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(url('/home'));
    await expect.poll(() => page.locator('.staff-sync__when').textContent()).toMatch(/^Last synced /);
    expect(await violations(page)).toEqual([]);

    // Registrations waiting on this device: the queue panel with its statuses.
    const random = prng(11);
    const photo = await makeJpeg({ look: 'grain', random, width: 64, height: 48 });
    const records = [0, 1].map((i) =>
      seedRecord(i, 'someone', `waiting${i}@example.com`, [{ name: 'ring.jpg', type: 'image/jpeg', bytes: photo, width: 64, height: 48 }]),
    );
    records[0]!.entry.status = 'needs-sign-in';
    records[1]!.entry.status = 'rejected';
    records[1]!.entry.lastError = 'Email is not a valid email address.';
    await seedOutbox(page, records);
    await page.reload();
    await page.locator('.queue-table__row').nth(1).waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Submissions', exact: true }).click();
    await page.locator('tr.subs-table__row').first().waitFor();
    await page.locator('img.subs-thumb').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByPlaceholder('Search by name, email, or product').fill('no such person');
    await page.locator('.subs-table__none').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Clear' }).click();

    await page.locator('input[type=file]').setInputFiles(`${FIXTURES}problems.csv`);
    const preview = page.getByRole('dialog', { name: 'Import CSV' });
    await preview.waitFor();
    expect(await violations(page)).toEqual([]);
    await preview.getByRole('button', { name: 'Import 1 row' }).click();
    await page.locator('.subs-summary').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('a,b') });
    await expect.poll(() => page.locator('.subs__import-error').textContent()).toBe('Please select a CSV file.');
    expect(await violations(page)).toEqual([]);

    await page.getByPlaceholder('Search by name, email, or product').fill('Ada Lovelace');
    await page.locator('tr.subs-table__row', { hasText: 'Ada Lovelace' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Submission' });
    await dialog.locator('figure img').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await dialog.getByLabel('Full Name').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // An edit made offline waits on the device: the Offline badge and the waiting line.
    await page.context().setOffline(true);
    await page.getByPlaceholder('Search by name, email, or product').fill('Alan Turing');
    await page.locator('tr.subs-table__row', { hasText: 'Alan Turing' }).click();
    await dialog.getByLabel('Phone').fill('+44 20 7946 0000');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.subs__waiting').waitFor();
    expect(await violations(page)).toEqual([]);
    await page.context().setOffline(false);

    await page.getByRole('link', { name: 'List', exact: true }).click();
    await page.getByText('Ada Lovelace').first().waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByText('Welcome!').waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('takes staff from sign-in to a saved edit with the keyboard alone', async () => {
    const page = await newPage();
    await page.goto(url('/submission'));
    await page.waitForURL(/\/login\/staff/);
    await page.getByLabel('Email').waitFor();
    expect(await focused(page)).toEqual({ tag: 'input', name: 'Email' });
    await page.keyboard.type(STAFF.email);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ tag: 'input', name: 'Password' });
    await page.keyboard.type(STAFF.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/submission'));
    await page.locator('tr.subs-table__row').first().waitFor();

    // Home, then back to the table through the staff bar.
    await tabTo(page, 'Home');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/home'));
    await tabTo(page, 'Submissions');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/submission'));
    await page.locator('tr.subs-table__row').first().waitFor();

    await tabTo(page, 'Search');
    await page.keyboard.type('customer 07');
    await expect.poll(() => page.locator('tr.subs-table__row td:first-child').allTextContents()).toEqual(['Customer 07']);
    await tabTo(page, /^Customer 07/);
    expect((await focused(page)).tag).toBe('tr');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Submission' });
    await dialog.waitFor();
    expect(await focused(page)).toEqual({ tag: 'input', name: 'Full Name' });
    await tabTo(page, 'Phone', 5);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('+1 555 0107 777');
    await tabTo(page, 'Save', 10);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('tr.subs-table__row td').nth(2).textContent()).toBe('+1 555 0107 777');
    // Focus went back to the row the dialog was opened from.
    expect((await focused(page)).name).toMatch(/^Customer 07/);

    const token = await signIn(server, STAFF.email, STAFF.password);
    const saved = await fetch(url('/.netlify/functions/getAppwriteSubmissions'), { headers: { Authorization: `Bearer ${token}` } });
    const list = (await saved.json()) as { email: string; phone: string }[];
    expect(list.find((s) => s.email === 'customer7@example.com')?.phone).toBe('+1 555 0107 777');
  });
});
