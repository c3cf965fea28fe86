// One run at a time per name: callers share the running one, or, when they need their own, run right after it.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openAppDb } from '@/db/schema';
import { withLock } from '@/sync/lock';

describe('withLock', () => {
  it('lets callers share the running run, and gives a fresh caller a run of its own after it', async () => {
    const db = openAppDb(crypto.randomUUID());
    const runs: string[] = [];
    let release!: () => void;
    const first = withLock(db, 'edits', async () => {
      runs.push('first');
      await new Promise<void>((r) => (release = r));
      return 'first';
    });
    const shared = withLock(db, 'edits', async () => {
      runs.push('never');
      return 'never';
    });
    const own = withLock(
      db,
      'edits',
      async () => {
        runs.push('own');
        return 'own';
      },
      { fresh: true },
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(runs).toEqual(['first']);
    release();
    expect(await first).toBe('first');
    expect(await shared).toBe('first');
    expect(await own).toBe('own');
    expect(runs).toEqual(['first', 'own']);
  });
});
