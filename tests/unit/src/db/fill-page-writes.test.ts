// A first fill's page is written with plain IndexedDB puts (src/db/staff-repository.ts putRows): the screens that
// watch the table (live queries, the staff table's change events) still hear of it, and a row that cannot be stored
// leaves nothing of its page behind.
import 'fake-indexeddb/auto';
import Dexie, { liveQuery } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { openAppDb, type AppDb } from '@/db/schema';
import { staffRepository } from '@/db/staff-repository';
import type { Submission } from '@/shared/contracts/submission';
import { submission } from '../../../helpers/fixtures';

const rowsOf = (n: number, from = 0): Submission[] =>
  Array.from({ length: n }, (_, i) =>
    submission({
      $id: `doc-${String(from + i).padStart(6, '0')}`,
      $updatedAt: new Date(Date.UTC(2026, 0, 1) - (from + i) * 60_000).toISOString().replace('Z', '+00:00'),
    }),
  );
const at = (row: Submission) => ({ before: row.$updatedAt, cursor: row.$id, serverTime: '2026-01-02T00:00:00.000+00:00' });

describe("a first fill's page of rows", () => {
  let db: AppDb;
  beforeEach(() => {
    db = openAppDb(`fill-${crypto.randomUUID()}`);
  });

  it('is stored whole, and the live queries and change events on the table hear of it', async () => {
    const counts: number[] = [];
    const ids: string[][] = [];
    const watching = [
      liveQuery(() => db.submissions.count()).subscribe((n) => counts.push(n)),
      liveQuery(() => staffRepository(db).idsNewestFirst()).subscribe((list) => ids.push(list)),
    ];
    const changed: string[] = [];
    const onMutated = (parts: Record<string, unknown>) => changed.push(...Object.keys(parts));
    Dexie.on.storagemutated.subscribe(onMutated);
    try {
      const first = rowsOf(500);
      await staffRepository(db).storeFillPage(first, at(first.at(-1)!), true);
      const second = rowsOf(500, 500);
      await staffRepository(db).storeFillPage(second, at(second.at(-1)!), true);
      await expect.poll(() => counts.at(-1)).toBe(1000);
      await expect.poll(() => ids.at(-1)?.length).toBe(1000);
      expect(ids.at(-1)).toEqual([...first, ...second].map((r) => r.$id));
      expect(await db.submissions.bulkGet([first[3]!.$id, second[499]!.$id])).toEqual([first[3], second[499]]);
      expect(changed.some((k) => k.startsWith(`idb://${db.name}/submissions/`))).toBe(true);
    } finally {
      watching.forEach((w) => w.unsubscribe());
      Dexie.on.storagemutated.unsubscribe(onMutated);
    }
  });

  it('leaves nothing of the page, nor where the fill goes on, when one of its rows cannot be stored', async () => {
    const rows = rowsOf(300);
    const broken = [...rows.slice(0, 150), { ...rows[150]!, $id: undefined } as unknown as Submission, ...rows.slice(151)];
    await expect(staffRepository(db).storeFillPage(broken, at(rows.at(-1)!), true)).rejects.toThrow();
    expect(await db.submissions.count()).toBe(0);
    expect(await staffRepository(db).fillProgress()).toBeNull();
  });
});
