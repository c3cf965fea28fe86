// /claims in Chromium with 10,000 claims on the device (written straight into IndexedDB, as the sync stores them):
// first rows on screen after navigation, every claim read and searchable, and search keystrokes on the device's copy.
import type { Page } from 'playwright-core';
import { chromiumPath } from '../tests/helpers/browser';
import { inDeviceDb } from '../tests/helpers/device-db';
import { percentile, round, type Row } from './common';
import { keystrokes, onStaffDesk, openTimes, type Open } from './staff-desk';

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

const open = (page: Page, url: string) => openTimes(page, url, ALL_READ);

export async function benchClaimsQueue(): Promise<Row[]> {
  if (!chromiumPath) return [{ name: 'claims queue (no Chromium found)', value: 'skipped', unit: '' }];
  return onStaffDesk({ path: '/claims', row: 'tr.claims-table__row', allRead: ALL_READ }, async (page, server) => {
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
  });
}
