// The staff table opens from this device's copy at once when a staff session is stored here: its rows are on screen
// while the auth library (supabase-js) is still on its way, and the real session check that runs alongside closes the
// screen when it fails. Without a stored staff session no cached row is shown.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumPath, DESK, launch } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/server';
import { importAsStaff, importRows, signIn } from '../helpers/staff';
import { inDeviceDb } from '../helpers/device-db';
import { signInStaffThroughForm, STAFF } from '../helpers/fixtures';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const SESSION_KEY = /^sb-.*-auth-token$/;

/** Holds back the auth library's chunk (the one script holding GoTrueClient) until `release` is called. */
async function holdAuthLibrary(page: Page) {
  const state = { requested: false, delivered: false, release: () => {} };
  const held = new Promise<void>((r) => (state.release = r));
  // Routing turns the HTTP cache off, so the chunk is fetched (and held) on every load.
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('GoTrueClient')) {
      state.requested = true;
      await held;
      state.delivered = true;
    }
    await route.fulfill({ response, body });
  });
  return state;
}

const rows = (page: Page) => page.locator('tr.subs-table__row');

/** How many records the fast-read copy of the staff cache holds on this device (0: none written). */
const copyRecords = (page: Page) =>
  inDeviceDb(page, (db, _arg: null, idb) => idb.result(db.transaction('staffSnapshot').objectStore('staffSnapshot').count()), null);

describe.runIf(chromiumPath)('staff table from the device first', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  /** A staff function called with a staff token. */
  const call = async (name: string, body: unknown) => {
    const res = await fetch(`${server.url}/.netlify/functions/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await startTestServer({ staffEmail: STAFF.email, staffPassword: STAFF.password, staticDir: DIST });
    token = await signIn(server, STAFF.email, STAFF.password);
    await importAsStaff(
      server,
      token,
      importRows('Customer', 25, (i) => `customer${i}@example.com`),
    );
    browser = await launch();
    context = await browser.newContext({ ...DESK, serviceWorkers: 'block' });
    page = await context.newPage();
    await signInStaffThroughForm(page, { from: `${server.url}/submission` });
    await page.locator('.subs__meta span', { hasText: '25 submissions' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('shows the cached rows while the auth library is still loading, then syncs as usual', async () => {
    const auth = await holdAuthLibrary(page);
    try {
      await page.reload();
      await rows(page).first().waitFor();
      // The first screenful shows at once; the count follows once every cached row is read.
      await expect.poll(() => page.locator('.subs__meta span').first().textContent()).toBe('25 submissions');
      expect(await page.locator('.staff-bar__email').textContent()).toBe(STAFF.email);
      await expect.poll(() => auth.requested).toBe(true); // asked for alongside, and held
      expect(auth.delivered).toBe(false);
      expect(await rows(page).count()).toBeGreaterThan(0);
      await page.getByPlaceholder('Search by name, email, or product').fill('customer 07');
      await expect.poll(() => rows(page).locator('td:first-child').allTextContents()).toEqual(['Customer 07']);
      auth.release();
      await expect.poll(() => page.locator('.subs__sync').textContent()).toMatch(/^Last synced /);
      expect(page.url()).toBe(`${server.url}/submission`);
    } finally {
      auth.release();
      await page.unrouteAll({ behavior: 'wait' });
    }
  });

  it('opens from its fast-read copy and still shows what changed on the device after the copy was written', async () => {
    await page.goto(`${server.url}/submission`);
    await page.locator('.subs__meta span', { hasText: '25 submissions' }).waitFor();
    await expect.poll(() => copyRecords(page), { timeout: 15_000 }).toBeGreaterThan(0);
    // The table closed; /home's sync brings a renamed and a new submission onto the device.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL(`${server.url}/home`);
    const listed = (
      (await await fetch(`${server.url}/.netlify/functions/getAppwriteSubmissions?limit=100`, {
        headers: { Authorization: `Bearer ${token}` },
      }).then((r) => r.json())) as { submissions: Record<string, string>[] }
    ).submissions;
    const before = listed.find((s) => s.full_name === 'Customer 03')!;
    const { $id, full_name: _name, email, phone, address, product_sku, selected_product, image_file_id } = before;
    const fields = { email, phone, address, product_sku, selected_product, image_file_id };
    expect((await call('updateAppwriteSubmission', { id: $id, ...fields, full_name: 'Customer 03 Renamed' })).status).toBe(200);
    const added = { ...fields, full_name: 'Customer 99', email: 'customer99@example.com', product_sku: 'RNG-1099-18K' };
    expect((await call('importToAppwrite', { data: [added] })).status).toBe(200);
    await page.reload();
    await expect
      .poll(() =>
        inDeviceDb(
          page,
          (db, id, idb) =>
            idb.result(db.transaction('submissions').objectStore('submissions').count()).then(async (n) => {
              const row = (await idb.result(db.transaction('submissions').objectStore('submissions').get(id!))) as { full_name: string };
              return `${n} ${row.full_name}`;
            }),
          $id,
        ),
      )
      .toBe('26 Customer 03 Renamed');
    // With the network gone, the table can only show what the device holds: the copy, brought up to date.
    await page.route('**/.netlify/functions/**', (route) => route.abort('internetdisconnected'));
    try {
      await page.getByRole('link', { name: 'Submissions' }).first().click();
      await page.locator('.subs__meta span', { hasText: '26 submissions' }).waitFor();
      await page.getByPlaceholder('Search by name, email, or product').fill('customer 03');
      await expect.poll(() => rows(page).locator('td:first-child').allTextContents()).toEqual(['Customer 03 Renamed']);
      await page.getByPlaceholder('Search by name, email, or product').fill('customer 99');
      await expect.poll(() => rows(page).locator('td:first-child').allTextContents()).toEqual(['Customer 99']);
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
    }
  });

  it('closes the screen when the check alongside finds the stored session no longer good', async () => {
    await page.evaluate((pattern) => {
      const key = Object.keys(localStorage).find((k) => new RegExp(pattern).test(k))!;
      const session = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
      // Expired, and its refresh token no longer known to the server.
      localStorage.setItem(key, JSON.stringify({ ...session, expires_at: 1_700_000_000, refresh_token: 'revoked-token' }));
    }, SESSION_KEY.source);
    await page.reload();
    await page.waitForURL(/\/login\/staff\?next=.*submission/);
    await page.getByLabel('Email').waitFor();
  });

  it('shows no cached row without a stored staff session', async () => {
    await page.evaluate((pattern) => {
      for (const key of Object.keys(localStorage)) if (new RegExp(pattern).test(key)) localStorage.removeItem(key);
    }, SESSION_KEY.source);
    const auth = await holdAuthLibrary(page);
    try {
      await page.goto(`${server.url}/submission`);
      await page.getByText('Loading...').waitFor();
      await expect.poll(() => auth.requested).toBe(true);
      await page.waitForTimeout(300);
      expect(await rows(page).count()).toBe(0);
      auth.release();
      await page.waitForURL(/\/login\/staff/);
      expect(await rows(page).count()).toBe(0);
    } finally {
      auth.release();
      await page.unrouteAll({ behavior: 'wait' });
    }
  });
});
