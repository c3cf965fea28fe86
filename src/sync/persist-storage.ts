// Asks once, at the first queued registration, that the browser keep this site's storage.
import type { AppDb } from '@/db/schema';

export const PERSIST_KEY = 'storagePersist';
export type PersistAnswer = { askedAt: number; granted: boolean | null };

type StorageManagerLike = { persist?: () => Promise<boolean> };

/** True when this call asked; false when it had been asked before (or another tab is asking now). */
export async function askPersistentStorageOnce(
  db: AppDb,
  storage: StorageManagerLike | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  const first = await db.transaction('rw', db.meta, async () => {
    if (await db.meta.get(PERSIST_KEY)) return false;
    await db.meta.put({ key: PERSIST_KEY, value: { askedAt: Date.now(), granted: null } satisfies PersistAnswer });
    return true;
  });
  if (!first) return false;
  const granted = storage?.persist ? await storage.persist().catch(() => false) : null;
  await db.meta.update(PERSIST_KEY, { value: { askedAt: Date.now(), granted } satisfies PersistAnswer });
  return true;
}
