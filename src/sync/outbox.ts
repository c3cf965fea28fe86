// The outbox's flush engine: sends queued registrations exactly once, in order, backing off, holding records for
// sign-in and setting refused ones aside. No DOM APIs: the service worker runs it too. The records themselves are
// kept by src/db/outbox-repository.ts.
import type { AppDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';
import { failure, type BackendFailure, type BackendResult, type OutboxBackend, type SubmissionData } from './backend';
import { withOutboxLock } from './lock';
import { REGISTRATION_STATUS } from '@/shared/contracts/submission';
import { outboxCounts, pickRegistrationFields } from '@/db/outbox-repository';

export type FlushReport = {
  sent: string[];
  pending: number;
  needsSignIn: number;
  rejected: number;
  lastError: string | null;
  /** The customer's session was ended: all their registrations are on the server. */
  sessionEnded: boolean;
};
export type FlushOptions = {
  now?: number | (() => number);
  random?: () => number;
  callTimeoutMs?: number;
  /** Send waiting records now, whatever their backoff says (the network came back, or a person asked). */
  ignoreBackoff?: boolean;
};

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
export const SIGNED_OUT = 'Please log in again. Your session has expired.';
export const OTHER_CUSTOMER = 'Waiting for the customer who made this registration to verify their email again.';
export const PHOTO_MISSING = 'A photo of this registration is no longer on this device.';
/** Wizard steps from here on are reached only with a verified email (step 4: phone). */
const FIRST_STEP_AFTER_CODE = 4;

/** min(2^attempts * 2 s, 5 min), with 80-120 % jitter (never above the cap). */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(2 ** attempts * BACKOFF_BASE_MS, BACKOFF_CAP_MS);
  // Jitter so devices that lost the network together do not all come back in the same second.
  return Math.round(Math.min(base * (0.8 + 0.4 * random()), BACKOFF_CAP_MS));
}

/** Sends what is due, oldest first, holding the outbox lock (one runner across tabs and the worker). */
export function flushOutbox(db: AppDb, backend: OutboxBackend, options: FlushOptions = {}): Promise<FlushReport> {
  const { now } = options;
  const run: Run = {
    db,
    backend,
    clock: typeof now === 'function' ? now : () => now ?? Date.now(),
    random: options.random ?? Math.random,
    timeoutMs: options.callTimeoutMs ?? 120_000,
    ignoreBackoff: options.ignoreBackoff ?? false,
    report: { sent: [], pending: 0, needsSignIn: 0, rejected: 0, lastError: null, sessionEnded: false },
  };
  return withOutboxLock(() => runFlush(run));
}

type Run = {
  db: AppDb;
  backend: OutboxBackend;
  clock: () => number;
  random: () => number;
  timeoutMs: number;
  ignoreBackoff: boolean;
  report: FlushReport;
  session?: BackendResult<string | null>; // asked once per run, forgotten on the first 401
};
type Step = 'next' | 'stop';

async function runFlush(run: Run): Promise<FlushReport> {
  const seen = new Set<string>();
  for (;;) {
    const entry = await claimNext(run.db, run.ignoreBackoff ? Infinity : run.clock(), seen);
    if (!entry) break;
    seen.add(entry.id);
    if ((await sendEntry(run, entry)) === 'stop') break;
  }
  const counts = await outboxCounts(run.db);
  return { ...run.report, pending: counts.pending + counts.sending, needsSignIn: counts.needsSignIn, rejected: counts.rejected };
}

// A 'sending' record is due too: under the lock, no live runner can hold it, so a killed tab left it.
const isDue = (e: OutboxEntry, now: number) =>
  e.nextAttemptAt <= now && (e.status === 'pending' || e.status === 'sending' || (e.status === 'sent' && !e.shopifyNotified));

function claimNext(db: AppDb, now: number, seen: Set<string>): Promise<OutboxEntry | undefined> {
  return db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox
      .orderBy('createdAt')
      .filter((e) => !seen.has(e.id) && isDue(e, now))
      .first();
    if (entry && entry.status !== 'sent') {
      // Marked in the read's transaction: nothing can take the record between the read and the mark.
      entry.status = 'sending';
      await db.outbox.update(entry.id, { status: 'sending' });
    }
    return entry;
  });
}

async function sendEntry(run: Run, entry: OutboxEntry): Promise<Step> {
  if (entry.via === 'counter') return sendFromCounter(run, entry);
  run.session ??= await call(run, () => run.backend.sessionUserId());
  const session = run.session;
  // A refused session check is no fault of this record: retry later rather than set it aside.
  if (!session.ok) return fail(run, entry, session.kind === 'rejected' ? { ...session, kind: 'server' } : session);
  if (session.value !== entry.userId) {
    // Never send one customer's registration under another's session (a shared store device).
    if (entry.documentCreated) return 'next';
    return fail(run, entry, failure('auth', session.value ? OTHER_CUSTOMER : SIGNED_OUT));
  }
  if (!entry.documentCreated) {
    const { backend } = run;
    const step = await deliver(run, entry, {
      upload: (f, photo) => backend.uploadFile({ fileId: f.fileId, userId: entry.userId, blob: photo.blob, name: photo.name }),
      create: () => backend.createDocument({ documentId: entry.id, userId: entry.userId, data: documentOf(entry) }),
    });
    if (step) return step;
  }
  const r = await call(run, () => run.backend.notifyShopify({ documentId: entry.id, data: documentOf(entry) }));
  if (!r.ok && r.kind !== 'conflict') return fail(run, entry, r);
  await run.db.outbox.delete(entry.id);
  await endSessionWhenDone(run, entry);
  return 'next';
}

