// The start page in a real Chromium at phone size: SPEC.md's texts, Start focused, Enter goes to /login, all of it
// with JavaScript off too (the page is prerendered), and the app taking over without a flash or a mismatch. (It opens
// again from the service worker with the server gone: offline.test.ts opens every route that way.)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appInBrowser, DIST } from '../helpers/suite';
import { startTestServer } from '../helpers/server';
import { chromiumPath, PHONE } from '../helpers/browser';
import type { Page } from 'playwright-core';
import { controlledBySw } from '../helpers/offline';

/** Resolves once React has taken over the prerendered Start link (hydration keeps the very element). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const start = document.querySelector('#root a[href="/login"]');
    return start !== null && Object.keys(start).some((k) => k.startsWith('__reactFiber'));
  });

describe.runIf(chromiumPath)('start page', () => {
  const app = appInBrowser();

  it('shows the title, the subtitle and a focused Start link, under a strict CSP', async () => {
    const page = await app.browser.newPage(PHONE);
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(app.server.url);
    expect(res?.headers()['content-security-policy']).toContain("object-src 'none'");
    await expect.poll(() => page.locator('h1').textContent()).toBe('Warranty Registration Form');
    expect(await page.locator('p').first().textContent()).toBe(
      'To claim your complimentary 1-year warranty on your jewelry, kindly fill out this form.',
    );
    expect(await page.locator('img').first().getAttribute('src')).toBe('/logo.svg');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start');
    await page.screenshot({ path: 'test-results/start-page-phone.png' });
    expect(violations).toEqual([]);
    await page.close();
  });

  it('goes to /login on Start and on Enter anywhere, within the app once it has loaded', async () => {
    const page = await app.browser.newPage(PHONE);
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(e.message)); // React reports a hydration mismatch here
    await page.goto(app.server.url);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('link', { name: 'Start' }).click();
    await page.waitForURL(`${app.server.url}/login`);
    await page.getByLabel('Your Full Name').waitFor();
    // No page load: the app moved on by itself.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    await page.goto(app.server.url);
    await hydrated(page);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.server.url}/login`);
    // The prerendered page matched what the app renders: React reported no hydration mismatch.
    expect(errors).toEqual([]);
    await page.close();
  });

  it('paints a first visit before asking for the heading font, which swaps in after; from the service worker, it paints in it at once', async () => {
    const context = await app.browser.newContext(PHONE);
    try {
      // What the title is drawn in on the first frame that shows it, and whether the heading font had been asked for
      // by then: as the page stands when its HTML has been read (the page's own code changes it after a frame at the
      // earliest, so the first frame that shows the title is drawn as it stands here).
      await context.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const title = document.querySelector('h1'); // none: the page came without the start page in it
          (window as unknown as { firstFrame: unknown }).firstFrame = {
            font: title && getComputedStyle(title).fontFamily,
            fontAsked: performance.getEntriesByType('resource').some((e) => e.name.endsWith('.woff2')),
          };
        });
      });
      const firstFrame = (page: Page) =>
        page.waitForFunction(() => (window as unknown as { firstFrame?: unknown }).firstFrame).then((h) => h.jsonValue());
      const titleFont = (page: Page) => page.locator('h1').evaluate((h) => getComputedStyle(h).fontFamily);
      const box = (page: Page) => page.locator('h1').evaluate((h) => h.getBoundingClientRect().height);

      const page = await context.newPage();
      await page.goto(app.server.url);
      expect(await firstFrame(page)).toEqual({ font: expect.not.stringContaining('Cormorant'), fontAsked: false });
      const before = await box(page);
      await expect.poll(() => titleFont(page)).toMatch(/^"?Cormorant Garamond/);
      await expect.poll(() => page.evaluate(() => document.fonts.check('600 1em "Cormorant Garamond"'))).toBe(true);
      expect(await box(page)).toBe(before); // the font swaps in within the same box: nothing below it moves
      await page.screenshot({ path: 'test-results/start-page-font.png' });

      await controlledBySw(page);
      const again = await context.newPage();
      const res = await again.goto(app.server.url);
      expect(res?.fromServiceWorker()).toBe(true);
      expect(await firstFrame(again)).toMatchObject({ font: expect.stringMatching(/^"?Cormorant Garamond/) });
    } finally {
      await context.close();
    }
  });

  it('works before any script runs: JavaScript off, the page is all there and Enter on Start opens /login', async () => {
    const context = await app.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(app.server.url);
      expect(await page.locator('h1').textContent()).toBe('Warranty Registration Form');
      expect(await page.locator('p').first().textContent()).toBe(
        'To claim your complimentary 1-year warranty on your jewelry, kindly fill out this form.',
      );
      expect(await page.getByRole('img', { name: 'Warranty Registration logo' }).isVisible()).toBe(true);
      const start = page.getByRole('link', { name: 'Start' });
      expect(await start.getAttribute('href')).toBe('/login');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Start');
      // Painted in the brand's look (the stylesheet), not as bare HTML.
      expect(await start.evaluate((a) => getComputedStyle(a).textTransform)).toBe('uppercase');
      await page.screenshot({ path: 'test-results/start-page-no-js.png' });
      await page.keyboard.press('Enter');
      await page.waitForURL(`${app.server.url}/login`);
    } finally {
      await context.close();
    }
  });

  it('sends the start page itself in the HTML, and every other page the app shell', async () => {
    const html = (path: string) => fetch(`${app.server.url}${path}`, { headers: { Accept: 'text/html' } }).then((r) => r.text());
    const start = await html('/');
    expect(start).toContain('<a href="/login" class="button button--primary" autofocus="">Start</a>');
    expect(start).toContain('Warranty Registration<!-- --> Form</h1>');
    for (const path of ['/home', '/login/staff', '/submission', '/no-such-page']) {
      const page = await html(path);
      expect(page, path).toContain('<div id="root"><p class="loading">Loading...</p></div>');
      expect(page, path).not.toContain('Start</a>');
    }
  });

  it('sends /login with the wizard’s code named in the page, each file one the wizard then runs', async () => {
    const html = await (await fetch(`${app.server.url}/login`, { headers: { Accept: 'text/html' } })).text();
    // The prerendered page asks for them once it has painted, with the app (its module script names them).
    const boot = html.match(/<script type="module" src="([^"]+)"><\/script>/)![1]!;
    const script = await (await fetch(`${app.server.url}${boot}`)).text();
    const preloaded = JSON.parse(script.match(/for \(const href of (\[[^\]]*\])\)/)![1]!) as string[];
    const wizard = readdirSync(join(DIST, 'assets')).find((f) => /^registration-[\w-]{8}\.js$/.test(f)); // the chunk, not registration-status-…
    expect(preloaded).toContain(`/assets/${wizard}`);
    expect(await (await fetch(`${app.server.url}/home`, { headers: { Accept: 'text/html' } })).text()).not.toContain(`/assets/${wizard}`);

    const page = await app.browser.newPage(PHONE);
    await page.goto(`${app.server.url}/login`);
    await page.waitForFunction(() => document.getElementById('root')?.dataset.prerendered === undefined); // the app has it
    const used = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(preloaded.filter((f) => !used.includes(f))).toEqual([]);
    await page.close();
  });

  it('uses the product name from the server’s configuration, in the prerendered page too', async () => {
    const branded = await startTestServer({ staticDir: DIST, productName: 'Maison & Aurum Warranty' });
    try {
      const page = await app.browser.newPage(PHONE);
      const errors: string[] = [];
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(branded.url);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Maison & Aurum Warranty Form');
      await hydrated(page);
      expect(await page.title()).toBe('Maison & Aurum Warranty');
      expect(errors).toEqual([]);
      await page.close();
      const html = await (await fetch(branded.url)).text();
      expect(html).toContain('<h1 class="start__title">Maison &amp; Aurum Warranty<!-- --> Form</h1>');
    } finally {
      await branded.dispose();
    }
  });
});
