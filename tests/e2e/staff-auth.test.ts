// Staff screens in a real Chromium at desk size against the real server: sign-in through the form, the server's
// refusals, route guards, non-staff refused, the TOTP step, /account's three states, Logout, and the list.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createStaffUser, totpAt } from '../../server/auth';
import { appInBrowser, DIST } from '../helpers/suite';
import { chromiumPath, DESK } from '../helpers/browser';
import { inDeviceDb, readDevice } from '../helpers/device-db';
import { registration, signInStaffThroughForm, STAFF } from '../helpers/fixtures';
import { adminClient, startTestServer } from '../helpers/server';
import { enrollTotp } from '../helpers/staff';
import { searchTextOf } from '@/shared/search-text';
const NOT_STAFF = { email: 'customer.service@maison.example', password: 'not staff at all 123' };
const MFA = { email: 'jane.doe@maison.example', password: 'Two-Factors-2026' };
const ANA = { email: 'ana.lucia@maison.example', password: 'Ana-Lucia-Desk-2026' };
const SEEDED = 300;

/** How many submissions and staff edits the device database holds. */
const deviceCounts = async (page: Page) => {
  const { submissions, pendingEdits } = await readDevice(page);
  return { submissions: submissions.length, pendingEdits: pendingEdits.length };
};

const storedSessions = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.*-auth-token/.test(k)));

