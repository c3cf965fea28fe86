// The staff's copy of the submissions on this device: filled in pages, then kept current by deltas on $updatedAt.
import type { AppDb } from '@/db/schema';
import { UNEXPECTED_ANSWER } from '@/lib/staff-functions';
import { staffRepository } from '@/db/staff-repository';
import { withLock } from './lock';
import { failure, request, type StaffFetch } from './staff-api';

export const PAGE_LIMIT = 1000;
/** Deltas start this long before the last server time, so a write that committed late is still seen. */
export const DELTA_OVERLAP_MS = 15_000;

/** Appwrite's own time format, so `since` compares with stored $updatedAt values as they are written. */
const appwriteTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** Where the sync after the one that ended at `mark` starts: every row it writes changed at or after this. */
export const deltaStart = (mark: string) => appwriteTime(Date.parse(mark) - DELTA_OVERLAP_MS);

/**
 * Brings the cache up to date: everything on the first run, then changes since the last server time. Pages go by
 * $updatedAt; the cursor only breaks ties inside one timestamp, so a row edited mid-fill cannot hide others.
 */
export function syncSubmissions(db: AppDb, opts: StaffFetch): Promise<{ changed: number; syncedAt: string }> {
  return withLock(db, 'sync', () => syncOnce(db, opts));
}

async function syncOnce(db: AppDb, opts: StaffFetch) {
  const cache = staffRepository(db);
  const mark = await cache.syncMark();
  let since = mark ? deltaStart(mark) : undefined;
  let cursor: string | undefined;
  let serverTime = '';
  const changed = new Set<string>();
  for (;;) {
    const answer = await request(opts, 'getAppwriteSubmissions', { query: { limit: PAGE_LIMIT, since, cursor } });
    if (!answer.ok) throw failure(answer);
    const page = answer.data;
    // Asked with a limit, the function answers a page, never the whole list.
    if (Array.isArray(page))
      throw failure({ ok: false, status: 200, code: UNEXPECTED_ANSWER, error: 'The server answered a list, not a page.' });
    // The first page's time: anything changed after it is fetched again next time (dedupe by $id).
    serverTime ||= page.serverTime;
    for (const id of await cache.storeSyncedPage(page.submissions)) changed.add(id);
    const first = page.submissions[0];
    const last = page.submissions.at(-1);
    if (page.nextCursor === null || !first || !last) break;
    since = last.$updatedAt;
    cursor = first.$updatedAt === last.$updatedAt ? last.$id : undefined;
  }
  const syncedAt = new Date().toISOString();
  await cache.finishSync(serverTime, syncedAt);
  return { changed: changed.size, syncedAt };
}

/** When this device last finished a sync, or null if never. */
export const lastSyncedAt = (db: AppDb): Promise<string | null> => staffRepository(db).lastSyncedAt();

/** Forgets every submission, pending edit, sync mark and the fast-read copy on this device (staff sign-out). */
export const clearStaffCache = (db: AppDb): Promise<void> => staffRepository(db).clear();
