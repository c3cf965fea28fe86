// The staff's copy of the submissions on this device: read by the staff screens, written by the sync that keeps it
// current (pages of server rows, the marks of the last finished sync), and forgotten at staff sign-out.
import Dexie, { type Transaction } from 'dexie';
import type { Submission } from '@/shared/contracts/submission';
import type { AppDb } from './schema';
import type { CachedSubmission, PendingEdit } from './types';

/** Every setting of the staff cache starts with this (meta keys), so sign-out forgets them all. */
export const STAFF_META_PREFIX = 'staff.';
/** The server time of the last finished sync (meta key); every later sync writes rows changed since shortly before it. */
export const SYNC_MARK = 'staff.watermark';
/** When this device last finished a sync (meta key). */
const SYNCED_AT = 'staff.syncedAt';
/** Where an unfinished first fill goes on (meta key): {before, cursor, serverTime}. */
const FILL = 'staff.fill';
/** What the device holds (meta key): {complete} — false once the server had more than the window. */
const COVERAGE = 'staff.coverage';

/** Where a first fill, newest change first, goes on after its last stored page. */
export type FillProgress = { before: string; cursor?: string; serverTime: string };
/** Whether the device holds every registration the server had at its last sync, or the window of the newest. */
export type Coverage = { complete: boolean };

const textSetting = async (db: AppDb, key: string): Promise<string | null> => {
  const v = (await db.meta.get(key))?.value;
  return typeof v === 'string' ? v : null;
};
const pendingEditIds = async (db: AppDb) => (await db.pendingEdits.toCollection().primaryKeys()) as string[];
const keptIds = async (db: AppDb) => (await db.keptSubmissions.toCollection().primaryKeys()) as string[];
const isFill = (v: unknown): v is FillProgress =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as FillProgress).before === 'string' &&
  typeof (v as FillProgress).serverTime === 'string';

/**
 * In the transaction under way, drops the least recently changed rows beyond the `window` newest, except those staff
 * opened or edited on this device; answers how many were dropped.
 */
async function dropBeyond(db: AppDb, window: number): Promise<number> {
  const [count, editIds, kept] = await Promise.all([db.submissions.count(), pendingEditIds(db), keptIds(db)]);
  const keep = new Set([...editIds, ...kept]);
  if (count - keep.size <= window) return 0;
  // Oldest first: the rows to drop are among the oldest (excess + kept) ones.
  const oldest = (await db.submissions
    .orderBy('$updatedAt')
    .limit(count - window + keep.size)
    .primaryKeys()) as string[];
  const heldKept = ((await db.submissions.bulkGet([...keep])).filter(Boolean) as Submission[]).length;
  const excess = count - heldKept - window;
  const drop = oldest.filter((id) => !keep.has(id)).slice(0, Math.max(0, excess));
  await db.submissions.bulkDelete(drop);
  return drop.length;
}

/**
 * Puts a page of rows in the transaction under way: plain IndexedDB puts, the last row through Dexie. Dexie's bulkPut
 * gives every request its own error and success handlers, about a tenth of the page's own CPU in a first fill; the
 * last row through Dexie tells its live queries (and the other tabs) that the table changed. A put that fails aborts
 * the transaction, as in bulkPut.
 */
async function putRows(db: AppDb, rows: Submission[]): Promise<void> {
  const idb = (Dexie.currentTransaction as (Transaction & { idbtrans?: IDBTransaction }) | null)?.idbtrans;
  if (!idb || rows.length < 2) return void (await db.submissions.bulkPut(rows));
  const store = idb.objectStore(db.submissions.name);
  for (let i = 0; i < rows.length - 1; i++) store.put(rows[i]);
  await db.submissions.put(rows.at(-1)!);
}

/**
 * Writes the rows newer than the copies held (a row with an edit waiting keeps showing it); answers the rows written
 * and how many of them the device did not hold. With `onlyOpened`, the caller knows no other row can be held already,
 * and only rows opened or edited here are looked up.
 */
async function storeRows(db: AppDb, rows: Submission[], onlyOpened = false): Promise<{ written: Submission[]; added: number }> {
  const mine = onlyOpened ? new Set([...(await keptIds(db)), ...(await pendingEditIds(db))]) : null;
  const ids = (mine ? rows.filter((r) => mine.has(r.$id)) : rows).map((r) => r.$id);
  const [cached, edits] = await Promise.all([db.submissions.bulkGet(ids), db.pendingEdits.bulkGet(ids)]);
  const held = new Map<string, string>();
  const edited = new Map<string, PendingEdit>();
  ids.forEach((id, i) => {
    if (cached[i]) held.set(id, cached[i].$updatedAt);
    if (edits[i]) edited.set(id, edits[i]);
  });
  const fresh: Submission[] = [];
  for (const row of rows) {
    const have = held.get(row.$id);
    if (have !== undefined && have >= row.$updatedAt) continue;
    const edit = edited.get(row.$id);
    fresh.push(edit ? { ...row, ...edit.fields } : row);
  }
  await putRows(db, fresh);
  return { written: fresh, added: fresh.filter((r) => !held.has(r.$id)).length };
}

