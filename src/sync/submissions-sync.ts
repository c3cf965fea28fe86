// The staff's copy of the submissions on this device. A new device fills it newest change first, in pages, until it
// holds the DEVICE_WINDOW most recently changed registrations or the server has no more; later syncs bring the
// changes since the last server time (deltas on $updatedAt), and rows falling out of the window are dropped unless
// staff opened or edited them here.
import type { AppDb } from '@/db/schema';
import { UNEXPECTED_ANSWER } from '@/lib/staff-functions';
import { staffRepository, type FillProgress } from '@/db/staff-repository';
import type { Submission } from '@/shared/contracts/submission';
import { withLock } from './lock';
import { failure, request, StaffSyncError, type StaffFetch } from './staff-api';
import { searchesAnswered } from './search-gate';
import { NEXT_BEFORE_HEADER, NEXT_CURSOR_HEADER } from '@/shared/contracts/functions';

export const PAGE_LIMIT = 1000;
/** Rows per page of a first fill: fewer round trips and transactions, within the function's limit of 5,000. */
export const FILL_PAGE = 5000;
/** The first page of a fill is small, so the newest rows are on screen at once. */
const FIRST_FILL_PAGE = 500;
/** How many of the most recently changed registrations a device keeps (plus every one opened or edited on it). */
export const DEVICE_WINDOW = 100_000;
/** A smaller window for this browser (localStorage), so a test can reach the window's edge with a few rows. */
export const WINDOW_SETTING = 'warranty.deviceWindow';
/** Deltas start this long before the last server time, so a write that committed late is still seen. */
export const DELTA_OVERLAP_MS = 15_000;

/** The window of this device: DEVICE_WINDOW unless the browser's setting names a smaller whole number. */
export function deviceWindow(): number {
  const set = Number(globalThis.localStorage?.getItem(WINDOW_SETTING) ?? NaN);
  return Number.isInteger(set) && set > 0 && set < DEVICE_WINDOW ? set : DEVICE_WINDOW;
}

/** Who takes a first fill's rows as they are stored, on this page. */
const fillReaders = new Set<(rows: Submission[], last: boolean) => void>();

/**
 * Hands `take` the rows a first fill run on this page stores, page by page, once each page is committed (`last` for
 * its last page): the table takes them as they are instead of reading them back from IndexedDB while the fill writes.
 * Answers the unsubscribe.
 */
export function onFillRows(take: (rows: Submission[], last: boolean) => void): () => void {
  fillReaders.add(take);
  return () => fillReaders.delete(take);
}

/** Appwrite's own time format, so `since` compares with stored $updatedAt values as they are written. */
const appwriteTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** Where the sync after the one that ended at `mark` starts: every row it writes changed at or after this. */
export const deltaStart = (mark: string) => appwriteTime(Date.parse(mark) - DELTA_OVERLAP_MS);

type Page = { submissions: Submission[]; nextCursor: string | null; serverTime: string };
/**
 * A fill page asked for: the page, where the one after it starts once its headers say so, the rows held after it, and
 * how many of its rows the window has room for (the one asked beyond them only says whether there is more).
 */
type Ask = { page: Promise<Page>; early: Promise<Partial<FillProgress> | null>; have: number; room: number };

async function fetchPage(opts: StaffFetch, query: Record<string, string | number | undefined>): Promise<Page> {
  const answer = await request(opts, 'getAppwriteSubmissions', { query });
  if (!answer.ok) throw failure(answer);
  // Asked with a limit, the function answers a page, never the whole list.
  if (Array.isArray(answer.data))
    throw failure({ ok: false, status: 200, code: UNEXPECTED_ANSWER, error: 'The server answered a list, not a page.' });
  return answer.data;
}

/**
 * Brings the cache up to date: a new device fills its window newest first (going on where a closed page left it),
 * then changes since the last server time. Pages go by $updatedAt; the cursor only breaks ties inside one timestamp,
 * so a row edited mid-fill cannot hide others.
 */
export function syncSubmissions(db: AppDb, opts: StaffFetch, window = deviceWindow()): Promise<{ changed: number; syncedAt: string }> {
  return withLock(db, 'sync', async () => {
    if (await staffRepository(db).syncMark()) {
      const done = await syncChanges(db, opts, window);
      return { changed: done.changed.length, syncedAt: done.syncedAt };
    }
    const filled = await fillNewestFirst(db, opts, window);
    // Rows changed while the fill went (moved above its first page) come at once, not with the next sync.
    const after = await syncChanges(db, opts, window);
    return { changed: new Set([...filled, ...after.changed]).size, syncedAt: after.syncedAt };
  });
}

