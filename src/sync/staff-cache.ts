// src/sync/staff-cache.ts: the staff's copy of the submissions on this device: filled in pages, kept current by
// deltas on $updatedAt, and edits made offline sent later without ever overwriting someone else's change.
import type { AppDb } from '@/db/schema';
import type { PendingEdit } from '@/db/types';
import type { Submission } from '@/shared/contracts/submission';
import { callFunction, type FunctionCall } from '@/lib/functions';
import type { FunctionName } from '@/shared/contracts/function-names';

export const PAGE_LIMIT = 1000;
/** Deltas start this long before the last server time, so a write that committed late is still seen. */
export const DELTA_OVERLAP_MS = 15_000;
export const STAFF_META_PREFIX = 'staff.';
const WATERMARK = 'staff.watermark';
const SYNCED_AT = 'staff.syncedAt';

export type StaffFetch = { token: string; base?: string; fetchImpl?: typeof fetch };
export type EditableFields = PendingEdit['fields'];
export type Conflict = { id: string; mine: PendingEdit; current: Submission };
export type FlushResult = { sent: string[]; conflicts: Conflict[]; failed: number };

/** A sync or send that could not finish: `status` 0 when the network is down, else the server's answer. */
export class StaffSyncError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'StaffSyncError';
    this.status = status;
    this.code = code;
  }
}

const offline = () => new StaffSyncError(0, 'offline', 'The network is unavailable. The copy on this device is shown.');

async function request(opts: StaffFetch, name: FunctionName, call: Pick<FunctionCall, 'query' | 'body'> = {}): Promise<Response> {
  try {
    return await callFunction(name, {
      ...call,
      staffToken: opts.token,
      base: opts.base,
      fetchImpl: opts.fetchImpl,
      init: { cache: 'no-store' },
    });
  } catch {
    throw offline();
  }
}

type ErrorBody = { error?: string; code?: string; details?: { current?: Submission } };

async function failure(res: Response): Promise<StaffSyncError & { body: ErrorBody }> {
  const body = (await res.json().catch(() => ({}))) as ErrorBody;
  const err = new StaffSyncError(res.status, body.code ?? 'http_error', body.error ?? `The server answered ${res.status}.`);
  return Object.assign(err, { body });
}

/** Appwrite's own time format, so `since` compares with stored $updatedAt values as they are written. */
const appwriteTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** Writes server rows, never stepping back to an older copy; rows with a pending edit keep showing that edit. */
async function storeRows(db: AppDb, rows: Submission[]): Promise<string[]> {
  return db.transaction('rw', db.submissions, db.pendingEdits, async () => {
    const ids = rows.map((r) => r.$id);
    const [cached, edits] = await Promise.all([db.submissions.bulkGet(ids), db.pendingEdits.bulkGet(ids)]);
    const fresh: Submission[] = [];
    rows.forEach((row, i) => {
      const have = cached[i];
      if (have && have.$updatedAt >= row.$updatedAt) return;
      const edit = edits[i];
      fresh.push(edit ? { ...row, ...edit.fields } : row);
    });
    await db.submissions.bulkPut(fresh);
    return fresh.map((r) => r.$id);
  });
}

type Page = { submissions: Submission[]; nextCursor: string | null; serverTime: string };

const flights = new WeakMap<AppDb, Map<string, Promise<unknown>>>();

/**
 * One run of `name` at a time: callers in this page share the running one, and other tabs wait on a Web Lock, so
 * an edit is never sent twice (a second send would meet our own first one as a false conflict).
 */
function single<T>(db: AppDb, name: string, fn: () => Promise<T>): Promise<T> {
  let mine = flights.get(db);
  if (!mine) flights.set(db, (mine = new Map()));
  const running = mine.get(name);
  if (running) return running as Promise<T>;
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  const started: Promise<T> = locks ? (locks.request(`${db.name}-staff-${name}`, fn) as Promise<T>) : fn();
  const run = started.finally(() => mine.delete(name));
  mine.set(name, run);
  return run;
}

/**
 * Brings the cache up to date: everything on the first run, then changes since the last server time. Pages go by
 * $updatedAt; the cursor only breaks ties inside one timestamp, so a row edited mid-fill cannot hide others.
 */
export function syncSubmissions(db: AppDb, opts: StaffFetch): Promise<{ changed: number; syncedAt: string }> {
  return single(db, 'sync', () => syncOnce(db, opts));
}

async function syncOnce(db: AppDb, opts: StaffFetch) {
  const mark = (await db.meta.get(WATERMARK))?.value;
  let since = typeof mark === 'string' ? appwriteTime(Date.parse(mark) - DELTA_OVERLAP_MS) : undefined;
  let cursor: string | undefined;
  let serverTime = '';
  const changed = new Set<string>();
  for (;;) {
    const res = await request(opts, 'getAppwriteSubmissions', { query: { limit: PAGE_LIMIT, since, cursor } });
    if (!res.ok) throw await failure(res);
    const page = (await res.json()) as Page;
    // The first page's time: anything changed after it is fetched again next time (dedupe by $id).
    serverTime ||= page.serverTime;
    for (const id of await storeRows(db, page.submissions)) changed.add(id);
    const first = page.submissions[0];
    const last = page.submissions.at(-1);
    if (page.nextCursor === null || !first || !last) break;
    since = last.$updatedAt;
    cursor = first.$updatedAt === last.$updatedAt ? last.$id : undefined;
  }
  const syncedAt = new Date().toISOString();
  await db.meta.bulkPut([
    { key: WATERMARK, value: serverTime },
    { key: SYNCED_AT, value: syncedAt },
  ]);
  return { changed: changed.size, syncedAt };
}

