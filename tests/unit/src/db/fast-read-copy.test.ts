// The staff cache's fast-read copy: the same rows back, nothing stored once the records moved on, and an unreadable
// copy never shown (the table then reads the records).
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { openAppDb, type AppDb } from '@/db/schema';
import { staffSnapshotRepository } from '@/db/staff-snapshot-repository';
import type { StaffSnapshotRecord } from '@/db/types';
import type { Submission } from '@/shared/contracts/submission';
import { submission } from '../../../helpers/fixtures';

const rowsOf = (n: number): Submission[] =>
  Array.from({ length: n }, (_, i) =>
    submission({
      $id: `doc-${String(i).padStart(6, '0')}`,
      $updatedAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString().replace('Z', '+00:00'),
      full_name: `Customer ${i} “Ünïcode” 客户`,
    }),
  );

describe('the fast-read copy of the staff cache', () => {
  let db: AppDb;
  beforeEach(() => {
    db = openAppDb(`copy-${crypto.randomUUID()}`);
  });

  it('gives back every row in order, with where to read the records from and the ids with edits waiting', async () => {
    const rows = rowsOf(12_345);
    await db.submissions.bulkPut(rows);
    await staffSnapshotRepository(db).write({ rows, since: '2026-01-01T00:00:00.000+00:00', pendingIds: ['doc-000007'] });
    expect(await staffSnapshotRepository(db).read()).toEqual({ rows, since: '2026-01-01T00:00:00.000+00:00', pendingIds: ['doc-000007'] });
  });

  it('gives the same rows from a reading begun before them (while the page starts), and none once replaced meanwhile', async () => {
    const rows = rowsOf(12_345);
    await db.submissions.bulkPut(rows);
    const copy = staffSnapshotRepository(db);
    await copy.write({ rows, since: '2026-01-01T00:00:00.000+00:00', pendingIds: [] });
    const early = copy.startReading();
    expect(await copy.read(early)).toEqual({ rows, since: '2026-01-01T00:00:00.000+00:00', pendingIds: [] });

    const stale = copy.startReading();
    await stale.header;
    await db.submissions.bulkDelete(rows.slice(0, 345).map((r) => r.$id));
    await copy.write({ rows: rows.slice(345), since: '2026-02-01T00:00:00.000+00:00', pendingIds: [] });
    expect(await copy.read(stale)).toBeNull();
    expect((await copy.read())?.rows).toEqual(rows.slice(345));
  });

  it('stores nothing when the records no longer hold as many rows (a sign-out cleared them meanwhile)', async () => {
    const rows = rowsOf(10);
    await db.submissions.bulkPut(rows.slice(0, 9));
    await staffSnapshotRepository(db).write({ rows, since: '', pendingIds: [] });
    expect(await db.staffSnapshot.count()).toBe(0);
    expect(await staffSnapshotRepository(db).read()).toBeNull();
  });

  it('is not used when a part is missing or unreadable', async () => {
    const rows = rowsOf(6_000);
    await db.submissions.bulkPut(rows);
    await staffSnapshotRepository(db).write({ rows, since: '', pendingIds: [] });
    const parts = (await db.staffSnapshot.toArray()).filter((r) => r.key !== 'header');
    expect(parts.length).toBe(2);
    await db.staffSnapshot.put({ key: parts[1]!.key, json: '[{"$id":' } as StaffSnapshotRecord);
    expect(await staffSnapshotRepository(db).read()).toBeNull();
    await db.staffSnapshot.delete(parts[1]!.key);
    expect(await staffSnapshotRepository(db).read()).toBeNull();
  });
});