describe.runIf(chromiumPath)('staff sign-in and screens', () => {
  const { server, browser } = appInBrowser({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  let secret: string;
  const newPage = async () => (await browser.newContext(DESK)).newPage();
  const url = (path: string) => `${server.url}${path}`;
  /** A fresh page that opened `path` (a sign-in form) and signed in there as `who`. */
  const signedInFrom = async (path: string, who?: { email: string; password: string }) => {
    const page = await newPage();
    await page.goto(url(path));
    await signInStaffThroughForm(page, { as: who });
    return page;
  };

  beforeAll(async () => {
    await createStaffUser(server.db, NOT_STAFF.email, NOT_STAFF.password, { staff: false });
    await createStaffUser(server.db, MFA.email, MFA.password, { staff: true });
    await createStaffUser(server.db, ANA.email, ANA.password, { staff: true });
    secret = await enrollTotp(server, MFA);
    const admin = adminClient(server).databases;
    const where = { databaseId: 'warranty', collectionId: 'submissions' };
    for (let b = 0; b < SEEDED / 100; b++) {
      // Written as the server writes them, search text and all: a row without one is given it by the server's backfill
      // soon after start, which would change every row's time.
      const documents = Array.from({ length: 100 }, (_, i) => {
        const fields = registration({ full_name: `Customer ${b * 100 + i}`, email: `c${b * 100 + i}@example.com` });
        return { $id: `reg-${b * 100 + i}`, ...fields, search_text: searchTextOf(fields) };
      });
      await admin.createDocuments({ ...where, documents });
    }
    // The newest change is listed first.
    await admin.updateDocument({
      ...where,
      documentId: 'reg-7',
      data: {
        full_name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '',
        product_sku: 'Aurora Pendant',
        search_text: searchTextOf({
          ...registration(),
          full_name: 'Ada Lovelace',
          email: 'ada@example.com',
          product_sku: 'Aurora Pendant',
        }),
      },
    });
  });

  it('signs in through the form and opens the staff home with this device’s counts', async () => {
    const page = await newPage();
    await page.goto(url('/login/staff'));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Staff sign-in');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('staff-email');
    await page.screenshot({ path: 'test-results/staff-sign-in.png' });
    await signInStaffThroughForm(page);
    await page.waitForURL(url('/home'));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Staff home');
    const stat = (label: string) => page.locator('.staff-stat', { hasText: label }).locator('dd').textContent();
    await expect.poll(() => stat('Submissions saved here')).toBe(String(SEEDED));
    expect(await stat('Edits waiting to send')).toBe('0');
    await expect.poll(() => page.locator('.staff-sync__when').textContent()).toMatch(/^Last synced /);
    for (const name of ['Submissions', 'List', 'Account']) expect(await page.getByRole('link', { name, exact: true }).count()).toBe(1);
    const queue = page.locator('.queue-panel');
    await queue.getByText('Nothing is waiting on this device.').waitFor();
    expect(await queue.locator('.queue-panel__count dd').allTextContents()).toEqual(['0', '0', '0', '0']);
    const log = page.getByRole('region', { name: 'Integration log' });
    await log.getByText('Shopify is not configured: each registration is recorded here instead.').waitFor();
    await log.getByText('No hand-offs recorded yet.').waitFor();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Sync now' }).isEnabled()).toBe(true);
    await page.screenshot({ path: 'test-results/staff-home.png' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(url('/login/staff'));
    expect(await deviceCounts(page)).toEqual({ submissions: 0, pendingEdits: 0 });
    expect(await storedSessions(page)).toEqual([]);
  });

  it('shows the server’s message for a wrong password, and asks for missing fields', async () => {
    const page = await newPage();
    await page.goto(url('/login/staff'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Enter your email.');
    await signInStaffThroughForm(page, { as: { email: STAFF.email, password: 'wrong password here' } });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid login credentials');
    expect(page.url()).toBe(url('/login/staff'));
    await page.screenshot({ path: 'test-results/staff-sign-in-error.png' });
  });

  it('sends staff-only screens to /login/staff?next=… and returns there after sign-in', async () => {
    const page = await newPage();
    for (const path of ['/home', '/submissionslist', '/submission', '/home']) {
      await page.goto(url(path));
      await page.waitForURL(url(`/login/staff?next=${path}`));
    }
    await signInStaffThroughForm(page);
    await page.waitForURL(url('/home'));
    await page.goto(url('/login/staff?next=https://evil.example/'));
    await page.waitForURL(url('/home'));
  });

  it('refuses an account without the staff role and signs it out', async () => {
    const page = await signedInFrom('/login/staff?next=/home', NOT_STAFF);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('This account is not a staff account.');
    expect(await storedSessions(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/staff-not-staff.png' });
    await page.goto(url('/home'));
    await page.waitForURL(url('/login/staff?next=/home'));
  });

  it('asks for the authenticator code when the account has a verified factor', async () => {
    const page = await signedInFrom('/login/staff?next=/submissionslist', MFA);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Two-step verification');
    const verify = page.getByRole('button', { name: 'Verify' });
    expect(await verify.isDisabled()).toBe(true);
    await page.screenshot({ path: 'test-results/staff-totp.png' });

    // A session that has not passed the second factor does not open staff screens.
    await page.goto(url('/home'));
    await page.waitForURL(url('/login/staff?next=/home'));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Two-step verification');

    const valid = new Set([-30_000, 0, 30_000, 60_000].map((d) => totpAt(secret, Date.now() + d)));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!;
    await page.getByLabel('Authentication code').fill(wrong);
    await verify.click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('That code is not right. Enter the 6-digit code your authenticator app shows now.');
    // The next period's code: the one used at enrollment may not be used twice.
    await page.getByLabel('Authentication code').fill(totpAt(secret, Date.now() + 30_000));
    await verify.click();
    await page.waitForURL(url('/home'));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Staff home');
  });

  it('shows a rate-limit message after too many failed sign-ins', async () => {
    const limited = await startTestServer({
      staffEmail: STAFF.email,
      staffPassword: STAFF.password,
      staticDir: DIST,
      rateLimits: { emailTokenPerEmail: 10, emailTokenPerIp: 100, sessionPerIpUser: 10, sessionPerUser: 20 },
    });
    try {
      for (let i = 0; i < 10; i++)
        await fetch(`${limited.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { apikey: limited.secrets.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: STAFF.email, password: `wrong ${i}` }),
        });
      const page = await newPage();
      await page.goto(`${limited.url}/login/staff`);
      await signInStaffThroughForm(page);
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Too many attempts. Please wait a few minutes, then try again.');
      await page.screenshot({ path: 'test-results/staff-rate-limit.png' });
    } finally {
      await limited.dispose();
    }
  });

  it('account: Loading..., then Welcome!, the name and Email:; Logout ends the session, clears the cache, goes to /login, as /account does without a user', async () => {
    const page = await newPage();
    await page.goto(url('/account'));
    await page.waitForURL(url('/login'));
    await page.goto(url('/login/staff'));
    await signInStaffThroughForm(page, { as: ANA });
    await page.waitForURL(url('/home'));
    await expect.poll(() => page.locator('.staff-stat dd').first().textContent()).toBe(String(SEEDED));
    expect((await deviceCounts(page)).submissions).toBe(SEEDED);

    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/auth/v1/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(url('/account'));
    await expect.poll(() => page.locator('p.loading').textContent()).toBe('Loading...');
    release();

    await expect.poll(() => page.locator('h1').textContent()).toBe('Welcome!');
    expect(await page.locator('.staff-account__name').textContent()).toBe('ana lucia');
    expect(await page.locator('.staff-account__email').textContent()).toBe('Email: ana.lucia@maison.example');
    await page.screenshot({ path: 'test-results/staff-account.png' });

    await inDeviceDb(
      page,
      (db, edit, idb) => {
        const tx = db.transaction('pendingEdits', 'readwrite');
        tx.objectStore('pendingEdits').put(edit);
        return idb.done(tx);
      },
      { id: 'reg-1', fields: {}, baseUpdatedAt: '', savedAt: 1, lastError: null },
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(url('/login'));
    expect(await deviceCounts(page)).toEqual({ submissions: 0, pendingEdits: 0 });
    expect(await storedSessions(page)).toEqual([]);
    await page.goto(url('/account'));
    await page.waitForURL(url('/login'));
  });

  it('lists submissions as cards, only those near the viewport, and still opens offline from the cache', async () => {
    const page = await signedInFrom('/login/staff?next=/submissionslist');
    await page.waitForURL(url('/submissionslist'));
    await expect.poll(() => page.locator('h1').textContent()).toBe('Appwrite Warranty Submissions');
    const cards = page.locator('li.staff-card');
    await expect
      .poll(() => cards.first().textContent())
      .toBe(
        'Name:Ada LovelaceEmail:ada@example.comPhone:—Address:12 Elm St, Apt 4, Springfield, IL, 62701, United StatesProduct:Aurora Pendant',
      );
    expect(await cards.first().getAttribute('aria-setsize')).toBe(String(SEEDED));
    expect(await cards.count()).toBeLessThan(60);
    await page.screenshot({ path: 'test-results/staff-submissions-list.png' });

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => cards.last().getAttribute('aria-posinset')).toBe(String(SEEDED));
    expect(await cards.count()).toBeLessThan(60);

    await page.context().setOffline(true);
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.getByRole('link', { name: 'List', exact: true }).click();
    await expect.poll(() => cards.first().textContent()).toContain('Ada Lovelace');
    await page.context().setOffline(false);
  });

  it('never downloads supabase-js on customer routes', async () => {
    const page = await newPage();
    const scripts = new Set<string>();
    page.on('request', (r) => r.resourceType() === 'script' && scripts.add(r.url()));
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Start' }).click();
    await page.waitForURL(url('/login'));
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    for (const src of scripts) expect((await (await fetch(src)).text()).includes('signInWithPassword'), src).toBe(false);
  });

  it('says "No submissions found." when there are none', async () => {
    const empty = await startTestServer({ staffEmail: STAFF.email, staffPassword: STAFF.password, staticDir: DIST });
    try {
      const page = await newPage();
      await page.goto(`${empty.url}/login/staff?next=/submissionslist`);
      await signInStaffThroughForm(page);
      await page.waitForURL(`${empty.url}/submissionslist`);
      await expect.poll(() => page.locator('.staff-empty').textContent()).toBe('No submissions found.');
      await page.screenshot({ path: 'test-results/staff-submissions-list-empty.png' });
    } finally {
      await empty.dispose();
    }
  });
});
