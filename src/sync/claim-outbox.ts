// Sends the problem reports and replies kept on this device, each exactly once: its photos go up under the file ids
// made when it was queued (409 = already there), then the function call carries the device-made claim or reply id,
// which the server answers with the stored claim on a repeat. Network errors and 5xx back off; a missing session holds
// the record until its customer signs in; a refusal sets it aside with the server's words. No DOM APIs.
import { claimOutboxRepository, type ClaimOutboxRepository } from '@/db/claim-outbox-repository';
import type { AppDb } from '@/db/schema';
import type { ClaimOutboxEntry } from '@/db/types';
import { failure, type BackendFailure, type BackendResult } from './backend';
import { withLock } from './lock';
import { backoffDelay, PHOTO_MISSING, SIGNED_OUT } from './outbox';

/** A photo the storage refused (its type, its size): said plainly, never in the storage's own words. */
export const PHOTO_REFUSED = 'A photo could not be sent. Discard this report, then report the problem again with other photos.';

export type ClaimBackend = {
  /** The signed-in customer's id, or null without a (valid) session. */
  sessionUserId(): Promise<BackendResult<string | null>>;
  uploadFile(input: { fileId: string; userId: string; blob: Blob; name: string }): Promise<BackendResult>;
  /** reportProblem or replyToClaim; the claim's number as the server keeps it (it may differ from the device's). */
  send(entry: ClaimOutboxEntry): Promise<BackendResult<{ number: string }>>;
};

export type ClaimFlushReport = {
  /** What reached the server: the record's id and the claim's number as the server keeps it. */
  sent: { id: string; number: string }[];
  /** Still waiting to send (due or backing off). */
  waiting: number;
};

/** Sends what is due, oldest first; one runner at a time across tabs. */
export function flushClaims(db: AppDb, backend: ClaimBackend, options: { now?: () => number; ignoreBackoff?: boolean } = {}) {
  const now = options.now ?? Date.now;
  return withLock(db, 'claims', () => run(claimOutboxRepository(db), backend, now, options.ignoreBackoff ?? false));
}

async function run(
  repo: ClaimOutboxRepository,
  backend: ClaimBackend,
  now: () => number,
  ignoreBackoff: boolean,
): Promise<ClaimFlushReport> {
  const sent: ClaimFlushReport['sent'] = [];
  let session: BackendResult<string | null> | undefined;
  for (const entry of await repo.due(ignoreBackoff ? Infinity : now())) {
    session ??= await guarded(() => backend.sessionUserId());
    let r: BackendResult<{ number: string }>;
    if (!session.ok) r = session.kind === 'auth' ? session : { ...session, kind: session.kind === 'rejected' ? 'server' : session.kind };
    // Never one customer's report under another's session (a shared device): it waits for its own customer.
    else if (session.value !== entry.userId) r = failure('auth', SIGNED_OUT);
    else r = await deliver(repo, backend, entry);
    if (r.ok) {
      await repo.forget(entry.id);
      sent.push({ id: entry.id, number: r.value.number });
      continue;
    }
    if (r.kind === 'auth') session = { ok: true, value: null };
    await noteFailure(repo, entry, r, now());
    // Without the network nothing else goes either: the next run starts again from the oldest.
    if (r.kind === 'network' || r.kind === 'server') break;
  }
  const waiting = (await repo.all()).filter((e) => e.status === 'pending').length;
  return { sent, waiting };
}

/** Uploads the photos not yet up, then sends the report or reply. */
async function deliver(
  repo: ClaimOutboxRepository,
  backend: ClaimBackend,
  entry: ClaimOutboxEntry,
): Promise<BackendResult<{ number: string }>> {
  const files = entry.files.map((f) => ({ ...f }));
  for (const f of files.filter((x) => !x.uploaded)) {
    const photo = await repo.photo(f.draftFileId);
    if (!photo) return failure('rejected', PHOTO_MISSING);
    const up = await guarded(() => backend.uploadFile({ fileId: f.fileId, userId: entry.userId, blob: photo.blob, name: photo.name }));
    if (!up.ok && up.kind === 'rejected') return failure('rejected', PHOTO_REFUSED);
    if (!up.ok && up.kind !== 'conflict') return up;
    f.uploaded = true;
    // Written down at once, so a photo is not sent twice over a slow connection if the tab closes meanwhile.
    await repo.notePhotosUp(entry.id, files);
  }
  return guarded(() => backend.send({ ...entry, files }));
}

async function noteFailure(repo: ClaimOutboxRepository, entry: ClaimOutboxEntry, f: BackendFailure, at: number) {
  const retried = f.kind === 'network' || f.kind === 'server';
  await repo.noteFailure(entry.id, {
    status: f.kind === 'auth' ? 'needs-sign-in' : retried ? 'pending' : 'rejected',
    lastError: f.message,
    attempts: entry.attempts + 1,
    nextAttemptAt: at + (retried ? backoffDelay(entry.attempts) : 0),
  });
}

/** A backend call whose throw becomes a failure (fetch rejects with a TypeError when the network is down). */
async function guarded<T>(fn: () => Promise<BackendResult<T>>): Promise<BackendResult<T>> {
  try {
    return await fn();
  } catch (err) {
    return failure(err instanceof TypeError ? 'network' : 'server', err instanceof Error ? err.message : String(err));
  }
}
