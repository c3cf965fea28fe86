// The submissions screen in Chromium with 100,000 submissions on the device: first rows on
// screen after navigation, search keystrokes, long tasks while scrolling, export; and a plain 5,000-row table.
import type { Page } from 'playwright-core';
import { chromiumPath } from '../tests/helpers/browser';
import { inDeviceDb } from '../tests/helpers/device-db';
import { percentile, round, type Row } from './common';
import { fastCopyWritten, keystrokes, onStaffDesk, openTimes, type Open } from './staff-desk';

const ROWS = 100_000;
const PLAIN_ROWS = 5_000;
const TERMS = ['customer 4', 'example.co', 'aurora', 'zz'];

/** 100,000 submissions written straight into the device's IndexedDB, with sync marks so no full fetch follows. */
async function fillCache(page: Page, count: number) {
  await inDeviceDb(
    page,
    (db, n, idb) => {
      const tx = db.transaction(['submissions', 'meta'], 'readwrite');
      const store = tx.objectStore('submissions');
      const base = Date.parse('2025-01-01T00:00:00Z');
      for (let i = 0; i < n; i++) {
        const t = new Date(base + i * 60_000).toISOString().replace('Z', '+00:00');
        store.put({
          $id: `bench${String(i).padStart(6, '0')}`,
          $createdAt: t,
          $updatedAt: t,
          submitted_at: t,
          full_name: `Customer ${i}`,
          email: `customer${i}@example.com`,
          phone: `+1 555${String(i).padStart(7, '0')}`,
          address: `${i} Elm St, Apt ${i % 40}, Springfield, IL, 62701, United States`,
          selected_product: i % 9 === 0 ? 'Aurora Pendant' : '',
          product_sku: `RNG-${1000 + (i % 300)}-18K`,
          image_file_id: i % 3 === 0 ? `photo${i}` : '',
        });
      }
      const now = new Date().toISOString();
      tx.objectStore('meta').put({ key: 'staff.watermark', value: now });
      tx.objectStore('meta').put({ key: 'staff.syncedAt', value: now });
      return idb.done(tx);
    },
    count,
  );
}

/** Milliseconds from navigation start to the first table row, and to every row read, and the longest task between. */
const open = (page: Page, url: string) => openTimes(page, url, '100,000 submissions');

