// The staff's copy of the submissions and their edits waiting on this device, as the staff screens read them.
import type { AppDb } from './schema';
import type { CachedSubmission, PendingEdit } from './types';

export const staffRepository = (db: AppDb) => ({
  /** The `n` most recently changed submissions, newest first. */
  latest: (n: number) => db.submissions.orderBy('$updatedAt').reverse().limit(n).toArray(),
  all: () => db.submissions.toArray(),
  count: () => db.submissions.count(),
  /** Submission ids, most recently changed first (the rows are read when they are shown). */
  idsNewestFirst: async () => (await db.submissions.orderBy('$updatedAt').reverse().primaryKeys()) as string[],
  changedSince: (updatedAt: string) => db.submissions.where('$updatedAt').aboveOrEqual(updatedAt).toArray(),
  /** The submissions with these ids that are on the device, in the given order. */
  byIds: async (ids: string[]): Promise<CachedSubmission[]> =>
    (await db.submissions.bulkGet(ids)).filter((r): r is CachedSubmission => Boolean(r)),

  pendingEdits: (): Promise<PendingEdit[]> => db.pendingEdits.toArray(),
  pendingEdit: (id: string) => db.pendingEdits.get(id),
  pendingEditIds: async () => (await db.pendingEdits.toCollection().primaryKeys()) as string[],
  countPendingEdits: () => db.pendingEdits.count(),
  countConflicts: () => db.pendingEdits.filter((e) => Boolean(e.current)).count(),
});
