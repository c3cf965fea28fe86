// Asks once, at the first queued registration, that the browser keep this site's storage.
import type { AppDb } from '@/db/schema';
import { settingsRepository } from '@/db/settings-repository';

type StorageManagerLike = { persist?: () => Promise<boolean> };

/** True when this call asked; false when it had been asked before (or another tab is asking now). */
export async function askPersistentStorageOnce(
  db: AppDb,
  storage: StorageManagerLike | undefined = globalThis.navigator?.storage,
): Promise<boolean> {
  const settings = settingsRepository(db);
  if (!(await settings.firstPersistRequest())) return false;
  const granted = storage?.persist ? await storage.persist().catch(() => false) : null;
  await settings.notePersistAnswer({ askedAt: Date.now(), granted });
  return true;
}