async function fillNewestFirst(db: AppDb, opts: StaffFetch, window: number) {
  const cache = staffRepository(db);
  const from = await cache.fillProgress();
  let held = await cache.count();
  // A fill that starts on an empty device, or goes on with one, meets no older copies but rows opened meanwhile.
  const onlyOpened = held === 0 || from !== null;
  let at: Partial<FillProgress> = from ?? {};
  let serverTime = from?.serverTime ?? '';
  const changed = new Set<string>();
  let complete = false;

  /**
   * Asks for the page after `after`: one row more than the window lacks, so a page that comes back short says there
   * is no more. `early` answers where the page after it starts as soon as its headers say so (a full page), before its
   * body has arrived and been read; else null.
   */
  const ask = (after: Partial<FillProgress>, have: number): Ask => {
    let tell: (hint: Partial<FillProgress> | null) => void = () => undefined;
    const early = new Promise<Partial<FillProgress> | null>((resolve) => (tell = resolve));
    const base = opts.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
    const fetchImpl: typeof fetch = async (input, init) => {
      const res = await base(input, init).catch((err: unknown) => {
        tell(null);
        throw err;
      });
      const before = res.ok ? res.headers.get(NEXT_BEFORE_HEADER) : null;
      const cursor = res.headers.get(NEXT_CURSOR_HEADER);
      tell(before && cursor ? { before, cursor } : null);
      return res;
    };
    const limit = Math.min(after.before ? FILL_PAGE : FIRST_FILL_PAGE, window - have + 1);
    const query = { order: 'desc', limit, before: after.before, cursor: after.cursor };
    const page = (async () => {
      await searchesAnswered();
      return fetchPage({ ...opts, fetchImpl }, query).catch((err: unknown) => {
        // The row the fill stopped at is gone from the server: go on from its time, a few rows read twice.
        if (after.cursor && err instanceof StaffSyncError && err.status === 400) return fetchPage(opts, { ...query, cursor: undefined });
        throw err;
      });
    })().finally(() => tell(null));
    page.catch(() => undefined);
    return { page, early, have: have + limit, room: window - have };
  };

  let current: Ask | null = held < window ? ask(at, held) : null;
  while (current) {
    // The next page is asked for as soon as this one's headers say where it starts, so the server works on it while
    // this one arrives, is read and is stored; a page is asked for once the one before the one on its way is stored.
    let next: Ask | null = null;
    const asking = current;
    const hinted = asking.early.then((hint) => {
      if (hint && asking.have < window) next = ask(hint, asking.have);
    });
    const page: Page = await asking.page;
    await hinted;
    // The first page's time: anything changed after it comes with the next sync (dedupe by $id).
    serverTime ||= page.serverTime;
    // The row beyond the window is not kept: the device holds the window, and says so, as soon as this page is stored.
    const rows = page.submissions.length > asking.room ? page.submissions.slice(0, asking.room) : page.submissions;
    const last = rows.at(-1);
    if (!last) {
      complete = true;
      break;
    }
    // Newest first, the cursor is safe: a row edited meanwhile moves up, so the rows after it only grow.
    at = { before: last.$updatedAt, cursor: last.$id, serverTime };
    // Without the headers, the next page is asked for while this one is stored: the network and the writes overlap.
    const expected = held + rows.length;
    if (!next && page.nextCursor !== null && expected < window) next = ask(at, expected);
    await searchesAnswered();
    const stored = await cache.storeFillPage(rows, at as FillProgress, onlyOpened);
    held += stored.added;
    for (const row of stored.written) changed.add(row.$id);
    if (page.nextCursor === null) complete = true;
    else if (!next && held < window) next = ask(at, held);
    for (const take of fillReaders) take(stored.written, !next);
    current = next;
  }
  await cache.finishSync(serverTime || new Date().toISOString(), new Date().toISOString(), { complete });
  return changed;
}

async function syncChanges(db: AppDb, opts: StaffFetch, window: number) {
  const cache = staffRepository(db);
  let since: string | undefined = deltaStart((await cache.syncMark())!);
  let cursor: string | undefined;
  let serverTime = '';
  const changed = new Set<string>();
  let dropped = 0;
  for (;;) {
    const page = await fetchPage(opts, { limit: PAGE_LIMIT, since, cursor });
    serverTime ||= page.serverTime;
    const stored = await cache.storeSyncedPage(page.submissions, window);
    for (const id of stored.written) changed.add(id);
    dropped += stored.dropped;
    const first = page.submissions[0];
    const last = page.submissions.at(-1);
    if (page.nextCursor === null || !first || !last) break;
    since = last.$updatedAt;
    cursor = first.$updatedAt === last.$updatedAt ? last.$id : undefined;
  }
  const syncedAt = new Date().toISOString();
  await cache.finishSync(serverTime, syncedAt, dropped ? { complete: false } : undefined);
  return { changed: [...changed], syncedAt };
}

/** When this device last finished a sync, or null if never. */
export const lastSyncedAt = (db: AppDb): Promise<string | null> => staffRepository(db).lastSyncedAt();

/** Forgets every submission, pending edit, sync mark and the fast-read copy on this device (staff sign-out). */
export const clearStaffCache = (db: AppDb): Promise<void> => staffRepository(db).clear();
