// Queued registrations with two ~300 KB JPEGs each, sent from Chromium to server/ on loopback: a customer's own
// (100, through their session) or a counter's confirmed later by e-mail (50, through submitFromCounter). The server
// runs in its own process, as `npm start` runs it, so the bench's driver never takes turns with it. The queue drains
// where a customer or a counter's next customer is when the network returns: in the wizard, its queue pill showing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { chromiumPath, launchPersistent, PHONE } from '../tests/helpers/browser';
import { appwriteId, deviceDbExpression, inDeviceDb, seedOutbox, seedRecord, type SeedRecord } from '../tests/helpers/device-db';
import { makeJpeg, prng } from '../tests/helpers/fixtures';
import { appBuild, NAME_SHIM } from './app-build';
import { openBare, type BarePage } from './bare-chromium';
import { round, signInCustomer, staffToken, type Row } from './common';
import { cpuOf, processCpu } from './process-cpu';
import { startServerProcess, type BenchServer } from './server-process';
import { STAFF } from '../tests/helpers/fixtures';
import { DB_FILE } from '../server/store/sqlite';
import { documentOf } from '../src/sync/outbox';

/** Makes the page's device a counter, as "Use this device as a counter" does (the token kept in IndexedDB). */
async function enrolCounter(page: Page, base: string, staffToken: string) {
  const res = await fetch(`${base}/.netlify/functions/enrolCounter`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${staffToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ store: 'Bench Store' }),
  });
  if (!res.ok) throw new Error(`enrolCounter answered ${res.status}`);
  const counter = (await res.json()) as { id: string; store: string; token: string };
  await inDeviceDb(
    page,
    (db, value, idb) => {
      const tx = db.transaction('meta', 'readwrite');
      tx.objectStore('meta').put({ key: 'counter', value });
      return idb.done(tx);
    },
    { ...counter, enrolledAt: new Date().toISOString() },
  );
}

const LIMIT_S = 120;

/** How many registrations another customer's device sends first, so the drain meets a server that has been running. */
export const WARM_UP = 30;

/**
 * A running server has taken registrations before: another customer's registrations go through the calls a device
 * makes (two photos, the document, the hand-off with its certificate and e-mail) before the drain. Measured on a
 * server just started, the first hundred registrations cost about 6 ms of server time each more than later ones (the
 * process compiling its code, the certificate's first use of its fonts: 55–65 ms for the first certificate alone).
 * Returns the server's CPU time per warm-up registration.
 */
async function warmServer(server: BenchServer, count: number, jpeg: Buffer<ArrayBuffer>): Promise<number> {
  const email = 'warm-up@example.com';
  const headers = await signInCustomer(server.base, email);
  const send = async (path: string, init: RequestInit) => {
    const res = await fetch(`${server.base}${path}`, init);
    if (!res.ok) throw new Error(`warm-up: ${path} answered ${res.status} ${await res.text()}`);
    return res;
  };
  const me = (await (await send('/v1/account', { headers })).json()) as { $id: string };
  const { jwt } = (await (await send('/v1/account/jwts', { method: 'POST', headers })).json()) as { jwt: string };
  const readers = [`read("user:${me.$id}")`];
  const before = cpuOf(server.pid) ?? 0;
  for (let i = 0; i < count; i++) {
    const { entry } = seedRecord(10_000 + i, me.$id, email, []);
    const fileIds = [appwriteId(), appwriteId()];
    for (const [k, fileId] of fileIds.entries()) {
      const form = new FormData();
      form.append('fileId', fileId);
      form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), `photo-${k + 1}.jpg`);
      for (const r of readers) form.append('permissions[]', r);
      await send('/v1/storage/buckets/images/files', { method: 'POST', headers, body: form });
    }
    const data = { ...documentOf(entry), image_file_id: fileIds.join(',') };
    const json = { ...headers, 'Content-Type': 'application/json' };
    const body = JSON.stringify({ documentId: entry.id, data, permissions: readers });
    await send('/v1/databases/warranty/collections/submissions/documents', { method: 'POST', headers: json, body });
    await send('/.netlify/functions/sendToShopify', {
      method: 'POST',
      headers: { 'X-Appwrite-JWT': jwt, 'Content-Type': 'application/json' },
      body: JSON.stringify({ $id: entry.id, ...data }),
    });
  }
  return ((cpuOf(server.pid) ?? before) - before) / count;
}