/** When this device last finished a sync, or null if never. */
export async function lastSyncedAt(db: AppDb): Promise<string | null> {
  const v = (await db.meta.get(SYNCED_AT))?.value;
  return typeof v === 'string' ? v : null;
}

const EDITABLE = ['full_name', 'email', 'phone', 'address', 'product_sku', 'selected_product', 'image_file_id'] as const;
const pickFields = (s: Partial<Submission> | undefined): Partial<EditableFields> =>
  Object.fromEntries(EDITABLE.filter((f) => s?.[f] !== undefined).map((f) => [f, s![f]]));

/**
 * Saves a staff edit on the device and shows it in the cache at once. A second edit before sending merges into the
 * first and keeps its base version, so a change made on the server meanwhile is still detected.
 */
export async function queueEdit(
  db: AppDb,
  edit: { id: string; fields: Partial<EditableFields>; baseUpdatedAt: string },
): Promise<PendingEdit> {
  return db.transaction('rw', db.pendingEdits, db.submissions, async () => {
    const [prev, row] = await Promise.all([db.pendingEdits.get(edit.id), db.submissions.get(edit.id)]);
    const fields = { ...blankFields(), ...pickFields(row), ...prev?.fields, ...edit.fields } as EditableFields;
    const next: PendingEdit = {
      id: edit.id,
      fields,
      baseUpdatedAt: prev?.baseUpdatedAt ?? edit.baseUpdatedAt,
      savedAt: Math.max(Date.now(), (prev?.savedAt ?? 0) + 1),
      lastError: null,
      ...(prev?.current ? { current: prev.current } : {}),
    };
    await db.pendingEdits.put(next);
    if (row) await db.submissions.put({ ...row, ...fields });
    return next;
  });
}

const blankFields = (): EditableFields => Object.fromEntries(EDITABLE.map((f) => [f, ''])) as EditableFields;

/** After a 200: the server's row replaces the optimistic one, unless the edit changed again while it was sent. */
async function settleSent(db: AppDb, sent: PendingEdit, saved: Submission) {
  await db.transaction('rw', db.pendingEdits, db.submissions, async () => {
    const now = await db.pendingEdits.get(sent.id);
    if (now && now.savedAt !== sent.savedAt) {
      await db.pendingEdits.put({ ...now, baseUpdatedAt: saved.$updatedAt });
      await db.submissions.put({ ...saved, ...now.fields });
    } else {
      await db.pendingEdits.delete(sent.id);
      await db.submissions.put(saved);
    }
  });
}

/**
 * Sends pending edits oldest first. A 409 keeps the edit with the server's copy for the staff member to resolve;
 * a network failure keeps it and the rest for later; a refused session stops with a StaffSyncError.
 */
export function flushPendingEdits(db: AppDb, opts: StaffFetch): Promise<FlushResult> {
  return single(db, 'edits', () => flushOnce(db, opts));
}

async function flushOnce(db: AppDb, opts: StaffFetch): Promise<FlushResult> {
  const edits = (await db.pendingEdits.toArray()).sort((a, b) => a.savedAt - b.savedAt);
  const out: FlushResult = {
    sent: [],
    conflicts: edits.flatMap((e) => (e.current ? [{ id: e.id, mine: e, current: e.current }] : [])),
    failed: 0,
  };
  const toSend = edits.filter((e) => !e.current);
  for (const [i, edit] of toSend.entries()) {
    let res: Response;
    try {
      res = await request(opts, 'updateAppwriteSubmission', {
        body: { id: edit.id, ...edit.fields, expected_updated_at: edit.baseUpdatedAt },
      });
    } catch (err) {
      await db.pendingEdits.update(edit.id, { lastError: (err as Error).message });
      out.failed += toSend.length - i;
      break;
    }
    if (res.ok) {
      await settleSent(db, edit, (await res.json()) as Submission);
      out.sent.push(edit.id);
      continue;
    }
    const error = await failure(res);
    const current = res.status === 409 ? error.body.details?.current : undefined;
    if (current) {
      await db.pendingEdits.update(edit.id, { current, lastError: error.message });
      out.conflicts.push({ id: edit.id, mine: { ...edit, current, lastError: error.message }, current });
      continue;
    }
    await db.pendingEdits.update(edit.id, { lastError: error.message });
    if (res.status === 401 || res.status === 403) throw error;
    out.failed++;
  }
  return out;
}

/**
 * Settles a conflict: 'mine' keeps the edit, now based on the server's copy, to be sent by the next flush;
 * 'theirs' drops the edit and shows the server's copy.
 */
export async function resolveConflict(db: AppDb, id: string, choice: 'mine' | 'theirs'): Promise<void> {
  await db.transaction('rw', db.pendingEdits, db.submissions, async () => {
    const edit = await db.pendingEdits.get(id);
    if (!edit?.current) throw new Error(`No conflict to resolve for submission ${id}.`);
    const { current, ...mine } = edit;
    if (choice === 'theirs') {
      await db.pendingEdits.delete(id);
      await db.submissions.put(current);
      return;
    }
    await db.pendingEdits.put({
      ...mine,
      baseUpdatedAt: current.$updatedAt,
      lastError: null,
      savedAt: Math.max(Date.now(), edit.savedAt + 1),
    });
    await db.submissions.put({ ...current, ...edit.fields });
  });
}

/** Forgets every submission, pending edit and sync mark on this device (staff sign-out). */
export async function clearStaffCache(db: AppDb): Promise<void> {
  await db.transaction('rw', db.submissions, db.pendingEdits, db.meta, async () => {
    await db.submissions.clear();
    await db.pendingEdits.clear();
    await db.meta.where('key').startsWith(STAFF_META_PREFIX).delete();
  });
}
