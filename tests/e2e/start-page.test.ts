// The start page in a real Chromium at phone size: SPEC.md's texts, Start focused, Enter goes to /login. (It opens
// again from the service worker with the server gone: offline.test.ts opens every route that way.)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appInBrowser, DIST } from '../helpers/suite';
import { startTestServer } from '../helpers/server';
import { chromiumPath, PHONE } from '../helpers/browser';

describe.runIf(chromiumPath)('start page', () => {
  const app = appInBrowser();

  it('shows the title, the subtitle and a focused Start button, under a strict CSP', async () => {
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

  it('goes to /login on Start and on Enter anywhere', async () => {
    const page = await app.browser.newPage(PHONE);
    await page.goto(app.server.url);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.waitForURL(`${app.server.url}/login`);

    await page.goto(app.server.url);
    await page.getByRole('button', { name: 'Start' }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.server.url}/login`);
    await page.close();
  });

  it('sends /login with the wizard’s code named in the page, each file one the wizard then runs', async () => {
    const html = await (await fetch(`${app.server.url}/login`, { headers: { Accept: 'text/html' } })).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
    const wizard = readdirSync(join(DIST, 'assets')).find((f) => /^registration-.*\.js$/.test(f));
    expect(preloaded).toContain(`/assets/${wizard}`);
    expect(await (await fetch(`${app.server.url}/home`, { headers: { Accept: 'text/html' } })).text()).not.toContain(`/assets/${wizard}`);

    const page = await app.browser.newPage(PHONE);
    await page.goto(`${app.server.url}/login`);
    await page.getByLabel('Your Full Name').waitFor();
    const used = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(preloaded.filter((f) => !used.includes(f))).toEqual([]);
    await page.close();
  });

  it('uses the product name from the server’s configuration', async () => {
    const branded = await startTestServer({ staticDir: DIST, productName: 'Maison Aurum Warranty' });
    try {
      const page = await app.browser.newPage(PHONE);
      await page.goto(branded.url);
      await expect.poll(() => page.locator('h1').textContent()).toBe('Maison Aurum Warranty Form');
      await page.close();
    } finally {
      await branded.dispose();
    }
  });
});
