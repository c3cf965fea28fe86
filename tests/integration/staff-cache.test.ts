// The staff cache against the real server: a staff token from a real sign-in, 2,500 submissions made in bulk with
// the API key, then fill, delta, an edit made offline and sent later, and a conflict that is kept, not overwritten.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAppDb, type AppDb } from '@/db/schema';
import { flushPendingEdits, queueEdit } from '@/sync/pending-edits';
import { lastSyncedAt, syncSubmissions } from '@/sync/submissions-sync';
import { adminClient } from '../helpers/server';
import { serverForSuite } from '../helpers/suite';
import { signIn } from '../helpers/staff';
import { registration, STAFF } from '../helpers/fixtures';

const COUNT = 2500;
const where = { databaseId: 'warranty', collectionId: 'submissions' };
const offlineFetch: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

describe('staff cache against the server', () => {
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  let admin: ReturnType<typeof adminClient>['databases'];
  let db: AppDb;
  let opts: { token: string; base: string };

  beforeAll(async () => {
    admin = adminClient(server).databases;
    for (let b = 0; b < COUNT / 100; b++) {
      const documents = Array.from({ length: 100 }, (_, i) => {
        const n = b * 100 + i;
        return { $id: `reg-${String(n).padStart(5, '0')}`, ...registration({ full_name: `Customer ${n}`, email: `c${n}@example.com` }) };
      });
      await admin.createDocuments({ ...where, documents });
    }
    opts = { token: await signIn(server, STAFF.email, STAFF.password), base: server.url };
    db = openAppDb(`staff-int-${crypto.randomUUID()}`);
  });

  it('fills the cache with every submission', async () => {
    const result = await syncSubmissions(db, opts);
    expect(result.changed).toBe(COUNT);
    expect(await db.submissions.count()).toBe(COUNT);
    expect(await db.submissions.get('reg-01234')).toMatchObject({ full_name: 'Customer 1234', email: 'c1234@example.com' });
    expect(await lastSyncedAt(db)).toBe(result.syncedAt);
  });

  it('then fetches only what changed', async () => {
    await admin.updateDocument({ ...where, documentId: 'reg-00042', data: { full_name: 'Ada King' } });
    const result = await syncSubmissions(db, opts);
    expect(result.changed).toBe(1);
    expect((await db.submissions.get('reg-00042'))!.full_name).toBe('Ada King');
  });

  it('keeps an edit made offline and sends it when the network returns', async () => {
    const row = (await db.submissions.get('reg-00007'))!;
    await queueEdit(db, { id: row.$id, fields: { phone: '+1 5550009999' }, baseUpdatedAt: row.$updatedAt });
    expect((await db.submissions.get(row.$id))!.phone).toBe('+1 5550009999');
    expect(await flushPendingEdits(db, { ...opts, fetchImpl: offlineFetch })).toEqual({ sent: [], conflicts: [], failed: 1 });

    expect(await flushPendingEdits(db, opts)).toEqual({ sent: [row.$id], conflicts: [], failed: 0 });
    const onServer = await admin.getDocument({ ...where, documentId: row.$id });
    expect(onServer).toMatchObject({ phone: '+1 5550009999', full_name: 'Customer 7' });
    expect((await db.submissions.get(row.$id))!.$updatedAt).toBe(onServer.$updatedAt);
    expect(await db.pendingEdits.count()).toBe(0);
  });

  it('keeps a conflict when the server copy changed meanwhile, never overwriting it', async () => {
    const row = (await db.submissions.get('reg-00100'))!;
    await queueEdit(db, { id: row.$id, fields: { full_name: 'Mine' }, baseUpdatedAt: row.$updatedAt });
    await admin.updateDocument({ ...where, documentId: row.$id, data: { full_name: 'Theirs' } });
    const result = await flushPendingEdits(db, opts);
    expect(result.sent).toEqual([]);
    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]).toMatchObject({ id: row.$id, mine: { fields: { full_name: 'Mine' } }, current: { full_name: 'Theirs' } });
    expect((await admin.getDocument({ ...where, documentId: row.$id })).full_name).toBe('Theirs');
    expect((await db.pendingEdits.get(row.$id))!.current!.full_name).toBe('Theirs');
  });
});
