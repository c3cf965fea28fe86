// The outbox's flush engine: sends queued registrations exactly once, in order, backing off, holding records for
// sign-in and setting refused ones aside. No DOM APIs: the service worker runs it too. The records themselves are
// kept by src/db/outbox-repository.ts.
import { draftsRepository, type DraftsRepository } from '@/db/drafts-repository';
import { outboxRepository, pickRegistrationFields, type AttemptFailure, type OutboxRepository, type Taken } from '@/db/outbox-repository';
import type { AppDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';
import { failure, type BackendFailure, type BackendResult, type OutboxBackend, type SubmissionData } from './backend';
import { withOutboxLock } from './lock';
import { REGISTRATION_STATUS } from '@/shared/contracts/registration-status';

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
    outbox: outboxRepository(db),
    drafts: draftsRepository(db),
    backend,
    clock: typeof now === 'function' ? now : () => now ?? Date.now(),
    random: options.random ?? Math.random,
    timeoutMs: options.callTimeoutMs ?? 120_000,
    ignoreBackoff: options.ignoreBackoff ?? false,
    report: { sent: [], pending: 0, needsSignIn: 0, rejected: 0, lastError: null, sessionEnded: false },
    handOffs: new Set(),
    taking: Promise.resolve(),
    stopped: false,
  };
  return withOutboxLock(() => runFlush(run));
}

type Run = {
  outbox: OutboxRepository;
  drafts: DraftsRepository;
  backend: OutboxBackend;
  clock: () => number;
  random: () => number;
  timeoutMs: number;
  ignoreBackoff: boolean;
  report: FlushReport;
  session?: BackendResult<string | null>; // asked once per run, forgotten on the first 401
  sessionAsked?: Promise<void>;
  /** The Shopify hand-offs in flight (at most HAND_OFFS_IN_FLIGHT) of registrations already on the server. */
  handOffs: Set<Promise<void>>;
  /** The last record taken: records are taken one after another, oldest first, however many are being prepared. */
  taking: Promise<unknown>;
  /** A failure said to stop: no further record is taken. */
  stopped: boolean;
};
type Step = 'next' | 'stop';

type Prepared = { entry: OutboxEntry; step: Step | 'ready' };

/**
 * How many records ahead of the one whose document is being created have their photos going up. Documents are still
 * created one at a time, oldest first; the photos of a record are all up before its document is created.
 */
export const RECORDS_AHEAD = 2;
/** Hand-offs of registrations already on the server that run side by side (each is idempotent on the server). */
export const HAND_OFFS_IN_FLIGHT = 3;

async function runFlush(run: Run): Promise<FlushReport> {
  const seen = new Set<string>();
  const ahead: Promise<Prepared | null>[] = [];
  let exhausted = false;
  const fill = (upTo: number) => {
    while (!exhausted && !run.stopped && ahead.length < upTo) ahead.push(prepareNext(run, seen));
  };
  // One record first: until one record's photos are up, a dead network or a refused session costs one attempt only.
  fill(1);
  while (!run.stopped && ahead.length) {
    const current = await ahead.shift()!;
    if (!current) {
      exhausted = true;
      continue; // the records taken before this null are still waiting in line
    }
    if (current.step !== 'ready') {
      if (current.step === 'stop') run.stopped = true;
      else fill(1);
      continue;
    }
    // The next records' photos go up while this one's document is created (documents are still created in order).
    fill(RECORDS_AHEAD);
    if ((await finish(run, current.entry)) === 'stop') run.stopped = true;
  }
  // A record whose photos went up as the run stopped waits, as it was, for the next run.
  for (const left of await Promise.all(ahead))
    if (left?.step === 'ready' && !left.entry.documentCreated) await run.outbox.putBack(left.entry.id, left.entry.files);
  await Promise.all(run.handOffs); // the lock is held until the last hand-off has finished
  const counts = await run.outbox.counts();
  return { ...run.report, pending: counts.pending + counts.sending, needsSignIn: counts.needsSignIn, rejected: counts.rejected };
}