/**
 * Until the wizard is up with its queue pill showing the waiting registrations, and its outbox runner has looked at
 * the queue (it finds nothing due yet).
 */
async function waitForWizard(page: BarePage) {
  const until = Date.now() + 30_000;
  while (!(await page.evaluate<boolean>(`document.readyState === 'complete' && !!document.querySelector('.queue-pill')`))) {
    if (Date.now() > until) throw new Error('the wizard with its queue pill did not open within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 1_000));
}

type Drain = {
  via: 'customer' | 'counter';
  records: number;
  /** Another process spins on one core while the outbox drains, as a busy machine's would. */
  busyCore?: boolean;
};

/** A process that keeps one core busy until it is stopped. */
function spinOneCore() {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

export async function benchOutboxDrain(
  { via, records: RECORDS, busyCore = false }: Drain = { via: 'customer', records: 100 },
): Promise<Row[]> {
  const label = (via === 'counter' ? 'counter drain' : 'outbox drain') + (busyCore ? ' beside a process holding one core' : '');
  if (!chromiumPath) return [{ name: `${label} (no Chromium found)`, value: 'skipped', unit: '' }];
  const dist = appBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'warranty-drain-'));
  const server = await startServerProcess(30_000, { dataDir, staticDir: dist, staff: STAFF });
  const db = new Database(join(dataDir, DB_FILE), { readonly: true });
  const profile = mkdtempSync(join(tmpdir(), 'warranty-drain-browser-'));
  let bare: BarePage | null = null;
  let busy: ReturnType<typeof spinOneCore> | null = null;
  try {
    // Playwright prepares the device (its session or counter token, the queued registrations) in a profile ...
    const context = await launchPersistent(profile, { ...PHONE, serviceWorkers: 'block' });
    await context.addInitScript(NAME_SHIM);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.base);
    await page.getByRole('link', { name: 'Start' }).waitFor();

    const email = 'drain@example.com';
    let userId = '';
    if (via === 'customer') {
      const { 'X-Fallback-Cookies': session } = await signInCustomer(server.base, email);
      await page.evaluate((s) => localStorage.setItem('cookieFallback', s!), session);
      userId = (db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string }).id;
    } else {
      await enrolCounter(page, server.base, await staffToken(server, STAFF));
    }

    const random = prng(300);
    let bytes = 0;
    for (let i = 0; i < RECORDS; i += 5) {
      const batch: SeedRecord[] = [];
      for (let k = i; k < i + 5; k++) {
        const photos = await Promise.all(
          [1, 2].map(async (n) => {
            const [width, height] = [1152, 768];
            const jpeg = await makeJpeg({ look: 'grain', random, width, height, quality: 80 });
            bytes += jpeg.length;
            return { name: `photo-${n}.jpg`, type: 'image/jpeg', bytes: jpeg, width, height };
          }),
        );
        const record = seedRecord(k, userId, email, photos);
        // Waiting out a backoff: the app sends them when 'online' says the network is back, not as it opens.
        record.entry.nextAttemptAt = Date.now() + 3_600_000;
        if (via === 'counter') Object.assign(record.entry, { via: 'counter', store: 'Bench Store' });
        batch.push(record);
      }
      await seedOutbox(page, batch, 5);
    }
    await context.close();

    const warmUpCpu = await warmServer(server, WARM_UP, await makeJpeg({ look: 'grain', random, width: 1152, height: 768, quality: 80 }));
    const stored = () => ({
      docs: (
        db
          .prepare("SELECT COUNT(*) AS n FROM documents WHERE collection_id = 'submissions' AND json_extract(data, '$.status') = ?")
          .get(via === 'counter' ? 'pending' : 'confirmed') as { n: number }
      ).n,
      files: (db.prepare("SELECT COUNT(*) AS n FROM files WHERE bucket_id = 'images'").get() as { n: number }).n,
    });
    const storedBefore = stored();

    // ... and the drain runs in Chromium driven bare (./bare-chromium.ts). The page's runner alone: no service worker
    // racing it for the lock, so runs compare.
    bare = await openBare(
      profile,
      `${server.base}/login`,
      `${NAME_SHIM.content} navigator.serviceWorker.register = () => new Promise(() => {});`,
    );
    await waitForWizard(bare);

    busy = busyCore ? spinOneCore() : null;
    const cpuBefore = processCpu();
    const serverBefore = cpuOf(server.pid);
    const busyBefore = busy ? (cpuOf(busy.pid) ?? 0) : 0;
    // 'online' makes the runner send at once; the clock stops when the device's outbox is empty.
    const seconds = await bare.evaluate<number>(
      deviceDbExpression(async (db, limitS: number, idb) => {
        const count = () => idb.result(db.transaction('outbox').objectStore('outbox').count());
        const t0 = performance.now();
        dispatchEvent(new Event('online'));
        while ((await count()) > 0) {
          if (performance.now() - t0 > limitS * 1000) throw new Error(`the outbox was not empty after ${limitS} s`);
          await new Promise((r) => setTimeout(r, 50));
        }
        return (performance.now() - t0) / 1000;
      }, LIMIT_S),
    );

    // The spinning process's time is no part of the drain's: read with the rest, before it stops.
    const busyTime = busy ? (cpuOf(busy.pid) ?? busyBefore) - busyBefore : 0;
    const cpuAfter = processCpu();
    const serverAfter = cpuOf(server.pid);
    busy?.stop();
    const after = stored();
    const [docs, files] = [after.docs - storedBefore.docs, after.files - storedBefore.files];
    if (docs !== RECORDS || files !== RECORDS * 2)
      throw new Error(`the drain stored ${docs} documents and ${files} files, expected ${RECORDS} and ${RECORDS * 2}`);
    const mb = bytes / 2 ** 20;
    return [
      {
        name: `${label}: ${RECORDS} registrations × 2 photos (${round(mb, 1)} MB of JPEG) from Chromium to server/ on loopback`,
        value: round(seconds, 2),
        unit: 's',
        target: '≤ 30',
        pass: seconds <= 30,
      },
      {
        name: `${label}: throughput, the server having taken ${WARM_UP} registrations first`,
        value: round(RECORDS / seconds, 1),
        unit: 'registrations/s',
        ...(via === 'customer'
          ? {
              before: `${busyCore ? '16.8–21.0' : '25.2–29.5'} registrations/s (the wizard's pill reading the whole outbox on every change)`,
              target: '≥ 20',
              pass: RECORDS / seconds >= 20,
            }
          : {}),
      },
      { name: `${label}: photo upload rate`, value: round(mb / seconds, 1), unit: 'MB/s' },
      {
        name: `${label}: server CPU time per registration of the ${WARM_UP} first, just after it started (another customer's)`,
        value: round(warmUpCpu, 1),
        unit: 'ms',
      },
      ...(cpuBefore && cpuAfter && serverBefore !== null && serverAfter !== null
        ? [
            {
              name: `${label}: CPU time per registration, server + Chromium`,
              value: `${round((serverAfter - serverBefore) / RECORDS, 1)} + ${round((cpuAfter.children - cpuBefore.children - busyTime - (serverAfter - serverBefore)) / RECORDS, 1)}`,
              unit: 'ms',
            },
          ]
        : []),
    ];
  } finally {
    busy?.stop();
    await bare?.close();
    rmSync(profile, { recursive: true, force: true });
    db.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
