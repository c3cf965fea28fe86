// 100 queued registrations with two ~300 KB JPEGs each, sent from Chromium to server/ on loopback.
import sharp from 'sharp';
import { chromiumPath, launch, PHONE } from '../tests/helpers/browser';
import { photoJpeg, prng, seedOutbox, seedRecord, type SeedRecord } from '../tests/helpers/device-outbox';
import { startTestServer } from '../tests/helpers/server';
import { appBuild, NAME_SHIM } from './app-build';
import { round, signInCustomer, type Row } from './common';

const RECORDS = 100;
const LIMIT_S = 120;

export async function benchOutboxDrain(): Promise<Row[]> {
  if (!chromiumPath) return [{ name: 'outbox drain (no Chromium found)', value: 'skipped', unit: '' }];
  const dist = appBuild();
  const server = await startTestServer({ staticDir: dist });
  const browser = await launch();
  try {
    // The page's runner alone: no worker racing it for the lock, so runs compare.
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    await context.addInitScript(NAME_SHIM);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Start' }).waitFor();

    const email = 'drain@example.com';
    const { 'X-Fallback-Cookies': session } = await signInCustomer(server.url, email);
    await page.evaluate((s) => localStorage.setItem('cookieFallback', s!), session);
    const { id: userId } = server.db.prepare('SELECT id FROM users WHERE email = ?').get(email) as { id: string };

    const random = prng(300);
    let bytes = 0;
    for (let i = 0; i < RECORDS; i += 5) {
      const batch: SeedRecord[] = [];
      for (let k = i; k < i + 5; k++) {
        const photos = await Promise.all(
          [1, 2].map(async (n) => {
            const jpeg = await photoJpeg(random, 1152, 768, 80);
            const { width = 0, height = 0 } = await sharp(jpeg).metadata();
            bytes += jpeg.length;
            return { name: `photo-${n}.jpg`, type: 'image/jpeg', bytes: jpeg, width, height };
          }),
        );
        batch.push(seedRecord(k, userId, email, photos));
      }
      await seedOutbox(page, batch, 5);
    }

    // 'online' makes the runner send at once; the clock stops when the device's outbox is empty.
    const seconds = await page.evaluate(async (limitS) => {
      // One connection for the whole wait, so the measuring costs the page as little as it can.
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('warranty');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      const count = () =>
        new Promise<number>((resolve, reject) => {
          const req = db.transaction('outbox').objectStore('outbox').count();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      const t0 = performance.now();
      dispatchEvent(new Event('online'));
      try {
        while ((await count()) > 0) {
          if (performance.now() - t0 > limitS * 1000) throw new Error(`the outbox was not empty after ${limitS} s`);
          await new Promise((r) => setTimeout(r, 50));
        }
        return (performance.now() - t0) / 1000;
      } finally {
        db.close();
      }
    }, LIMIT_S);

    const docs = (server.db.prepare("SELECT COUNT(*) AS n FROM documents WHERE collection_id = 'submissions'").get() as { n: number }).n;
    const files = (server.db.prepare("SELECT COUNT(*) AS n FROM files WHERE bucket_id = 'images'").get() as { n: number }).n;
    if (docs !== RECORDS || files !== RECORDS * 2)
      throw new Error(`server holds ${docs} documents and ${files} files, expected ${RECORDS} and ${RECORDS * 2}`);
    const mb = bytes / 2 ** 20;
    return [
      {
        name: `outbox drain: ${RECORDS} registrations × 2 photos (${round(mb, 1)} MB of JPEG) from Chromium to server/ on loopback`,
        value: round(seconds, 2),
        unit: 's',
        target: '≤ 30',
        pass: seconds <= 30,
      },
      {
        name: 'outbox drain: throughput',
        value: round(RECORDS / seconds, 1),
        unit: 'registrations/s',
        before: '13.1 registrations/s',
        target: '≥ 20',
        pass: RECORDS / seconds >= 20,
      },
      { name: 'outbox drain: photo upload rate', value: round(mb / seconds, 1), unit: 'MB/s' },
    ];
  } finally {
    await browser.close();
    await server.dispose();
  }
}
