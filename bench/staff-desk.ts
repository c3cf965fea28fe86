// A staff screen opened in Chromium at desk size, timed from navigation: when its first row shows, when every row is
// read (its count line says so), the longest main-thread task between, and search keystrokes.
import type { BrowserContext, Page } from 'playwright-core';
import { DESK, launch } from '../tests/helpers/browser';
import { inDeviceDb } from '../tests/helpers/device-db';
import { signInStaffThroughForm, STAFF } from '../tests/helpers/fixtures';
import { startTestServer, type TestServer } from '../tests/helpers/server';
import { appBuild, NAME_SHIM } from './app-build';

export type Open = { first: number; all: number; longest: number };

/**
 * The built app on a server with the staff account, and a signed-in desk page at `path` whose every load records when
 * a `row` first shows and when the count line reads `allRead`. `use` gets both; the browser and server close after.
 */
export async function onStaffDesk<T>(
  opts: { path: string; row: string; allRead: string },
  use: (page: Page, server: TestServer, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const server = await startTestServer({ staffEmail: STAFF.email, staffPassword: STAFF.password, staticDir: appBuild() });
  const browser = await launch();
  try {
    const context = await browser.newContext({ ...DESK, serviceWorkers: 'block', acceptDownloads: false });
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(
      ({ row, allRead }) => {
        const w = window as unknown as { __firstRow?: number; __allRows?: number; __long: PerformanceEntry[] };
        w.__long = [];
        new PerformanceObserver((list) => w.__long.push(...list.getEntries())).observe({ type: 'longtask' });
        new MutationObserver((_m, obs) => {
          if (!w.__firstRow && document.querySelector(row)) w.__firstRow = performance.now();
          if (document.querySelector('.subs__meta span')?.textContent === allRead) {
            w.__allRows = performance.now();
            obs.disconnect();
          }
        }).observe(document, { childList: true, subtree: true, characterData: true });
      },
      { row: opts.row, allRead: opts.allRead },
    );
    const page = await context.newPage();
    await signInStaffThroughForm(page, { from: `${server.url}${opts.path}` });
    return await use(page, server, context);
  } finally {
    await browser.close();
    await server.dispose();
  }
}

/** Milliseconds from navigation start to the first row, and to every row read, and the longest task between. */
export async function openTimes(page: Page, url: string, allRead: string): Promise<Open> {
  await page.goto(url);
  await page.locator('.subs__meta span', { hasText: allRead }).waitFor({ timeout: 60_000 });
  return page.evaluate(() => {
    const w = window as unknown as { __firstRow: number; __allRows: number; __long: PerformanceEntry[] };
    const during = w.__long.filter((e) => e.startTime < w.__allRows);
    return { first: w.__firstRow, all: w.__allRows, longest: Math.max(0, ...during.map((e) => e.duration)) };
  });
}

/** Each keystroke: the input event, React's render and commit, and the layout that follows. */
export async function keystrokes(page: Page, input: string, tbody: string, terms: string[]): Promise<number[]> {
  return page.evaluate(
    async ({ input, tbody, terms }) => {
      const el = document.querySelector<HTMLInputElement>(input)!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const times: number[] = [];
      for (const term of terms) {
        for (let i = 1; i <= term.length; i++) {
          const t0 = performance.now();
          setValue.call(el, term.slice(0, i));
          el.dispatchEvent(new Event('input', { bubbles: true }));
          await new Promise((r) => setTimeout(r, 0));
          document.querySelector(tbody)!.getBoundingClientRect();
          times.push(performance.now() - t0);
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
        }
        setValue.call(el, '');
        el.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => setTimeout(r, 100));
      }
      return times;
    },
    { input, tbody, terms },
  );
}

/** Waits up to `ms` for the app to write its fast-read copy of the cache (it does so once the rows have been still). */
export async function fastCopyWritten(page: Page, ms: number): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 250) {
    const parts = await inDeviceDb(
      page,
      (db, _n, idb) => idb.result(db.transaction('staffSnapshot').objectStore('staffSnapshot').count()),
      0,
    );
    if (parts > 0) return true;
    await page.waitForTimeout(250);
  }
  return false;
}
