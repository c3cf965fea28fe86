// A new staff device when the server holds more registrations than the device keeps (a window of 20 here, set for
// this browser; 100,000 in use): the device fills with the newest, the server's search finds the older ones, one
// opened is kept, offline search says what it covers, and an edit made here survives rows dropping out of the window.
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { chromiumPath, DESK } from '../helpers/browser';
import { signInStaffThroughForm } from '../helpers/fixtures';
import { importAsStaff, importRows } from '../helpers/staff';
import { staffAppInBrowser } from '../helpers/suite';
import { countText, editDialog, rowByName, searchBox } from '../helpers/submissions-screen';
import { inDeviceDb } from '../helpers/device-db';

const WINDOW = 20;
const scope = (page: Page) => page.locator('.subs__scope');
const held = (page: Page) =>
  inDeviceDb(
    page,
    (db, _a: null, idb) => idb.result(db.transaction('submissions').objectStore('submissions').getAllKeys()),
    null,
  ) as Promise<string[]>;

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/device-window';

describe.runIf(chromiumPath)('a staff device that keeps the newest registrations', () => {
  const { server, browser, staff } = staffAppInBrowser();
  let context: BrowserContext;
  let page: Page;

  /** Registrations written on the server through the staff import, one call per group so their times differ. */
  const register = async (prefix: string, n: number) => {
    await importAsStaff(
      server,
      staff.token,
      importRows(prefix, n, (i) => `${prefix.toLowerCase().replace(/ /g, '.')}.${i}@example.com`),
    );
    await new Promise((r) => setTimeout(r, 20));
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await register('Older Client', 10);
    for (let i = 0; i < WINDOW; i++) await register(`Recent Client ${String(i).padStart(2, '0')}`, 1);
    context = await browser.newContext({ ...DESK, serviceWorkers: 'block' });
    await context.addInitScript((n) => localStorage.setItem('warranty.deviceWindow', String(n)), WINDOW);
    page = await context.newPage();
    await signInStaffThroughForm(page, { from: `${server.url}/submission` });
  }, 120_000);

  it('fills with the newest registrations only and says what its search covers', async () => {
    await expect.poll(() => countText(page), { timeout: 30_000 }).toBe(`${WINDOW} submissions`);
    await page.locator('.subs__sync', { hasText: 'Last synced' }).waitFor();
    const ids = await held(page);
    expect(ids).toHaveLength(WINDOW);
    expect(await rowByName(page, 'Recent Client 00 00').count()).toBe(1);
    expect(await rowByName(page, 'Older Client 09').count()).toBe(0);
    expect(await scope(page).textContent()).toBe(
      `Searching the ${WINDOW} registrations on this device: the most recently changed, and the ones opened here.`,
    );
  });

  it('finds an older registration through the server and keeps it on the device once opened', async () => {
    await searchBox(page).fill('Ol');
    await expect.poll(() => scope(page).textContent()).toContain('Type at least 3 characters to search every registration.');
    await searchBox(page).fill('Older Client 04');
    await rowByName(page, 'Older Client 04').waitFor();
    await expect.poll(() => scope(page).textContent()).toBe('Also showing 1 match from the server that is not on this device.');
    await page.screenshot({ path: `${SHOTS}/server-match-1440.png` });
    await rowByName(page, 'Older Client 04').click();
    const dialog = editDialog(page);
    await dialog.waitFor();
    expect(await dialog.getByLabel('Full Name').inputValue()).toBe('Older Client 04');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await searchBox(page).fill('');
    await expect.poll(() => countText(page)).toBe(`${WINDOW + 1} submissions`);
    // Searched again, it is the device's own now.
    await searchBox(page).fill('Older Client 04');
    await expect.poll(() => scope(page).textContent()).toBe('Searched this device and every registration on the server.');
    await searchBox(page).fill('');
  });

  it('offline, searches the device and says so; an edit made there survives rows dropping out of the window', async () => {
    await context.setOffline(true);
    await searchBox(page).fill('Older Client 07');
    await expect.poll(() => scope(page).textContent()).toContain('Go online to search every registration.');
    expect(await page.getByText('No submissions found for "Older Client 07"').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/offline-scope-1440.png` });
    // The oldest registration the device keeps, edited offline.
    await searchBox(page).fill('Recent Client 00 00');
    await rowByName(page, 'Recent Client 00 00').click();
    const dialog = editDialog(page);
    await dialog.getByLabel('Phone').fill('+1 555 010 9999');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await searchBox(page).fill('');
    // Newer registrations arrive while the device is offline; back online the edit is sent and the window moves on.
    await register('Newest Client', 3);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(async () => (await held(page)).length, { timeout: 30_000 }).toBe(WINDOW + 2);
    await expect.poll(() => rowByName(page, 'Newest Client 02').count(), { timeout: 30_000 }).toBe(1);
    // The window's oldest row leaves the table with the read after the sync drops it from the device.
    await expect.poll(() => rowByName(page, 'Recent Client 01 00').count(), { timeout: 10_000 }).toBe(0);
    expect(await rowByName(page, 'Recent Client 00 00').locator('td').nth(2).textContent()).toBe('+1 555 010 9999');
    expect(await rowByName(page, 'Older Client 04').count()).toBe(1);
  });
});
