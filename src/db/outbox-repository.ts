// The outbox's records on this device: queueing a registration with its ids made up front, the steps of its delivery
// (take the next due record, note the photos that went up, mark it sent, hold it, set it aside, forget it), counting,
// and the actions a person takes on a record (retry, release after sign-in, save as a file, discard).
import { base64Of } from '@/shared/base64';
import { uniqueId } from '@/shared/unique-id';
import type { AppDb } from './schema';
import type { DraftFile, OutboxEntry, OutboxErrorKind, RegistrationFields } from './types';
import { queuedEntry } from './queued-entry';

export type OutboxCounts = { pending: number; sending: number; needsSignIn: number; rejected: number };

/** Why and when the last attempt of a record failed. */
export type AttemptFailure = { lastError: string; lastErrorKind: OutboxErrorKind; failedAt: number };
/** When a record is tried again: its attempts so far and the time of the next one. */
export type Backoff = Pick<OutboxEntry, 'attempts' | 'nextAttemptAt'>;
type Files = OutboxEntry['files'];

/** Only the registration's own fields, whatever else the object carries. */
export const pickRegistrationFields = (f: RegistrationFields): RegistrationFields => ({
  full_name: f.full_name,
  email: f.email,
  phone: f.phone,
  address: f.address,
  product_sku: f.product_sku,
  selected_product: f.selected_product,
});

export type EnqueueInput = {
  userId: string;
  fields: RegistrationFields;
  draftFileIds: string[];
  submittedAt?: string;
  draftId?: string;
  store?: string | null;
  via?: 'customer' | 'counter';
  /**
   * A set-aside record this one fixes: it takes that record's place and id (so the server can never hold both), and
   * the old record goes with its photos. Should the server have the old one after all, the old one stays and the fix
   * is dropped: one registration, never two.
   */
  replaces?: string;
};

// A 'sending' record is due too: under the outbox lock, no live runner can hold it, so a killed tab left it.
const isDue = (e: OutboxEntry, now: number) =>
  e.nextAttemptAt <= now && (e.status === 'pending' || e.status === 'sending' || (e.status === 'sent' && !e.shopifyNotified));

/** A record taken for sending, with the photos it still has to upload (in the order of its files not yet up). */
export type Taken = { entry: OutboxEntry; photos: (DraftFile | undefined)[] };

/**
 * Changes some fields of a record, read and written in one transaction (Table.update lists the matching keys first:
 * a third request for one known key). Nothing happens to a record no longer there.
 */
const change = (db: AppDb, id: string, changes: Partial<OutboxEntry>): Promise<void> =>
  db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(id);
    if (entry) await db.outbox.put({ ...entry, ...changes });
  });

