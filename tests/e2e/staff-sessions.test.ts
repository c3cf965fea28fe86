// Staff sessions across devices in Chromium against the real server (issue 22, defect 2): a manager signed in at a
// desk makes a second device a counter with the same account, and the desk keeps working and signs out cleanly; a
// session ended elsewhere (signed out everywhere) leads the desk to the sign-in form, not to /home nor an error over
// old rows. The server confirms every staff token's session at each call here (STAFF_SESSION_CHECK_SECONDS=0), so
// what a person would see after a minute shows at once.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chromiumPath, DESK } from '../helpers/browser';
import { registration, signInStaffThroughForm, STAFF } from '../helpers/fixtures';
import { adminClient } from '../helpers/server';
import { staffClient } from '../helpers/staff';
import { rowByName } from '../helpers/submissions-screen';
import { appInBrowser } from '../helpers/suite';

const SHOTS = '/tmp/shots/server';

describe.runIf(chromiumPath)('staff sessions on several devices', () => {
  const { server, browser } = appInBrowser({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  const url = (path: string) => `${server.url}${path}`;
  const newPage = async () => (await browser.newContext(DESK)).newPage();

  beforeAll(async () => {
    process.env.STAFF_SESSION_CHECK_SECONDS = '0';
    mkdirSync(SHOTS, { recursive: true });
    await adminClient(server).databases.createDocument({
      databaseId: 'warranty',
      collectionId: 'submissions',
      documentId: 'desk-row-1',
      data: registration({ full_name: 'Grace Hopper', email: 'grace@example.com' }),
    });
  });
  afterAll(() => void delete process.env.STAFF_SESSION_CHECK_SECONDS);

  /** A desk signed in through the form, on /submission with its rows loaded. */
  async function deskOnSubmissions(): Promise<Page> {
    const desk = await newPage();
    await signInStaffThroughForm(desk, { from: url('/submission') });
    await rowByName(desk, 'Grace Hopper').waitFor();
    return desk;
  }

  /** What the desk must never show while its session lives. */
  const troubles = (page: Page) => page.getByText(/Your staff session has ended|Error fetching data\./).count();

  it('keeps the desk signed in when the same account makes another device a counter, and its Sign out works', async () => {
    const desk = await deskOnSubmissions();

    const device = await newPage();
    await signInStaffThroughForm(device, { from: url('/home') });
    await device.getByLabel('Store name').fill('Fifth Avenue');
    await device.getByRole('button', { name: 'Use this device as a counter' }).click();
    await device.waitForURL(url('/'));

    // The desk keeps syncing (every 2 s on /submission): new rows arrive, nothing says the session ended.
    await adminClient(server).databases.createDocument({
      databaseId: 'warranty',
      collectionId: 'submissions',
      documentId: 'desk-row-2',
      data: registration({ full_name: 'Katherine Johnson', email: 'katherine@example.com' }),
    });
    await rowByName(desk, 'Katherine Johnson').waitFor({ timeout: 15_000 });
    expect(await troubles(desk)).toBe(0);
    expect(new URL(desk.url()).pathname).toBe('/submission');
    await desk.goto(url('/home'));
    await desk.getByRole('cell', { name: 'Fifth Avenue' }).first().waitFor();
    await desk.getByRole('button', { name: 'Sync now' }).click();
    await expect.poll(() => desk.locator('.staff-sync__when').textContent()).toMatch(/^Last synced /);
    expect(await troubles(desk)).toBe(0);
    await desk.screenshot({ path: `${SHOTS}/desk-after-other-device-enrolled.png` });

    const logout = desk.waitForResponse((r) => new URL(r.url()).pathname === '/auth/v1/logout');
    await desk.getByRole('button', { name: 'Sign out' }).click();
    expect(new URL((await logout).url()).searchParams.get('scope')).toBe('local');
    expect((await logout).status()).toBe(204);
    await desk.waitForURL(url('/login/staff'));
    await expect.poll(() => desk.locator('h1').textContent()).toBe('Staff sign-in');
  });

  it('leads a desk whose session was ended elsewhere to the sign-in form', async () => {
    const desk = await deskOnSubmissions();
    const other = await newPage();
    await signInStaffThroughForm(other, { from: url('/home') });

    // The same account signs out everywhere from a third place.
    const sb = staffClient(server);
    const signed = await sb.auth.signInWithPassword(STAFF);
    expect(signed.error).toBeNull();
    expect((await sb.auth.signOut({ scope: 'global' })).error).toBeNull();

    // The desk, syncing on its own, gives way to the sign-in form and comes back to where it was.
    await desk.waitForURL(url('/login/staff?next=/submission'), { timeout: 15_000 });
    await expect.poll(() => desk.locator('h1').textContent()).toBe('Staff sign-in');
    expect(await troubles(desk)).toBe(0);
    // The session the server had ended is gone from the device too (the server's 403 on sign-out is ignored).
    expect(await desk.evaluate(() => Object.keys(localStorage).filter((k) => /^sb-.*-auth-token$/.test(k)))).toEqual([]);
    await desk.screenshot({ path: `${SHOTS}/ended-session-sign-in.png` });
    await signInStaffThroughForm(desk);
    await desk.waitForURL(url('/submission'));
    await rowByName(desk, 'Grace Hopper').waitFor();

    // Its stored session is no way past the sign-in page either.
    await other.goto(url('/login/staff'));
    await expect.poll(() => other.locator('h1').textContent()).toBe('Staff sign-in');
    expect(new URL(other.url()).pathname).toBe('/login/staff');
  });
});
