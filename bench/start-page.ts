// The start page (/) of the built app served by server/: whether it is usable before any script runs (JavaScript
// off in the browser: logo, title, subtitle, and Start taking Enter to /login), and the JavaScript it needs before it
// is usable (none when it is; otherwise every script that arrived before Start had focus).
import type { Browser, Page } from 'playwright-core';
import { chromiumPath, launch, PHONE } from '../tests/helpers/browser';
import { startTestServer } from '../tests/helpers/server';
import { appBuild, NAME_SHIM } from './app-build';
import { round, type Row } from './common';

const BEFORE_JS_KB = '71.8 KB gzip';
const PROBE = `document.addEventListener('focusin', (e) => e.target.textContent === 'Start' && (window.__startFocused ??= performance.now()), true);`;

/** What works on / with JavaScript off; the list is empty when all of it does. */
async function missingWithoutJs(browser: Browser, base: string): Promise<string[]> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const missing: string[] = [];
    const visible = async (what: string, check: (p: Page) => Promise<boolean>) => {
      if (!(await check(page).catch(() => false))) missing.push(what);
    };
    await visible('logo', (p) => p.locator('main img[alt$="logo"]').isVisible());
    await visible('title', async (p) => / Form$/.test((await p.locator('h1').textContent({ timeout: 1000 })) ?? ''));
    await visible('subtitle', (p) => p.getByText('To claim your complimentary 1-year warranty', { exact: false }).isVisible());
    await visible('Start', (p) => p.getByRole('link', { name: 'Start' }).isVisible());
    if (!missing.includes('Start')) {
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      if (focused !== 'Start') missing.push('Start focused');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${base}/login`, { timeout: 5000 }).catch(() => missing.push('Enter to /login'));
    }
    return missing;
  } finally {
    await context.close();
  }
}

/** Scripts (gzip bytes) that had arrived when Start got focus, with JavaScript on. */
async function scriptsBeforeStart(browser: Browser, base: string): Promise<{ kb: number; files: number }> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  await context.addInitScript(NAME_SHIM);
  await context.addInitScript({ content: PROBE });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.waitForFunction(() => (window as unknown as { __startFocused?: number }).__startFocused !== undefined);
    await page.waitForLoadState('networkidle');
    return page.evaluate(() => {
      const ready = (window as unknown as { __startFocused: number }).__startFocused;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => /\.m?js$/.test(new URL(e.name).pathname) && e.responseEnd <= ready,
      );
      return { kb: scripts.reduce((n, e) => n + e.encodedBodySize, 0) / 1024, files: scripts.length };
    });
  } finally {
    await context.close();
  }
}

export async function benchStartPage(): Promise<Row[]> {
  if (!chromiumPath) return [{ name: 'start page (no Chromium found)', value: 'skipped', unit: '' }];
  const server = await startTestServer({ staticDir: appBuild() });
  const browser = await launch();
  try {
    const missing = await missingWithoutJs(browser, server.url);
    const js = missing.length ? await scriptsBeforeStart(browser, server.url) : { kb: 0, files: 0 };
    return [
      {
        name: `/ usable with JavaScript off (logo, title, subtitle, Start focused, Enter → /login)${missing.length ? `; missing: ${missing.join(', ')}` : ''}`,
        value: missing.length ? 'no' : 'yes',
        unit: '',
        before: 'no',
        target: 'yes',
        pass: missing.length === 0,
      },
      {
        name: `JS needed before / is usable (${js.files} file${js.files === 1 ? '' : 's'})`,
        value: round(js.kb, 1),
        unit: 'KB gzip',
        before: BEFORE_JS_KB,
        target: '0',
        pass: js.kb === 0,
      },
    ];
  } finally {
    await browser.close();
    await server.dispose();
  }
}