export const outboxRepository = (db: AppDb) => ({
  /**
   * Queues a registration. The document id and one file id per photo are made now, so every retry sends the same
   * ids. The photos stay in draftFiles (now owned by the record: draftId = record id) until the server confirms.
   * With `draftId`, that wizard draft is deleted in the same transaction (no second submit from a stale draft).
   */
  async enqueue(input: EnqueueInput): Promise<OutboxEntry> {
    const entry = queuedEntry({
      id: input.replaces ?? uniqueId(),
      userId: input.userId,
      fields: pickRegistrationFields(input.fields),
      submittedAt: input.submittedAt ?? new Date().toISOString(),
      files: input.draftFileIds.map((draftFileId) => ({ fileId: uniqueId(), draftFileId, uploaded: false })),
      createdAt: Date.now(),
    });
    if (input.draftId) entry.draftId = input.draftId;
    if (input.store) entry.store = input.store;
    if (input.via === 'counter') entry.via = 'counter';
    return db.transaction('rw', db.outbox, db.draftFiles, db.drafts, async () => {
      const photos = await db.draftFiles.bulkGet(input.draftFileIds);
      const missing = input.draftFileIds.find((_, i) => !photos[i]);
      if (missing !== undefined) throw new Error(`Photo ${missing} is not on this device.`);
      const old = input.replaces ? await db.outbox.get(input.replaces) : undefined;
      if (old?.documentCreated) {
        await db.draftFiles.bulkDelete(input.draftFileIds);
        if (input.draftId) await db.drafts.delete(input.draftId);
        return old;
      }
      if (old) {
        await db.draftFiles.bulkDelete(old.files.map((f) => f.draftFileId).filter((id) => !input.draftFileIds.includes(id)));
        await db.outbox.delete(old.id);
        entry.submittedAt = old.submittedAt; // registered then; the fix only corrects what was typed
      }
      await db.outbox.add(entry);
      // Why: the wizard clears photos by draftId when it starts over; queued photos must not go with them.
      await db.draftFiles.where('id').anyOf(input.draftFileIds).modify({ draftId: entry.id });
      if (input.draftId) await db.drafts.delete(input.draftId);
      return entry;
    });
  },

  /** Every record on this device, oldest first. */
  list: (): Promise<OutboxEntry[]> => db.outbox.orderBy('createdAt').toArray(),
  /** One record, or undefined once the server has it (or it was discarded). */
  get: (id: string): Promise<OutboxEntry | undefined> => db.outbox.get(id),

  counts(): Promise<OutboxCounts> {
    const n = (s: OutboxEntry['status']) => db.outbox.where('status').equals(s).count();
    return db.transaction('r', db.outbox, async () => {
      const [pending, sending, needsSignIn, rejected] = await Promise.all([n('pending'), n('sending'), n('needs-sign-in'), n('rejected')]);
      return { pending, sending, needsSignIn, rejected };
    });
  },

  /** When the soonest record still to send (or to hand off) is due; Infinity when there is none. */
  async soonestAttemptAt(): Promise<number> {
    const waiting = await db.outbox.where('status').anyOf('pending', 'sending', 'sent').toArray();
    return Math.min(...waiting.map((e) => e.nextAttemptAt));
  },

  /**
   * Takes the oldest record due at `now` that is not in `skip`, and marks it 'sending' in the read's transaction, so
   * nothing can take it between the read and the mark (a record already sent keeps its status: only its hand-off is
   * left). With it come the photos still to upload, read in the same transaction (undefined for one no longer on the
   * device). Undefined when nothing is due.
   */
  takeNextDue(now: number, skip: ReadonlySet<string>): Promise<Taken | undefined> {
    return db.transaction('rw', db.outbox, db.draftFiles, async () => {
      const entry = await db.outbox
        .orderBy('createdAt')
        .filter((e) => !skip.has(e.id) && isDue(e, now))
        .first();
      if (!entry) return undefined;
      if (entry.status !== 'sent') {
        entry.status = 'sending';
        await db.outbox.put(entry); // read in this transaction: nothing else can have changed it
      }
      const waiting = entry.documentCreated ? [] : entry.files.filter((f) => !f.uploaded).map((f) => f.draftFileId);
      return { entry, photos: waiting.length ? await db.draftFiles.bulkGet(waiting) : [] };
    });
  },

  /** Writes down which of a record's photos are on the server, so they are not sent again. */
  notePhotosUp: (id: string, files: Files) => change(db, id, { files }),

  /** Returns a record taken for sending to the queue as it was, with the photos that went up meanwhile. */
  putBack: (id: string, files: Files) => change(db, id, { status: 'pending', files }),

  /** The server confirmed the document: the record is marked sent and its photos leave the device, in one transaction. */
  markSent(id: string, files: Files): Promise<void> {
    return db.transaction('rw', db.outbox, db.draftFiles, async () => {
      await change(db, id, {
        files,
        documentCreated: true,
        status: 'sent',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        lastErrorKind: null,
      });
      await db.draftFiles.bulkDelete(files.map((f) => f.draftFileId));
    });
  },

  /** A registration already on the server whose hand-off failed: it is tried again after `backoff`. */
  retryHandOffLater: (id: string, failed: AttemptFailure, backoff: Backoff) => change(db, id, { ...failed, ...backoff }),
  /** Held until its customer signs in again ('needs-sign-in'), with the photos already up. */
  holdForSignIn: (id: string, files: Files, failed: AttemptFailure) => change(db, id, { status: 'needs-sign-in', files, ...failed }),
  /** Back in the queue, tried again after `backoff`, with the photos already up. */
  retryLater: (id: string, files: Files, failed: AttemptFailure, backoff: Backoff) =>
    change(db, id, { status: 'pending', files, ...failed, ...backoff }),
  /** Set aside ('rejected') with the server's reason, until a person retries or discards it. */
  setAside: (id: string, files: Files, failed: AttemptFailure) => change(db, id, { status: 'rejected', files, ...failed }),

  /** Forgets a record the server has finished with. */
  forgetSent: (id: string): Promise<void> => db.outbox.delete(id),
  /** Forgets a record the server has finished with and, in the same transaction, counts `userId`'s records left. */
  forgetSentCountingRest(id: string, userId: string): Promise<number> {
    return db.transaction('rw', db.outbox, async () => {
      await db.outbox.delete(id);
      return db.outbox.where('userId').equals(userId).count();
    });
  },

  /** Sends a set-aside (or waiting) record again on the next flush. */
  async retry(id: string): Promise<boolean> {
    const changed = await db.outbox
      .where('id')
      .equals(id)
      .modify((e) => {
        if (e.status !== 'sent') e.status = 'pending';
        Object.assign(e, { attempts: 0, nextAttemptAt: 0, lastError: null, lastErrorKind: null });
      });
    return changed > 0;
  },

  /**
   * After a customer verifies again: their 'needs-sign-in' records (same user id, or the same verified email) go back
   * to 'pending' under the new user id. Other customers' records keep waiting for their own customer.
   */
  releaseNeedsSignIn(userId: string, email?: string): Promise<number> {
    const mail = email?.trim().toLowerCase();
    return db.outbox
      .where('status')
      .equals('needs-sign-in')
      .and((e) => e.userId === userId || (!!mail && e.fields.email.trim().toLowerCase() === mail))
      .modify({ status: 'pending', userId, attempts: 0, nextAttemptAt: 0, lastError: null, lastErrorKind: null });
  },

  /** A stuck record as a JSON file (record + photos as base64), so staff can keep it before discarding it. */
  async exportFile(id: string): Promise<Blob> {
    const entry = await db.outbox.get(id);
    if (!entry) throw new Error(`No queued registration ${id} on this device.`);
    const photos = await Promise.all(
      entry.files.map(async (f) => {
        const p = await db.draftFiles.get(f.draftFileId);
        return { ...f, name: p?.name ?? null, type: p?.type ?? null, base64: p ? await base64Of(p.blob) : null };
      }),
    );
    const file = { format: 'warranty-outbox-entry', version: 1, exportedAt: new Date().toISOString(), entry, photos };
    return new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
  },

  /** Removes a record and its photos from this device, on an explicit staff decision (export it first). */
  discard(id: string): Promise<void> {
    return db.transaction('rw', db.outbox, db.draftFiles, async () => {
      const entry = await db.outbox.get(id);
      if (!entry) return;
      await db.draftFiles.bulkDelete(entry.files.map((f) => f.draftFileId));
      await db.outbox.delete(id);
    });
  },
});

export type OutboxRepository = ReturnType<typeof outboxRepository>;
