// The staff's copy of the submissions on this device: filled in pages, then kept current by deltas on $updatedAt.
import type { AppDb } from '@/db/schema';
import { SYNC_MARK, syncMark } from '@/db/staff-repository';
import type { Submission } from '@/shared/contracts/submission';
import { withLock } from './lock';
import { failure, request, type StaffFetch } from './staff-api';

export const PAGE_LIMIT = 1000;
/** Deltas start this long before the last server time, so a write that committed late is still seen. */
export const DELTA_OVERLAP_MS = 15_000;
export const STAFF_META_PREFIX = 'staff.';
const SYNCED_AT = 'staff.syncedAt';

/** Appwrite's own time format, so `since` compares with stored $updatedAt values as they are written. */
const appwriteTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** Where the sync after the one that ended at `mark` starts: every row it writes changed at or after this. */
export const deltaStart = (mark: string) => appwriteTime(Date.parse(mark) - DELTA_OVERLAP_MS);

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

/**
 * Brings the cache up to date: everything on the first run, then changes since the last server time. Pages go by
 * $updatedAt; the cursor only breaks ties inside one timestamp, so a row edited mid-fill cannot hide others.
 */
export function syncSubmissions(db: AppDb, opts: StaffFetch): Promise<{ changed: number; syncedAt: string }> {
  return withLock(db, 'sync', () => syncOnce(db, opts));
}

async function syncOnce(db: AppDb, opts: StaffFetch) {
  const mark = await syncMark(db);
  let since = mark ? deltaStart(mark) : undefined;
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
    { key: SYNC_MARK, value: serverTime },
    { key: SYNCED_AT, value: syncedAt },
  ]);
  return { changed: changed.size, syncedAt };
}

/** When this device last finished a sync, or null if never. */
export async function lastSyncedAt(db: AppDb): Promise<string | null> {
  const v = (await db.meta.get(SYNCED_AT))?.value;
  return typeof v === 'string' ? v : null;
}

/** Forgets every submission, pending edit, sync mark and the fast-read copy on this device (staff sign-out). */
export async function clearStaffCache(db: AppDb): Promise<void> {
  await db.transaction('rw', db.submissions, db.pendingEdits, db.meta, db.staffSnapshot, async () => {
    await db.submissions.clear();
    await db.staffSnapshot.clear();
    await db.pendingEdits.clear();
    await db.meta.where('key').startsWith(STAFF_META_PREFIX).delete();
  });
}
