// First contentful paint of the start page from the service worker, server stopped (median of 5).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, launch, PHONE } from '../tests/helpers/browser';
import { startTestServer } from '../tests/helpers/server';
import { appBuild, NAME_SHIM } from './app-build';
import { percentile, round, type Row } from './common';

const RELOADS = 5;

export async function benchOfflineStart(): Promise<Row[]> {
  if (!chromiumPath) return [{ name: 'offline start (no Chromium found)', value: 'skipped', unit: '' }];
  const dist = appBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'warranty-bench-offline-'));
  const server = await startTestServer({ staticDir: dist }, dataDir);
  let running = true;
  const browser = await launch();
  try {
    const context = await browser.newContext(PHONE);
    await context.addInitScript(NAME_SHIM);
    const page = await context.newPage();
    const start = page.getByRole('link', { name: 'Start' });
    await page.goto(server.url);
    await start.waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload(); // controlled by the worker from here on, with the shell precached
    await start.waitFor();
    await server.close();
    running = false;

    const fcps: number[] = [];
    for (let i = 0; i < RELOADS; i++) {
      const res = await page.reload();
      if (!res?.fromServiceWorker()) throw new Error('the start page was not served by the service worker');
      await start.waitFor();
      fcps.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list, obs) => {
                const fcp = list.getEntriesByName('first-contentful-paint')[0];
                if (!fcp) return;
                obs.disconnect();
                resolve(fcp.startTime);
              }).observe({ type: 'paint', buffered: true });
            }),
        ),
      );
    }
    const sorted = [...fcps].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    return [
      {
        name: `offline start page (service worker, server stopped): first contentful paint, median of ${RELOADS} reloads`,
        value: round(median),
        unit: 'ms',
        target: '≤ 300',
        pass: median <= 300,
      },
      { name: 'offline start page: slowest of the reloads', value: round(sorted[sorted.length - 1]!), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    if (running) await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
