// /claims in Chromium with 10,000 claims on the device (written straight into IndexedDB, as the sync stores them):
// first rows on screen after navigation, every claim read and searchable, and search keystrokes on the device's copy.
import type { Page } from 'playwright-core';
import { chromiumPath, DESK, launch } from '../tests/helpers/browser';
import { inDeviceDb } from '../tests/helpers/device-db';
import { signInStaffThroughForm, STAFF } from '../tests/helpers/fixtures';
import { startTestServer } from '../tests/helpers/server';
import { appBuild, NAME_SHIM } from './app-build';
import { percentile, round, type Row } from './common';
import { keystrokes } from './staff-table';

const CLAIMS = 10_000;
const OPENS = 5;
const TERMS = ['customer 12', 'c-', 'nunez', 'zz'];
const STATUSES = ['submitted', 'needs_information', 'approved', 'ready_for_pickup', 'denied', 'closed'];
const STORES = ['', 'Fifth Avenue', 'Châtelet', 'Union Square'];
const ALL_READ = `${CLAIMS.toLocaleString('en-US')} claims`;

/** The claims written straight into the device's IndexedDB, with sync marks so no full fetch follows. */
async function fillClaims(page: Page, count: number) {
  await inDeviceDb(
    page,
    (db, { n, statuses, stores }, idb) => {
      const tx = db.transaction(['claims', 'meta'], 'readwrite');
      const store = tx.objectStore('claims');
      const base = Date.parse('2025-01-01T00:00:00Z');
      const letters = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
      for (let i = 0; i < n; i++) {
        const t = new Date(base + i * 60_000).toISOString();
        const status = statuses[i % statuses.length]!;
        const open = status === 'denied' || status === 'closed' ? 0 : 1;
        let number = 'C-';
        for (let k = 0, x = i * 7919 + 13; k < 6; k++, x = Math.floor(x / letters.length)) number += letters[x % letters.length];
        store.put({
          id: `claim${String(i).padStart(6, '0')}`,
          number,
          registration_id: `reg${String(i).padStart(6, '0')}`,
          problem: 'broken_chain_or_clasp',
          store: stores[i % stores.length],
          status,
          opened_at: t,
          ended_at: open ? null : t,
          updated_at: t.replace('Z', '+00:00'),
          customer: i % 50 === 0 ? `Ada Núñez ${i}` : `Customer ${i}`,
          email: `customer${i}@example.com`,
          product: i % 9 === 0 ? 'Aurora Pendant' : `RNG-${1000 + (i % 300)}-18K`,
          open,
        });
      }
      const now = new Date().toISOString();
      tx.objectStore('meta').put({ key: 'staff.claims.watermark', value: now });
      tx.objectStore('meta').put({ key: 'staff.claims.syncedAt', value: now });
      return idb.done(tx);
    },
    { n: count, statuses: STATUSES, stores: STORES },
  );
}

type Open = { first: number; all: number; longest: number };

/** Milliseconds from navigation start to the first claim row, and to every claim read, and the longest task between. */
async function open(page: Page, url: string): Promise<Open> {
  await page.goto(url);
  await page.locator('.subs__meta span', { hasText: ALL_READ }).waitFor({ timeout: 60_000 });
  return page.evaluate(() => {
    const w = window as unknown as { __firstRow: number; __allRows: number; __long: PerformanceEntry[] };
    const during = w.__long.filter((e) => e.startTime < w.__allRows);
    return { first: w.__firstRow, all: w.__allRows, longest: Math.max(0, ...during.map((e) => e.duration)) };
  });
}

export async function benchClaimsQueue(): Promise<Row[]> {
  if (!chromiumPath) return [{ name: 'claims queue (no Chromium found)', value: 'skipped', unit: '' }];
  const dist = appBuild();
  const server = await startTestServer({ staffEmail: STAFF.email, staffPassword: STAFF.password, staticDir: dist });
  const browser = await launch();
  try {
    const context = await browser.newContext({ ...DESK, serviceWorkers: 'block', acceptDownloads: false });
    await context.addInitScript(NAME_SHIM);
    await context.addInitScript((allRead: string) => {
      const w = window as unknown as { __firstRow?: number; __allRows?: number; __long: PerformanceEntry[] };
      w.__long = [];
      new PerformanceObserver((list) => w.__long.push(...list.getEntries())).observe({ type: 'longtask' });
      new MutationObserver((_m, obs) => {
        if (!w.__firstRow && document.querySelector('tr.claims-table__row')) w.__firstRow = performance.now();
        if (document.querySelector('.subs__meta span')?.textContent === allRead) {
          w.__allRows = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, ALL_READ);
    const page = await context.newPage();
    await signInStaffThroughForm(page, { from: `${server.url}/claims` });
    await page.locator('.claims').waitFor();
    await fillClaims(page, CLAIMS);

    const opens: Open[] = [];
    for (let i = 0; i < OPENS; i++) opens.push(await open(page, `${server.url}/claims`));
    const firsts = opens.map((o) => o.first).sort((a, b) => a - b);
    const alls = opens.map((o) => o.all).sort((a, b) => a - b);
    const longest = Math.max(...opens.map((o) => o.longest));

    await page.waitForTimeout(500);
    const typed = (await keystrokes(page, '#claims-search', '.claims-table tbody', TERMS)).sort((a, b) => a - b);

    const firstMs = percentile(firsts, 50);
    const p95 = percentile(typed, 95);
    return [
      {
        name: `claims queue ${CLAIMS.toLocaleString('en-US')} cached claims: first rows on screen after navigation (median of ${OPENS})`,
        value: round(firstMs),
        unit: 'ms',
        target: '≤ 150',
        pass: firstMs <= 150,
      },
      {
        name: `claims queue: every cached claim read and searchable after navigation (median of ${OPENS})`,
        value: round(percentile(alls, 50)),
        unit: 'ms',
      },
      {
        name: `claims queue: longest main-thread task from navigation to every claim searchable (${OPENS} opens)`,
        value: round(longest),
        unit: 'ms',
      },
      {
        name: `claims queue: search keystroke → updated rows p95 (${typed.length} keystrokes)`,
        value: round(p95),
        unit: 'ms',
        target: '≤ 50',
        pass: p95 <= 50,
      },
    ];
  } finally {
    await browser.close();
    await server.dispose();
  }
}
