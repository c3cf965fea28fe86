// The wizard run kept on this device: its draft (fields and step) and the photos chosen for it.
import type { AppDb } from './schema';
import type { DraftFile, Draft } from './types';

export const draftsRepository = (db: AppDb) => ({
  /** The most recently saved draft and its photos in the order they were added (none when no draft is kept). */
  async latest(): Promise<{ draft: Draft | undefined; files: DraftFile[] }> {
    const draft = await db.drafts.orderBy('updatedAt').last();
    const files = draft ? await db.draftFiles.where('draftId').equals(draft.id).sortBy('addedAt') : [];
    return { draft, files };
  },
  save: (draft: Draft) => db.drafts.put(draft),
  /** Deletes the draft and its photos, except those handed to the outbox (`keepFileIds`), which it deletes once sent. */
  remove: (draftId: string, keepFileIds: Iterable<string> = []) => {
    const keep = new Set(keepFileIds);
    return db.transaction('rw', db.drafts, db.draftFiles, async () => {
      await db.drafts.delete(draftId);
      const orphans = (await db.draftFiles.where('draftId').equals(draftId).primaryKeys()).filter((id) => !keep.has(id));
      await db.draftFiles.bulkDelete(orphans);
    });
  },
  addFile: (file: DraftFile) => db.draftFiles.add(file),
  removeFile: (id: string) => db.draftFiles.delete(id),
  /** How many wizard runs, other than `except`, have reached `step` or a later one. */
  countAtStepOrLater: (step: number, except?: string) => db.drafts.filter((d) => d.step >= step && d.id !== except).count(),
});

export type DraftsRepository = ReturnType<typeof draftsRepository>;
