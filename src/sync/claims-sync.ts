// The staff's copy of the claims queue: every claim on the first run, then the claims changed since the last server
// time (with an overlap, so a write that committed late is still seen), page by page on the claims' updated time.
import type { AppDb } from '@/db/schema';
import { claimsCacheRepository } from '@/db/claims-cache-repository';
import { withLock } from './lock';
import { failure, request, type StaffFetch } from './staff-api';
import { deltaStart } from './submissions-sync';

export const CLAIMS_PAGE = 1000;
/** Where the first run starts: every claim. */
const BEGINNING = '1970-01-01T00:00:00.000+00:00';

/** Brings the device's claims up to date, `pageSize` claims a call; answers how many claims it wrote. One run at a time. */
export function syncClaims(db: AppDb, opts: StaffFetch, pageSize = CLAIMS_PAGE): Promise<{ changed: number; syncedAt: string }> {
  return withLock(db, 'claims', () => syncOnce(db, opts, pageSize));
}

async function syncOnce(db: AppDb, opts: StaffFetch, pageSize: number) {
  const cache = claimsCacheRepository(db);
  const mark = await cache.syncMark();
  let since = mark ? deltaStart(mark) : BEGINNING;
  let cursor: string | undefined;
  let serverTime = '';
  let changed = 0;
  for (;;) {
    const answer = await request(opts, 'getClaims', { query: { since, limit: String(pageSize), ...(cursor ? { cursor } : {}) } });
    if (!answer.ok) throw failure(answer);
    const page = answer.data;
    serverTime ||= page.serverTime;
    changed += await cache.storeSyncedPage(page.claims);
    const first = page.claims[0];
    const last = page.claims.at(-1);
    if (page.nextCursor === null || !first || !last) break;
    // The cursor only breaks ties inside one updated time, so a claim changed mid-run cannot hide others.
    since = last.updated_at;
    cursor = first.updated_at === last.updated_at ? last.id : undefined;
  }
  const syncedAt = new Date().toISOString();
  await cache.finishSync(serverTime, syncedAt);
  return { changed, syncedAt };
}

/** Forgets the claims kept on this device (staff sign-out). */
export const clearClaimsCache = (db: AppDb): Promise<void> => claimsCacheRepository(db).clear();
