// The staff's copy of the submissions and their edits waiting on this device, as the staff screens read them.
import type { AppDb } from './schema';
import type { CachedSubmission, PendingEdit } from './types';

/** The server time of the last finished sync (meta key); every later sync writes rows changed since shortly before it. */
export const SYNC_MARK = 'staff.watermark';

export const syncMark = async (db: AppDb): Promise<string | null> => {
  const v = (await db.meta.get(SYNC_MARK))?.value;
  return typeof v === 'string' ? v : null;
};

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
      const [rows, editIds, mark] = await Promise.all([db.submissions.toArray(), pendingEditIds(db), syncMark(db)]);
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
        syncMark(db),
      ]);
      const seen = new Set(newer.map((r) => r.$id));
      const rest = [...new Set([...ids, ...editIds])].filter((id) => !seen.has(id));
      const edited = (await db.submissions.bulkGet(rest)).filter((r): r is CachedSubmission => Boolean(r));
      return { changed: [...newer, ...edited], editIds, count, mark };
    }),

  pendingEdits: (): Promise<PendingEdit[]> => db.pendingEdits.toArray(),
  pendingEdit: (id: string) => db.pendingEdits.get(id),
  countPendingEdits: () => db.pendingEdits.count(),
  countConflicts: () => db.pendingEdits.filter((e) => Boolean(e.current)).count(),
});

const pendingEditIds = async (db: AppDb) => (await db.pendingEdits.toCollection().primaryKeys()) as string[];
