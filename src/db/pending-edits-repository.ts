// Staff edits waiting on this device, and the staff's copy of the rows they change: every step that touches both is
// one transaction, so a row never shows an edit that is not kept, nor loses one that is.
import type { Submission } from '@/shared/contracts/submission';
import type { AppDb } from './schema';
import type { CachedSubmission, PendingEdit } from './types';

export const pendingEditsRepository = (db: AppDb) => ({
  all: (): Promise<PendingEdit[]> => db.pendingEdits.toArray(),
  get: (id: string) => db.pendingEdits.get(id),
  count: () => db.pendingEdits.count(),
  countConflicts: () => db.pendingEdits.filter((e) => Boolean(e.current)).count(),

  /**
   * Saves the edit `next` makes of the edit waiting for `id` and the cached row (either may be missing), and shows
   * it on that row at once: one transaction. Answers the edit saved.
   */
  save: (id: string, next: (waiting: PendingEdit | undefined, row: CachedSubmission | undefined) => PendingEdit) =>
    db.transaction('rw', db.pendingEdits, db.submissions, async () => {
      const [prev, row] = await Promise.all([db.pendingEdits.get(id), db.submissions.get(id)]);
      const edit = next(prev, row);
      await db.pendingEdits.put(edit);
      if (row) await db.submissions.put({ ...row, ...edit.fields });
      return edit;
    }),

  /** After the server saved `sent`: its row replaces the one shown, unless the edit changed again while it was sent. */
  settleSent: (sent: PendingEdit, saved: Submission): Promise<void> =>
    db.transaction('rw', db.pendingEdits, db.submissions, async () => {
      const now = await db.pendingEdits.get(sent.id);
      if (now && now.savedAt !== sent.savedAt) {
        await db.pendingEdits.put({ ...now, baseUpdatedAt: saved.$updatedAt });
        await db.submissions.put({ ...saved, ...now.fields });
      } else {
        await db.pendingEdits.delete(sent.id);
        await db.submissions.put(saved);
      }
    }),

  /** Notes why the edit of `id` could not be sent; it stays waiting. */
  noteError: (id: string, error: string) => db.pendingEdits.update(id, { lastError: error }).then(() => undefined),
  /** Keeps the edit of `id` beside the server's `current` copy, for the staff member to choose. */
  holdInConflict: (id: string, current: Submission, error: string) =>
    db.pendingEdits.update(id, { current, lastError: error }).then(() => undefined),

  /**
   * Settles a conflict in one transaction: 'mine' keeps the edit, now based on the server's copy, to be sent next;
   * 'theirs' drops the edit and shows the server's copy.
   */
  resolveConflict: (id: string, choice: 'mine' | 'theirs'): Promise<void> =>
    db.transaction('rw', db.pendingEdits, db.submissions, async () => {
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
    }),
});
