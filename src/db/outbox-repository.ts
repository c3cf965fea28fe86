// The outbox's records on this device: queueing a registration with its ids made up front, counting, and the
// actions a person takes on a record (retry, release after sign-in, save as a file, discard).
import { uniqueId } from '@/shared/unique-id';
import type { AppDb } from './schema';
import type { OutboxEntry, RegistrationFields } from './types';
import { queuedEntry } from './queued-entry';

export type OutboxCounts = { pending: number; sending: number; needsSignIn: number; rejected: number };

/** Only the registration's own fields, whatever else the object carries. */
export const pickRegistrationFields = (f: RegistrationFields): RegistrationFields => ({
  full_name: f.full_name,
  email: f.email,
  phone: f.phone,
  address: f.address,
  product_sku: f.product_sku,
  selected_product: f.selected_product,
});

/**
 * Queues a registration. The document id and one file id per photo are made now, so every retry sends the same
 * ids. The photos stay in draftFiles (now owned by the record: draftId = record id) until the server confirms.
 * With `draftId`, that wizard draft is deleted in the same transaction (no second submit from a stale draft).
 */
export async function enqueueRegistration(
  db: AppDb,
  input: {
    userId: string;
    fields: RegistrationFields;
    draftFileIds: string[];
    submittedAt?: string;
    draftId?: string;
    store?: string | null;
    via?: 'customer' | 'counter';
  },
): Promise<OutboxEntry> {
  const entry = queuedEntry({
    id: uniqueId(),
    userId: input.userId,
    fields: pickRegistrationFields(input.fields),
    submittedAt: input.submittedAt ?? new Date().toISOString(),
    files: input.draftFileIds.map((draftFileId) => ({ fileId: uniqueId(), draftFileId, uploaded: false })),
    createdAt: Date.now(),
  });
  if (input.draftId) entry.draftId = input.draftId;
  if (input.store) entry.store = input.store;
  if (input.via === 'counter') entry.via = 'counter';
  await db.transaction('rw', db.outbox, db.draftFiles, db.drafts, async () => {
    const photos = await db.draftFiles.bulkGet(input.draftFileIds);
    const missing = input.draftFileIds.find((_, i) => !photos[i]);
    if (missing !== undefined) throw new Error(`Photo ${missing} is not on this device.`);
    await db.outbox.add(entry);
    // Why: the wizard clears photos by draftId when it starts over; queued photos must not go with them.
    await db.draftFiles.where('id').anyOf(input.draftFileIds).modify({ draftId: entry.id });
    if (input.draftId) await db.drafts.delete(input.draftId);
  });
  return entry;
}

/** Sends a set-aside (or waiting) record again on the next flush. */
export async function retryEntry(db: AppDb, id: string): Promise<boolean> {
  const changed = await db.outbox
    .where('id')
    .equals(id)
    .modify((e) => {
      if (e.status !== 'sent') e.status = 'pending';
      Object.assign(e, { attempts: 0, nextAttemptAt: 0, lastError: null, lastErrorKind: null });
    });
  return changed > 0;
}

/**
 * After a customer verifies again: their 'needs-sign-in' records (same user id, or the same verified email) go back
 * to 'pending' under the new user id. Other customers' records keep waiting for their own customer.
 */
export function releaseNeedsSignIn(db: AppDb, userId: string, email?: string): Promise<number> {
  const mail = email?.trim().toLowerCase();
  return db.outbox
    .where('status')
    .equals('needs-sign-in')
    .and((e) => e.userId === userId || (!!mail && e.fields.email.trim().toLowerCase() === mail))
    .modify({ status: 'pending', userId, attempts: 0, nextAttemptAt: 0, lastError: null, lastErrorKind: null });
}

export function outboxCounts(db: AppDb): Promise<OutboxCounts> {
  const n = (s: OutboxEntry['status']) => db.outbox.where('status').equals(s).count();
  return db.transaction('r', db.outbox, async () => {
    const [pending, sending, needsSignIn, rejected] = await Promise.all([n('pending'), n('sending'), n('needs-sign-in'), n('rejected')]);
    return { pending, sending, needsSignIn, rejected };
  });
}

/** A stuck record as a JSON file (record + photos as base64), so staff can keep it before discarding it. */
export async function exportEntry(db: AppDb, id: string): Promise<Blob> {
  const entry = await db.outbox.get(id);
  if (!entry) throw new Error(`No queued registration ${id} on this device.`);
  const photos = await Promise.all(
    entry.files.map(async (f) => {
      const p = await db.draftFiles.get(f.draftFileId);
      return { ...f, name: p?.name ?? null, type: p?.type ?? null, base64: p ? await toBase64(p.blob) : null };
    }),
  );
  const file = { format: 'warranty-outbox-entry', version: 1, exportedAt: new Date().toISOString(), entry, photos };
  return new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
}

/** Removes a record and its photos from this device, on an explicit staff decision (export it first). */
export function discardEntry(db: AppDb, id: string): Promise<void> {
  return db.transaction('rw', db.outbox, db.draftFiles, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return;
    await db.draftFiles.bulkDelete(entry.files.map((f) => f.draftFileId));
    await db.outbox.delete(id);
  });
}

async function toBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Every record on this device, oldest first. */
export const listOutbox = (db: AppDb): Promise<OutboxEntry[]> => db.outbox.orderBy('createdAt').toArray();

/** One record, or undefined once the server has it (or it was discarded). */
export const outboxEntry = (db: AppDb, id: string): Promise<OutboxEntry | undefined> => db.outbox.get(id);
