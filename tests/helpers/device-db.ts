// The app's device database (IndexedDB "warranty") in a browser page: code run with it open, queued registrations
// written as the app stores them, and every table read back.
import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { OutboxEntry } from '../../src/db/types';
import { queuedEntry } from '../../src/db/queued-entry';
import { registrationFields } from './fixtures';

export type SeedPhoto = { id: string; name: string; type: string; bytes: Uint8Array; width: number; height: number };
export type SeedRecord = { entry: OutboxEntry; photos: SeedPhoto[] };

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** A document or file id as the app makes them (20 hex characters). */
export const appwriteId = () => randomBytes(10).toString('hex');

/** Promises for IndexedDB's events, handed to the code `inDeviceDb` runs. */
export type Idb = {
  /** The request's result once it succeeds. */
  result<T>(req: IDBRequest<T>): Promise<T>;
  /** Settles when the transaction commits. */
  done(tx: IDBTransaction): Promise<void>;
};

/**
 * Runs `fn` in the page with the device database open, and closes it after. `fn` runs in the browser: it sees its
 * arguments only (`arg` travels as JSON).
 */
export function inDeviceDb<A, R>(page: Page, fn: (db: IDBDatabase, arg: A, idb: Idb) => R | Promise<R>, arg: A): Promise<R> {
  return page.evaluate(deviceDbExpression(fn, arg)) as Promise<R>;
}

/** What inDeviceDb evaluates: `fn` run with the device database open, as an expression for any page driver. */
export function deviceDbExpression<A, R>(fn: (db: IDBDatabase, arg: A, idb: Idb) => R | Promise<R>, arg: A): string {
  return `(async () => {
    const idb = {
      result: (req) => new Promise((resolve, reject) => {
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      }),
      done: (tx) => new Promise((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(tx.error);
      }),
    };
    const db = await idb.result(indexedDB.open('warranty'));
    try {
      return await (${fn.toString()})(db, ${JSON.stringify(arg) ?? 'undefined'}, idb);
    } finally {
      db.close();
    }
  })()`;
}

/** One queued registration as outboxRepository(db).enqueue writes it (ids made at queue time, photos owned by the record). */
export function seedRecord(
  i: number,
  userId: string,
  email: string,
  photos: Omit<SeedPhoto, 'id'>[],
  createdAt = Date.now() + i,
): SeedRecord {
  const id = appwriteId();
  const owned = photos.map((p) => ({ ...p, id: crypto.randomUUID() }));
  const fields = registrationFields({
    full_name: `Customer ${String(i).padStart(3, '0')}`,
    email,
    phone: `+1 555${String(i).padStart(7, '0')}`,
    address: `${i} Elm Street, Springfield, IL, 62701, United States`,
    product_sku: `RNG-${1000 + i}-18K`,
  });
  const entry = queuedEntry({
    id,
    userId,
    fields,
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
      photos: r.photos.map((p) => ({ ...p, bytes: Buffer.from(p.bytes).toString('base64') })),
    }));
    await inDeviceDb(
      page,
      (db, items, idb) => {
        const tx = db.transaction(['outbox', 'draftFiles'], 'readwrite');
        for (const { entry, photos } of items) {
          tx.objectStore('outbox').put(entry);
          for (const { bytes, ...p } of photos) {
            // Kept as the app keeps a photo: a File with its name.
            const blob = new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], p.name, { type: p.type });
            tx.objectStore('draftFiles').put({ ...p, draftId: entry.id, blob, addedAt: entry.createdAt });
          }
        }
        return idb.done(tx);
      },
      part,
    );
  }
}

export type DevicePhoto = { sha256: string; size: number; name: string; type: string; width: number; height: number };
export type DeviceState = {
  outbox: OutboxEntry[];
  drafts: { id: string; step: number; values: Record<string, unknown>; updatedAt: number }[];
  photos: Record<string, DevicePhoto>;
  meta: Record<string, unknown>;
  submissions: { $id: string }[];
  pendingEdits: { id: string }[];
};

/** Every table of the device database, read straight from IndexedDB (a photo as a digest of its bytes). */
export function readDevice(page: Page): Promise<DeviceState> {
  return inDeviceDb(
    page,
    async (db, _arg: null, idb) => {
      const all = <T>(store: string) =>
        db.objectStoreNames.contains(store) ? idb.result<T[]>(db.transaction(store).objectStore(store).getAll()) : Promise.resolve([]);
      type File = { id: string; name: string; type: string; width: number; height: number; blob: Blob };
      const [outbox, drafts, files, meta, submissions, pendingEdits] = await Promise.all([
        all<OutboxEntry>('outbox'),
        all<DeviceState['drafts'][number]>('drafts'),
        all<File>('draftFiles'),
        all<{ key: string; value: unknown }>('meta'),
        all<{ $id: string }>('submissions'),
        all<{ id: string }>('pendingEdits'),
      ]);
      const photos: Record<string, DevicePhoto> = {};
      for (const f of files) {
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await f.blob.arrayBuffer()));
        const sha256 = [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
        photos[f.id] = { sha256, size: f.blob.size, name: f.name, type: f.blob.type, width: f.width, height: f.height };
      }
      return { outbox, drafts, photos, meta: Object.fromEntries(meta.map((m) => [m.key, m.value])), submissions, pendingEdits };
    },
    null,
  );
}
