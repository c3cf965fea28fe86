// The wizard run kept on this device: its draft (fields and step) and the photos chosen for it.
import type { AppDb } from './schema';
import type { DraftFile, Draft } from './types';

/** The meta key naming the run to open next, whatever run was saved later (a set-aside registration reopened). */
const OPEN_NEXT = 'wizard.openNext';

export const draftsRepository = (db: AppDb) => ({
  /**
   * The draft to open and its photos in the order they were added (none when no draft is kept): the one reopened
   * last (`reopened`, once), else the most recently saved.
   */
  async latest(): Promise<{ draft: Draft | undefined; files: DraftFile[]; reopened: boolean }> {
    const marked = await db.meta.get(OPEN_NEXT);
    if (marked) await db.meta.delete(OPEN_NEXT);
    const reopened = typeof marked?.value === 'string' ? await db.drafts.get(marked.value) : undefined;
    const draft = reopened ?? (await db.drafts.orderBy('updatedAt').last());
    const files = draft ? await db.draftFiles.where('draftId').equals(draft.id).sortBy('addedAt') : [];
    return { draft, files, reopened: reopened !== undefined };
  },
  /**
   * A queued registration opened again as a wizard run: `draft`, with copies of its photos (`photoIds`), opened next.
   * The queued record keeps its own photos until the fix replaces it (or a person discards it).
   */
  reopen(draft: Draft, photoIds: string[]): Promise<void> {
    return db.transaction('rw', db.drafts, db.draftFiles, db.meta, async () => {
      const photos = await db.draftFiles.bulkGet(photoIds);
      const now = Date.now();
      const copies = photos
        .filter((p): p is DraftFile => p !== undefined)
        .map((p, i) => ({ ...p, id: crypto.randomUUID(), draftId: draft.id, addedAt: now + i }));
      await db.draftFiles.bulkAdd(copies);
      await db.drafts.put(draft);
      await db.meta.put({ key: OPEN_NEXT, value: draft.id });
    });
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
