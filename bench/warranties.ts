// /warranties against the built app served by server/: the JavaScript a signed-out customer's phone loads before the
// sign-in is usable (the Email Address field on screen and focused), then through sign-in to the list of cards, and
// that none of it is staff code, supabase-js or zod.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PHONE } from '../tests/helpers/browser';
import { codeFor } from '../tests/helpers/server';
import { inBuiltApp, NAME_SHIM } from './app-build';
import { round, type Row } from './common';

/**
 * The sign-in is the wizard's own machine (xstate with @xstate/react, about 15 KB: the same chunk /login loads, so a
 * customer coming from the wizard has it cached), not a second sign-in written with useState.
 */
const TARGET_KB = 115;
const kb = (n: number) => round(n / 1024, 1);

// Before the app's own code: when the email field first got focus (the sign-in is usable).
const PROBE = {
  content: `document.addEventListener('focusin', (e) => {
    if (e.target && e.target.id === 'email' && window.__usable === undefined) window.__usable = performance.now();
  }, true);`,
};

type Script = { url: string; bytes: number; end: number };

const scripts = (page: Page) =>
  page.evaluate(() => {
    const usable = (window as unknown as { __usable?: number }).__usable ?? Infinity;
    const list = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => /\.m?js$/.test(new URL(e.name).pathname))
      .map((e) => ({ url: e.name, bytes: e.encodedBodySize, end: e.responseEnd }));
    return { usable, list };
  });

const sum = (xs: Script[]) => xs.reduce((n, x) => n + x.bytes, 0);
const files = (xs: Script[]) => `${xs.length} file${xs.length === 1 ? '' : 's'}`;

const textOf = (dist: string, url: string) => {
  const path = join(dist, new URL(url).pathname);
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
};
/** Chunks a customer's page must never load: the staff screens and supabase-js. */
const forbidden = (dist: string, urls: string[]) =>
  urls.filter((url) => /\/staff[-.]/.test(new URL(url).pathname) || textOf(dist, url).includes('supabase-js'));
const withZod = (dist: string, urls: string[]) => urls.filter((url) => textOf(dist, url).includes('ZodError'));
const paths = (urls: string[]) => urls.map((u) => new URL(u).pathname).join(', ');

export function benchWarranties(): Promise<Row[]> {
  return inBuiltApp('/warranties in Chromium', async ({ server, browser, dist }) => {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    await page.goto(`${server.url}/warranties`, { waitUntil: 'load' });
    await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable !== undefined, null, { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const start = await scripts(page);
    const beforeUsable = start.list.filter((s) => s.end <= start.usable);

    const email = 'bench.warranties@example.com';
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByLabel('Enter OTP').fill(await codeFor(server, email));
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByText('No registrations yet.').waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const all = (await scripts(page)).list;
    const bad = forbidden(
      dist,
      all.map((s) => s.url),
    );
    const zod = withZod(
      dist,
      all.map((s) => s.url),
    );
    if (process.env.BENCH_VERBOSE)
      for (const s of beforeUsable) console.error(`before usable: ${new URL(s.url).pathname} ${kb(s.bytes)} KB`);
    await context.close();
    return [
      {
        name: `JS on /warranties before it is usable (email field focused; ${files(beforeUsable)})`,
        value: kb(sum(beforeUsable)),
        unit: 'KB gzip',
        target: `≤ ${TARGET_KB}`,
        pass: sum(beforeUsable) <= TARGET_KB * 1024,
      },
      { name: `JS on /warranties through sign-in to the list (${files(all)})`, value: kb(sum(all)), unit: 'KB gzip' },
      {
        name: `supabase-js or staff chunks loaded on /warranties through the list${bad.length ? ` (${paths(bad)})` : ''}`,
        value: bad.length,
        unit: 'chunks',
        target: '0',
        pass: bad.length === 0,
      },
      {
        name: `chunks with zod loaded on /warranties through the list (the outbox runner, started after the first screen on every page${zod.length ? `: ${paths(zod)}` : ''})`,
        value: zod.length,
        unit: 'chunks',
      },
    ];
  });
}