export async function benchStaffTable(): Promise<Row[]> {
  if (!chromiumPath) return [{ name: 'staff table (no Chromium found)', value: 'skipped', unit: '' }];
  return onStaffDesk({ path: '/submission', row: 'tr.subs-table__row', allRead: '100,000 submissions' }, async (page, server) => {
    await page.locator('.subs').waitFor();
    await fillCache(page, ROWS);

    // The first open after the cache was filled reads the records one by one and then writes the fast-read copy;
    // the opens after it read the copy.
    const cold = await open(page, `${server.url}/submission`);
    if (!(await fastCopyWritten(page, 30_000))) throw new Error('the staff table never wrote its fast-read copy');
    const opens: Open[] = [];
    for (let i = 0; i < 3; i++) opens.push(await open(page, `${server.url}/submission`));
    const firsts = opens.map((o) => o.first).sort((a, b) => a - b);
    const alls = opens.map((o) => o.all).sort((a, b) => a - b);
    const longest = Math.max(...opens.map((o) => o.longest));

    await page.waitForTimeout(500);
    const typed = (await keystrokes(page, '#subs-search', '.subs-table tbody', TERMS)).sort((a, b) => a - b);

    const scroll = await page.evaluate(async () => {
      const box = document.querySelector<HTMLElement>('.subs-table__scroller')!;
      const long: number[] = [];
      const obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration)));
      obs.observe({ type: 'longtask', buffered: false });
      let frames = 0;
      const started = performance.now();
      await new Promise<void>((resolve) => {
        const step = () => {
          frames++;
          box.scrollTop += 480;
          if (frames === 60) box.scrollTop = box.scrollHeight / 2;
          if (frames === 120) box.scrollTop = box.scrollHeight;
          if (frames === 150) box.scrollTop = 0;
          if (performance.now() - started < 4000) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      });
      await new Promise((r) => setTimeout(r, 200));
      obs.disconnect();
      return { long, frames, seconds: (performance.now() - started) / 1000 };
    });

    const exportMs = await page.evaluate(() => {
      let done = 0;
      const original = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function () {
        if (this.download) done = performance.now();
        else original.call(this);
      };
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Export')!;
      const t0 = performance.now();
      button.click();
      HTMLAnchorElement.prototype.click = original;
      return done - t0;
    });

    const plain = await page.evaluate(
      async ({ n, terms }) => {
        document.body.innerHTML = '';
        const rows = Array.from({ length: n }, (_, i) => [
          `Customer ${i}`,
          `customer${i}@example.com`,
          `+1 555${i}`,
          `${i} Elm St, Springfield, IL`,
          `RNG-${i % 300}`,
          '—',
        ]);
        const render = (list: string[][]) => {
          const table = document.createElement('table');
          table.innerHTML = `<thead><tr><th>Full Name</th><th>Email</th><th>Phone</th><th>Address</th><th>SKU</th><th>Image</th></tr></thead>`;
          const body = document.createElement('tbody');
          for (const r of list) {
            const tr = document.createElement('tr');
            for (const c of r) tr.appendChild(document.createElement('td')).textContent = c;
            body.appendChild(tr);
          }
          table.appendChild(body);
          document.body.replaceChildren(table);
          table.getBoundingClientRect();
        };
        const t0 = performance.now();
        render(rows);
        const mount = performance.now() - t0;
        const times: number[] = [];
        for (const term of terms)
          for (let i = 1; i <= term.length; i++) {
            const needle = term.slice(0, i);
            const t = performance.now();
            render(rows.filter((r) => r[0]!.toLowerCase().includes(needle) || r[1]!.includes(needle)));
            times.push(performance.now() - t);
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          }
        return { mount, times: times.sort((a, b) => a - b) };
      },
      { n: PLAIN_ROWS, terms: TERMS },
    );

    const firstMs = percentile(firsts, 50);
    const p95 = percentile(typed, 95);
    const plainP95 = percentile(plain.times, 95);
    const over50 = scroll.long.filter((d) => d > 50);
    return [
      {
        name: `staff table ${ROWS.toLocaleString('en-US')} cached rows: first rows on screen after navigation (median of 3)`,
        value: round(firstMs),
        unit: 'ms',
        before: '431 ms',
        target: '≤ 150',
        pass: firstMs <= 150,
      },
      {
        name: 'staff table: every cached row read and searchable after navigation (median of 3)',
        value: round(percentile(alls, 50)),
        unit: 'ms',
        before: '1.8 s',
        target: '≤ 600',
        pass: percentile(alls, 50) <= 600,
      },
      {
        name: 'staff table: longest main-thread task from navigation to every row searchable (3 opens)',
        value: round(longest),
        unit: 'ms',
      },
      {
        name: 'staff table: the first open after the cache was filled (no fast-read copy yet): every row searchable',
        value: round(cold.all),
        unit: 'ms',
      },
      {
        name: `staff table: search keystroke → updated rows p95 (${typed.length} keystrokes)`,
        value: round(p95),
        unit: 'ms',
        target: '≤ 50',
        pass: p95 <= 50,
      },
      {
        name: `staff table: long tasks > 50 ms while scrolling ${round(scroll.seconds, 1)} s (${scroll.frames} frames)`,
        value: over50.length,
        unit: 'tasks',
        target: '0',
        pass: over50.length === 0,
      },
      { name: 'staff table: longest task while scrolling', value: round(Math.max(0, ...scroll.long)), unit: 'ms' },
      {
        name: `staff table: export ${ROWS.toLocaleString('en-US')} rows to CSV`,
        value: round(exportMs),
        unit: 'ms',
        target: '≤ 1000',
        pass: exportMs <= 1000,
      },
      {
        name: `plain table ${PLAIN_ROWS.toLocaleString('en-US')} rows (not virtualized): render + layout`,
        value: round(plain.mount),
        unit: 'ms',
      },
      {
        name: `plain table ${PLAIN_ROWS.toLocaleString('en-US')} rows: search keystroke re-render p95`,
        value: round(plainP95),
        unit: 'ms',
      },
      {
        name: `plain ${PLAIN_ROWS.toLocaleString('en-US')}-row keystroke p95 ÷ virtualized ${ROWS.toLocaleString('en-US')}-row keystroke p95`,
        value: round(plainP95 / Math.max(p95, 0.01), 1),
        unit: '×',
      },
    ];
  });
}