export const staffRepository = (db: AppDb) => ({
  /** The `n` most recently changed submissions, newest first. */
  latest: (n: number) => db.submissions.orderBy('$updatedAt').reverse().limit(n).toArray(),
  count: () => db.submissions.count(),
  /** Submission ids, most recently changed first (the rows are read when they are shown). */
  idsNewestFirst: async () => (await db.submissions.orderBy('$updatedAt').reverse().primaryKeys()) as string[],
  /** The submissions with these ids that are on the device, in the given order. */
  byIds: async (ids: string[]): Promise<CachedSubmission[]> =>
    (await db.submissions.bulkGet(ids)).filter((r): r is CachedSubmission => Boolean(r)),

  /** Every row, the ids with edits waiting and the sync mark, as one moment of the device's copy. */
  everything: () =>
    db.transaction('r', db.submissions, db.pendingEdits, db.meta, async () => {
      const [rows, editIds, mark] = await Promise.all([db.submissions.toArray(), pendingEditIds(db), textSetting(db, SYNC_MARK)]);
      return { rows, editIds, mark };
    }),
  /**
   * As one moment: rows changed at or after `since` (and, while a first fill writes older pages, at or before
   * `oldest`), the rows with these ids, the ids with edits waiting, how many rows there are and the sync mark.
   */
  changes: (since: string, ids: string[], oldest?: string) =>
    db.transaction('r', db.submissions, db.pendingEdits, db.meta, async () => {
      const [newer, older, editIds, count, mark] = await Promise.all([
        db.submissions.where('$updatedAt').aboveOrEqual(since).toArray(),
        // A first fill writes older pages below the rows held.
        oldest && oldest < since ? db.submissions.where('$updatedAt').belowOrEqual(oldest).reverse().toArray() : [],
        pendingEditIds(db),
        db.submissions.count(),
        textSetting(db, SYNC_MARK),
      ]);
      newer.push(...older);
      const seen = new Set(newer.map((r) => r.$id));
      const rest = [...new Set([...ids, ...editIds])].filter((id) => !seen.has(id));
      const edited = (await db.submissions.bulkGet(rest)).filter((r): r is CachedSubmission => Boolean(r));
      return { changed: [...newer, ...edited], editIds, count, mark };
    }),

  /** The server time of the last finished sync, or null before the first. */
  syncMark: () => textSetting(db, SYNC_MARK),
  /** When this device last finished a sync, or null if never. */
  lastSyncedAt: () => textSetting(db, SYNCED_AT),

  /**
   * Stores a page of server rows, never stepping back to an older copy; a row with an edit waiting keeps showing that
   * edit. In the same transaction, rows now beyond the `window` newest are dropped (never opened or edited ones), so
   * the device never shows more than its window. Answers the ids of the rows written and how many were dropped.
   */
  storeSyncedPage: (rows: Submission[], window: number): Promise<{ written: string[]; dropped: number }> =>
    db.transaction('rw', [db.submissions, db.pendingEdits, db.keptSubmissions], async () => {
      const written = (await storeRows(db, rows)).written.map((r) => r.$id);
      return { written, dropped: await dropBeyond(db, window) };
    }),
  /**
   * Stores a page of a first fill (newest change first) as storeSyncedPage does, with where the fill goes on next,
   * in one transaction; answers the rows written (as stored) and how many of them are new to the device.
   */
  storeFillPage: (rows: Submission[], next: FillProgress, onlyOpened = false): Promise<{ written: Submission[]; added: number }> =>
    db.transaction('rw', [db.submissions, db.pendingEdits, db.keptSubmissions, db.meta], async () => {
      const stored = await storeRows(db, rows, onlyOpened);
      await db.meta.put({ key: FILL, value: next });
      return stored;
    }),
  /** Where an unfinished first fill goes on, or null when none is under way. */
  fillProgress: async (): Promise<FillProgress | null> => {
    const v = (await db.meta.get(FILL))?.value;
    return isFill(v) ? v : null;
  },
  /** Whether the device holds everything the server had, or only the newest window (null before the first sync). */
  coverage: async (): Promise<Coverage | null> => {
    const v = (await db.meta.get(COVERAGE))?.value as Coverage | undefined;
    return v && typeof v.complete === 'boolean' ? v : null;
  },

  /** Keeps a submission staff opened on this device (stored if newer than the copy held) whatever the window. */
  keep: (row: Submission): Promise<void> =>
    db.transaction('rw', db.submissions, db.keptSubmissions, async () => {
      await db.keptSubmissions.put({ id: row.$id });
      const have = await db.submissions.get(row.$id);
      if (!have || have.$updatedAt < row.$updatedAt) await db.submissions.put(row);
    }),

  /**
   * Records a finished sync: the server time of its first page (the next sync starts there), when it ended and, when
   * known, whether the device holds everything; an unfinished fill's place is forgotten.
   */
  finishSync: (serverTime: string, syncedAt: string, coverage?: Coverage): Promise<void> =>
    db.transaction('rw', db.meta, async () => {
      await db.meta.bulkPut([
        { key: SYNC_MARK, value: serverTime },
        { key: SYNCED_AT, value: syncedAt },
        ...(coverage ? [{ key: COVERAGE, value: coverage }] : []),
      ]);
      await db.meta.delete(FILL);
    }),

  /** Forgets every submission, pending edit, staff setting and the fast-read copy on this device, in one transaction. */
  clear: (): Promise<void> =>
    db.transaction('rw', [db.submissions, db.pendingEdits, db.meta, db.staffSnapshot, db.keptSubmissions], async () => {
      await db.submissions.clear();
      await db.keptSubmissions.clear();
      await db.staffSnapshot.clear();
      await db.pendingEdits.clear();
      await db.meta.where('key').startsWith(STAFF_META_PREFIX).delete();
    }),
});