/**
 * A counter's registration confirmed later by the customer: photos and document through the counter's own path, no
 * customer session involved; the Shopify hand-off runs on the server once the customer confirms.
 */
async function sendFromCounter(run: Run, entry: OutboxEntry): Promise<Step> {
  const counter = run.backend.counter;
  if (!counter) return fail(run, entry, failure('server', 'This device cannot send counter registrations right now.'));
  if (!entry.documentCreated) {
    const step = await deliver(run, entry, {
      upload: (f, photo) => counter.sendPhoto({ fileId: f.fileId, blob: photo.blob, name: photo.name }),
      create: () => counter.sendRegistration({ documentId: entry.id, data: documentOf(entry) }),
    });
    if (step) return step;
  }
  await run.db.outbox.delete(entry.id);
  return 'next';
}

/**
 * Once everything a customer queued is on the server, their session is ended (on a shared store device the next
 * customer must not inherit it), unless a wizard run past the code step is in progress: that run is theirs and
 * still needs it.
 */
async function endSessionWhenDone(run: Run, sent: OutboxEntry): Promise<void> {
  const waiting = await run.db.outbox.filter((e) => e.userId === sent.userId).count();
  if (waiting > 0) return;
  // A save of the submitted run's own draft can land just after Submit removed it: that run is finished.
  const verifiedRun = await run.db.drafts.filter((d) => d.step >= FIRST_STEP_AFTER_CODE && d.id !== sent.draftId).count();
  if (verifiedRun > 0) return;
  const r = await call(run, () => run.backend.endSession());
  if (r.ok || r.kind === 'auth') {
    run.session = { ok: true, value: null };
    run.report.sessionEnded = true;
  }
}

type Transport = {
  upload(file: OutboxEntry['files'][number], photo: { blob: Blob; name: string }): Promise<BackendResult>;
  create(): Promise<BackendResult>;
};

/** Uploads the photos not yet uploaded, then creates the document; undefined once the server confirmed it. */
async function deliver(run: Run, entry: OutboxEntry, transport: Transport): Promise<Step | undefined> {
  const { db } = run;
  const files = entry.files.map((f) => ({ ...f }));
  for (const f of files) {
    if (f.uploaded) continue;
    const photo = await db.draftFiles.get(f.draftFileId);
    if (!photo) return fail(run, entry, failure('rejected', PHOTO_MISSING));
    const r = await call(run, () => transport.upload(f, photo));
    if (!r.ok && r.kind !== 'conflict') return fail(run, entry, r); // 409: our earlier upload arrived
    f.uploaded = true;
    await db.outbox.update(entry.id, { files });
  }
  const r = await call(run, () => transport.create());
  if (!r.ok && r.kind !== 'conflict') return fail(run, entry, r); // 409: our earlier create arrived
  // Only now, with the document confirmed, may the photos leave the device.
  await db.transaction('rw', db.outbox, db.draftFiles, async () => {
    await db.outbox.update(entry.id, {
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
  Object.assign(entry, { files, documentCreated: true, status: 'sent', attempts: 0 });
  run.report.sent.push(entry.id);
  return undefined;
}

/** Records a failure on the entry and says whether the run goes on. */
async function fail(run: Run, entry: OutboxEntry, f: BackendFailure): Promise<Step> {
  run.report.lastError = f.message;
  const kind = f.kind === 'conflict' ? 'rejected' : f.kind;
  const failed = { lastError: f.message, lastErrorKind: kind, failedAt: run.clock() };
  const retryLater = { ...failed, attempts: entry.attempts + 1, nextAttemptAt: run.clock() + backoffDelay(entry.attempts, run.random) };
  const stop: Step = f.kind === 'network' || f.kind === 'server' ? 'stop' : 'next';
  if (entry.documentCreated) {
    // Only Shopify is missing: the registration is safe, so retry later whatever the reason; never block others.
    await run.db.outbox.update(entry.id, { ...retryLater, lastError: `Shopify: ${f.message}` });
    return f.kind === 'network' ? 'stop' : 'next';
  }
  if (f.kind === 'auth') await run.db.outbox.update(entry.id, { status: 'needs-sign-in', ...failed });
  else if (stop === 'stop') await run.db.outbox.update(entry.id, { status: 'pending', ...retryLater });
  else await run.db.outbox.update(entry.id, { status: 'rejected', ...failed });
  return stop;
}

/** A backend call with a time limit (a hung request must not hold the lock forever); throws become failures. */
async function call<T>(run: Run, fn: () => Promise<BackendResult<T>>): Promise<BackendResult<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<BackendFailure>((resolve) => {
    timer = setTimeout(() => resolve(failure('network', 'The server did not answer in time.')), run.timeoutMs);
  });
  try {
    const thrown = (err: unknown) =>
      failure(err instanceof TypeError ? 'network' : 'server', err instanceof Error ? err.message : String(err));
    const r = await Promise.race([fn().catch(thrown), timeout]);
    if (!r.ok && r.kind === 'auth') run.session = { ok: true, value: null };
    return r;
  } finally {
    clearTimeout(timer);
  }
}

/** The document as stored: SPEC.md fields, the owner, the photo ids and when Submit was pressed. */
export const documentOf = (e: OutboxEntry): SubmissionData => ({
  ...pickRegistrationFields(e.fields),
  user_id: e.userId,
  image_file_id: e.files.map((f) => f.fileId).join(','),
  submitted_at: e.submittedAt,
  status: REGISTRATION_STATUS.confirmed,
  store: e.store ?? '',
});
