// The app as an installed PWA: installable, and a new version waits for the person to choose Reload.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server';
import { chromiumPath, launchPersistent, PHONE } from '../helpers/browser';

const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe.runIf(chromiumPath)('installed app', () => {
  it('is installable: Chromium reports no installability errors', async () => {
    const profile = temp('warranty-profile-');
    const server = await startTestServer({ staticDir: DIST });
    const context = await launchPersistent(profile, PHONE);
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
      const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
      expect(manifest.errors).toEqual([]);
    } finally {
      await context.close();
      await server.dispose();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('offers a new version with Reload and never reloads by itself', async () => {
    const profile = temp('warranty-profile-');
    const dataDir = temp('warranty-data-');
    const next = temp('warranty-next-');
    cpSync(DIST, next, { recursive: true });
    writeFileSync(join(next, 'sw.js'), readFileSync(join(next, 'sw.js'), 'utf8') + '\n// next version\n');

    const first = await startTestServer({ staticDir: DIST }, dataDir);
    const context = await launchPersistent(profile, PHONE);
    let second: Awaited<ReturnType<typeof startTestServer>> | null = null;
    try {
      const page = await context.newPage();
      await page.goto(first.url);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await first.close();

      second = await startTestServer({ staticDir: next, port: first.port }, dataDir);
      await page.evaluate(() => {
        (window as unknown as { stillHere: boolean }).stillHere = true;
        return navigator.serviceWorker.getRegistration().then((r) => r?.update());
      });
      const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await banner.waitFor();
      await page.waitForTimeout(1000);
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

      await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBeUndefined();
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'A new version is available' }).count()).toBe(0);
    } finally {
      await context.close();
      await second?.dispose();
      rmSync(profile, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(next, { recursive: true, force: true });
    }
  });
});