/** Takes the next due record and sends its photos; null when nothing is due. */
async function prepareNext(run: Run, seen: Set<string>): Promise<Prepared | null> {
  const taken = run.taking.then(async () => {
    if (run.stopped) return undefined;
    const next = await run.outbox.takeNextDue(run.ignoreBackoff ? Infinity : run.clock(), seen);
    if (next) seen.add(next.entry.id);
    return next;
  });
  run.taking = taken.catch(() => undefined);
  const next = await taken;
  if (!next) return null;
  const { entry, photos } = next;
  const step = (await sessionFor(run, entry)) ?? (entry.documentCreated ? undefined : await uploadPhotos(run, entry, photos));
  return { entry, step: step ?? 'ready' };
}

/** Undefined when the session is this record's customer's; otherwise what became of the record. */
async function checkSession(run: Run, entry: OutboxEntry): Promise<Step | undefined> {
  if (!run.session) {
    // Asked once for the records being prepared side by side.
    run.sessionAsked ??= call(run, () => run.backend.sessionUserId()).then((r) => {
      run.session ??= r;
      run.sessionAsked = undefined;
    });
    await run.sessionAsked;
  }
  const session = run.session!;
  // A refused session check is no fault of this record: retry later rather than set it aside.
  if (!session.ok) return fail(run, entry, session.kind === 'rejected' ? { ...session, kind: 'server' } : session);
  if (session.value !== entry.userId) {
    // Never send one customer's registration under another's session (a shared store device).
    if (entry.documentCreated) return 'next';
    return fail(run, entry, failure('auth', session.value ? OTHER_CUSTOMER : SIGNED_OUT));
  }
  return undefined;
}

/** A counter's registration needs no customer session (it goes with the counter's token); others their customer's. */
const sessionFor = (run: Run, entry: OutboxEntry) => (entry.via === 'counter' ? undefined : checkSession(run, entry));

/** Creates the document of a record whose photos are up, then hands it off. */
async function finish(run: Run, entry: OutboxEntry): Promise<Step> {
  if (!entry.documentCreated) {
    // Asked again: a 401 met by the record before this one, while these photos went up, ended the session.
    const step = (await sessionFor(run, entry)) ?? (await createDocument(run, entry));
    if (step) return step;
  }
  if (entry.via === 'counter') {
    // Confirmed later by the customer's link: the server runs the Shopify hand-off then.
    await run.outbox.forgetSent(entry.id);
    return 'next';
  }
  // The registration is on the server: its hand-off goes on while the next records are delivered.
  while (run.handOffs.size >= HAND_OFFS_IN_FLIGHT) await Promise.race(run.handOffs);
  const going: Promise<void> = handOff(run, entry).finally(() => run.handOffs.delete(going));
  run.handOffs.add(going);
  return 'next';
}

/** Tells Shopify (the function), then forgets the record; its failure is retried later and never blocks others. */
async function handOff(run: Run, entry: OutboxEntry): Promise<void> {
  if (run.stopped) return; // the network went away: this hand-off waits for the next run
  const r = await call(run, () => run.backend.notifyShopify({ documentId: entry.id, data: documentOf(entry) }));
  if (!r.ok && r.kind !== 'conflict') {
    if ((await fail(run, entry, r)) === 'stop') run.stopped = true;
    return;
  }
  const waiting = await run.outbox.forgetSentCountingRest(entry.id, entry.userId);
  if (waiting === 0) await endSessionWhenDone(run, entry);
}

/**
 * Once everything a customer queued is on the server, their session is ended (on a shared store device the next
 * customer must not inherit it), unless a wizard run past the code step is in progress: that run is theirs and
 * still needs it.
 */
async function endSessionWhenDone(run: Run, sent: OutboxEntry): Promise<void> {
  // A save of the submitted run's own draft can land just after Submit removed it: that run is finished.
  const verifiedRun = await run.drafts.countAtStepOrLater(FIRST_STEP_AFTER_CODE, sent.draftId);
  if (verifiedRun > 0) return;
  const r = await call(run, () => run.backend.endSession());
  if (r.ok || r.kind === 'auth') {
    run.session = { ok: true, value: null };
    run.report.sessionEnded = true;
  }
}

/** How a record's photos and document travel: with the customer's session, or (confirmed later) the counter's token. */
type Transport = {
  upload(file: OutboxEntry['files'][number], photo: { blob: Blob; name: string }): Promise<BackendResult>;
  create(): Promise<BackendResult>;
};

