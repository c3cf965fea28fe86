// Persistent storage is asked for once per device, the first time a registration is queued, even from two tabs at once.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openAppDb } from '@/db/schema';
import { PERSIST_KEY } from '@/db/settings-repository';
import { askPersistentStorageOnce } from '@/sync/persist-storage';

describe('askPersistentStorageOnce', () => {
  it('asks the browser once and remembers the answer', async () => {
    const db = openAppDb(crypto.randomUUID());
    let asked = 0;
    const storage = { persist: async () => (asked++, true) };
    expect(await Promise.all([askPersistentStorageOnce(db, storage), askPersistentStorageOnce(db, storage)])).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect(await askPersistentStorageOnce(db, storage)).toBe(false);
    expect(asked).toBe(1);
    expect((await db.meta.get(PERSIST_KEY))?.value).toMatchObject({ granted: true, askedAt: expect.any(Number) });
  });

  it('records an unknown answer where the browser has no persist()', async () => {
    const db = openAppDb(crypto.randomUUID());
    expect(await askPersistentStorageOnce(db, undefined)).toBe(true);
    expect((await db.meta.get(PERSIST_KEY))?.value).toMatchObject({ granted: null });
  });
});
