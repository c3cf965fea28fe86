// Queued registrations written into and read from a browser's IndexedDB, as the app stores them.
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { OutboxEntry, RegistrationFields } from '../../src/db/types';
import { queuedEntry } from '../../src/db/queued-entry';

export type SeedPhoto = { id: string; name: string; type: string; bytes: Buffer; width: number; height: number };
export type SeedRecord = { entry: OutboxEntry; photos: SeedPhoto[] };

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const appwriteId = () => randomBytes(10).toString('hex');

/** A deterministic PRNG (mulberry32), so a failing chaos run can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A real JPEG of width x height: smooth colour bands plus noise from `random`, so every photo differs. */
export async function photoJpeg(random: () => number, width: number, height: number, quality = 85): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  const [r, g, b] = [random() * 255, random() * 255, random() * 255];
  for (let i = 0, p = 0; p < width * height; p++, i += 3) {
    const n = (random() - 0.5) * 90;
    raw[i] = Math.max(0, Math.min(255, r + ((p % width) / width) * 60 + n));
    raw[i + 1] = Math.max(0, Math.min(255, g + n));
    raw[i + 2] = Math.max(0, Math.min(255, b + (p / width / height) * 60 + n));
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export const fieldsFor = (i: number, email: string): RegistrationFields => ({
  full_name: `Customer ${String(i).padStart(3, '0')}`,
  email,
  phone: `+1 555${String(i).padStart(7, '0')}`,
  address: `${i} Elm Street, Springfield, IL, 62701, United States`,
  product_sku: `RNG-${1000 + i}-18K`,
  selected_product: '',
});

/** One queued registration as enqueueRegistration writes it (ids made at queue time, photos owned by the record). */
export function seedRecord(
  i: number,
  userId: string,
  email: string,
  photos: Omit<SeedPhoto, 'id'>[],
  createdAt = Date.now() + i,
): SeedRecord {
  const id = appwriteId();
  const owned = photos.map((p) => ({ ...p, id: crypto.randomUUID() }));
  const entry = queuedEntry({
    id,
    userId,
    fields: fieldsFor(i, email),
    submittedAt: new Date(createdAt).toISOString(),
    files: owned.map((p) => ({ fileId: appwriteId(), draftFileId: p.id, uploaded: false })),
    createdAt,
  });
  return { entry, photos: owned };
}

/** Writes the records into the page origin's device database (the app must have opened it once). */
export async function seedOutbox(page: Page, records: SeedRecord[], batch = 10): Promise<void> {
  for (let i = 0; i < records.length; i += batch) {
    const part = records.slice(i, i + batch).map((r) => ({
      entry: r.entry,
      photos: r.photos.map((p) => ({ ...p, bytes: p.bytes.toString('base64') })),
    }));
    await page.evaluate(async (items) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('warranty');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = db.transaction(['outbox', 'draftFiles'], 'readwrite');
      for (const { entry, photos } of items) {
        tx.objectStore('outbox').put(entry);
        for (const p of photos) {
          const bytes = Uint8Array.from(atob(p.bytes), (c) => c.charCodeAt(0));
          const blob = new Blob([bytes], { type: p.type });
          tx.objectStore('draftFiles').put({
            id: p.id,
            draftId: entry.id,
            name: p.name,
            type: p.type,
            blob,
            width: p.width,
            height: p.height,
            addedAt: entry.createdAt,
          });
        }
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, part);
  }
}

export type DeviceState = {
  outbox: OutboxEntry[];
  photos: Record<string, { sha256: string; size: number; name: string }>;
  meta: Record<string, unknown>;
};

/** The outbox, a digest of every stored photo, and the meta table, read straight from IndexedDB. */
export function readDevice(page: Page): Promise<DeviceState> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('warranty');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result as T[]);
        req.onerror = () => reject(req.error);
      });
    const outbox = await all<OutboxEntry>('outbox');
    const files = await all<{ id: string; name: string; blob: Blob }>('draftFiles');
    const meta = await all<{ key: string; value: unknown }>('meta');
    db.close();
    const photos: Record<string, { sha256: string; size: number; name: string }> = {};
    for (const f of files) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await f.blob.arrayBuffer()));
      photos[f.id] = { sha256: [...digest].map((b) => b.toString(16).padStart(2, '0')).join(''), size: f.blob.size, name: f.name };
    }
    return { outbox, photos, meta: Object.fromEntries(meta.map((m) => [m.key, m.value])) };
  });
}
