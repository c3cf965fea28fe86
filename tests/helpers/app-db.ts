// The app's device database in Node (fake-indexeddb, imported by the test file): photos kept for a draft as the
// wizard keeps them.
import type { AppDb } from '@/db/schema';
import type { DraftFile } from '@/db/types';

/**
 * Keeps a photo for a draft, as the wizard does when one is picked: JPEG bytes (the start of one unless `bytes` says),
 * 1x1, for draft "draft-1", named after its id, unless `over` says otherwise. Returns its id.
 */
export async function addDraftPhoto(
  db: AppDb,
  {
    bytes = [0xff, 0xd8, 0xff, 0xe0],
    ...over
  }: Partial<Omit<DraftFile, 'blob' | 'type'>> & { bytes?: number[] | Uint8Array<ArrayBuffer> } = {},
): Promise<string> {
  const id = over.id ?? crypto.randomUUID();
  await db.draftFiles.add({
    id,
    draftId: 'draft-1',
    name: `${id}.jpg`,
    type: 'image/jpeg',
    blob: new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    width: 1,
    height: 1,
    addedAt: 0,
    ...over,
  });
  return id;
}
