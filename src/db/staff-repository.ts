// The staff's copy of the submissions on this device: read by the staff screens, written by the sync that keeps it
// current (pages of server rows, the marks of the last finished sync), and forgotten at staff sign-out.
import type { Submission } from '@/shared/contracts/submission';
import type { AppDb } from './schema';
import type { CachedSubmission } from './types';

/** Every setting of the staff cache starts with this (meta keys), so sign-out forgets them all. */
export const STAFF_META_PREFIX = 'staff.';
/** The server time of the last finished sync (meta key); every later sync writes rows changed since shortly before it. */
export const SYNC_MARK = 'staff.watermark';
/** When this device last finished a sync (meta key). */
const SYNCED_AT = 'staff.syncedAt';

const textSetting = async (db: AppDb, key: string): Promise<string | null> => {
  const v = (await db.meta.get(key))?.value;
  return typeof v === 'string' ? v : null;
};
const pendingEditIds = async (db: AppDb) => (await db.pendingEdits.toCollection().primaryKeys()) as string[];

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
   * As one moment: rows changed at or after `since`, the rows with these ids, the ids with edits waiting, how many
   * rows there are and the sync mark.
   */
  changes: (since: string, ids: string[]) =>
    db.transaction('r', db.submissions, db.pendingEdits, db.meta, async () => {
      const [newer, editIds, count, mark] = await Promise.all([
        db.submissions.where('$updatedAt').aboveOrEqual(since).toArray(),
        pendingEditIds(db),
        db.submissions.count(),
        textSetting(db, SYNC_MARK),
      ]);
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
   * edit. One transaction; answers the ids of the rows written.
   */
  storeSyncedPage: (rows: Submission[]): Promise<string[]> =>
    db.transaction('rw', db.submissions, db.pendingEdits, async () => {
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
    }),
  /** Records a finished sync: the server time of its first page (the next sync starts there) and when it ended. */
  finishSync: (serverTime: string, syncedAt: string): Promise<void> =>
    db.meta
      .bulkPut([
        { key: SYNC_MARK, value: serverTime },
        { key: SYNCED_AT, value: syncedAt },
      ])
      .then(() => undefined),

  /** Forgets every submission, pending edit, staff setting and the fast-read copy on this device, in one transaction. */
  clear: (): Promise<void> =>
    db.transaction('rw', db.submissions, db.pendingEdits, db.meta, db.staffSnapshot, async () => {
      await db.submissions.clear();
      await db.staffSnapshot.clear();
      await db.pendingEdits.clear();
      await db.meta.where('key').startsWith(STAFF_META_PREFIX).delete();
    }),
});