function transportOf(run: Run, entry: OutboxEntry): Transport | null {
  const { backend } = run;
  if (entry.via === 'counter') {
    const counter = backend.counter;
    if (!counter) return null;
    return {
      upload: (f, photo) => counter.sendPhoto({ fileId: f.fileId, blob: photo.blob, name: photo.name }),
      create: () => counter.sendRegistration({ documentId: entry.id, data: documentOf(entry) }),
    };
  }
  return {
    upload: (f, photo) => backend.uploadFile({ fileId: f.fileId, userId: entry.userId, blob: photo.blob, name: photo.name }),
    create: () => backend.createDocument({ documentId: entry.id, userId: entry.userId, data: documentOf(entry) }),
  };
}

const NO_COUNTER = failure('server', 'This device cannot send counter registrations right now.');

/**
 * Uploads the photos not yet uploaded (`photos`, read with the record, one per file not yet up), side by side;
 * undefined once all are on the server.
 */
async function uploadPhotos(run: Run, entry: OutboxEntry, photos: Taken['photos']): Promise<Step | undefined> {
  const transport = transportOf(run, entry);
  if (!transport) return fail(run, entry, NO_COUNTER);
  const files = entry.files.map((f) => ({ ...f }));
  const waiting = files.filter((f) => !f.uploaded);
  if (photos.length !== waiting.length || photos.some((p) => !p)) return fail(run, entry, failure('rejected', PHOTO_MISSING));
  const uploads = await Promise.all(waiting.map((f, i) => call(run, () => transport.upload(f, photos[i]!))));
  // 409: our earlier upload arrived. What arrived is written down at once (with the failure, when one failed), so a
  // photo is not sent twice over a customer's slow connection, even if the tab closes before the document is made.
  uploads.forEach((r, i) => (waiting[i]!.uploaded = r.ok || r.kind === 'conflict'));
  entry.files = files;
  const failed = uploads.find((r): r is BackendFailure => !r.ok && r.kind !== 'conflict');
  if (failed) return fail(run, entry, failed);
  if (waiting.length) await run.outbox.notePhotosUp(entry.id, files);
  return undefined;
}

/** Creates the document; undefined once the server confirmed it. */
async function createDocument(run: Run, entry: OutboxEntry): Promise<Step | undefined> {
  const files = entry.files;
  const transport = transportOf(run, entry);
  if (!transport) return fail(run, entry, NO_COUNTER);
  const r = await call(run, () => transport.create());
  if (!r.ok && r.kind !== 'conflict') return fail(run, entry, r); // 409: our earlier create arrived
  // Only now, with the document confirmed, may the photos leave the device.
  await run.outbox.markSent(entry.id, files);
  Object.assign(entry, { files, documentCreated: true, status: 'sent', attempts: 0 });
  run.report.sent.push(entry.id);
  return undefined;
}

/** Records a failure on the entry and says whether the run goes on. */
async function fail(run: Run, entry: OutboxEntry, f: BackendFailure): Promise<Step> {
  run.report.lastError = f.message;
  const kind = f.kind === 'conflict' ? 'rejected' : f.kind;
  const failed: AttemptFailure = { lastError: f.message, lastErrorKind: kind, failedAt: run.clock() };
  const backoff = { attempts: entry.attempts + 1, nextAttemptAt: run.clock() + backoffDelay(entry.attempts, run.random) };
  const stop: Step = f.kind === 'network' || f.kind === 'server' ? 'stop' : 'next';
  if (entry.documentCreated) {
    // Only Shopify is missing: the registration is safe, so retry later whatever the reason; never block others.
    await run.outbox.retryHandOffLater(entry.id, { ...failed, lastError: `Shopify: ${f.message}` }, backoff);
    return f.kind === 'network' ? 'stop' : 'next';
  }
  // With the failure goes which photos are up already, so they are not sent again.
  const files = entry.files;
  if (f.kind === 'auth') await run.outbox.holdForSignIn(entry.id, files, failed);
  else if (stop === 'stop') await run.outbox.retryLater(entry.id, files, failed, backoff);
  else await run.outbox.setAside(entry.id, files, failed);
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
