// The staff device's copy of the claims queue against the real server: filled page by page, then only what changed
// (a staff step, a customer renamed in the registration's edit), filtered and searched on the device with the same
// answers getClaims gives, and forgotten at sign-out.
import 'fake-indexeddb/auto';
import { ID } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimsCacheRepository } from '@/db/claims-cache-repository';
import { openAppDb, type AppDb } from '@/db/schema';
import { newClaimNumber } from '@/shared/claims/claim-number';
import { claimSearchText } from '@/shared/claims/claim-search';
import type { ClaimStatus } from '@/shared/claims/claim-texts';
import { clearClaimsCache, syncClaims } from '@/sync/claims-sync';
import { filterClaims, searchable, type ClaimsFilter } from '@/features/staff/claims/claims-filter';
import { call } from '../helpers/claims';
import { registration, registrationFields, STAFF } from '../helpers/fixtures';
import { adminClient } from '../helpers/server';
import { signIn } from '../helpers/staff';
import { serverForSuite } from '../helpers/suite';

const DB = 'warranty';
const PEOPLE = [
  ['Ada Núñez', 'ada.nunez@example.com', 'Fifth Avenue'],
  ['Bob Stone', 'bob.stone@example.com', 'Châtelet'],
  ['Carol Jensen', 'carol@example.com', ''],
  ['Dana Ruiz', 'dana.ruiz@example.com', 'Fifth Avenue'],
] as const;
const STATUSES: ClaimStatus[] = ['submitted', 'needs_information', 'approved', 'denied', 'closed', 'ready_for_pickup'];
const COUNT = 30;

describe("the staff device's copy of the claims", () => {
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  let staff: string;
  let db: AppDb;
  let opts: { token: string; base: string };
  const claimIds: string[] = [];
  const regIds: string[] = [];

  beforeAll(async () => {
    const { databases } = adminClient(server);
    for (const [i, [name, email, store]] of PEOPLE.entries()) {
      const id = `reg-claims-${i}`;
      regIds.push(id);
      await databases.createDocument({
        databaseId: DB,
        collectionId: 'submissions',
        documentId: id,
        data: registration({ full_name: name, email, store }),
      });
    }
    // Claims on the four registrations, in every status, opened a minute apart.
    const t0 = Date.parse('2026-10-01T09:00:00.000Z');
    const documents = Array.from({ length: COUNT }, (_, i) => {
      const [name, email, store] = PEOPLE[i % PEOPLE.length]!;
      const status = STATUSES[i % STATUSES.length]!;
      const number = newClaimNumber();
      const id = ID.unique();
      claimIds.push(id);
      return {
        $id: id,
        number,
        registration_id: regIds[i % PEOPLE.length]!,
        status,
        problem: 'broken_chain_or_clasp',
        details: 'The clasp opened by itself.',
        delivery: 'store',
        photo_ids: '',
        store,
        opened_at: new Date(t0 + i * 60_000).toISOString(),
        open: !['denied', 'closed'].includes(status),
        search: claimSearchText(number, name, email),
      };
    });
    await databases.createDocuments({ databaseId: DB, collectionId: 'claims', documents });
    staff = await signIn(server, STAFF.email, STAFF.password);
    opts = { token: staff, base: server.url };
    db = openAppDb(`claims-int-${crypto.randomUUID()}`);
  });

  const onServer = async (filter: Partial<ClaimsFilter>) => {
    const query = Object.fromEntries(Object.entries({ ...filter, limit: '1000' }).filter(([, v]) => v));
    const answer = await call<{ claims: { id: string }[] }>(server, 'getClaims', { staff, query: query as Record<string, string> });
    expect(answer.status).toBe(200);
    return answer.body.claims.map((c) => c.id);
  };
  const onDevice = async (filter: Partial<ClaimsFilter>) =>
    filterClaims(searchable(await claimsCacheRepository(db).all()), { status: '', store: '', search: '', ...filter }).map((c) => c.id);

  it('fills the copy page by page with every claim, its customer and product, in the queue order getClaims gives', async () => {
    const result = await syncClaims(db, opts, 7);
    expect(result.changed).toBe(COUNT);
    expect(await db.claims.count()).toBe(COUNT);
    expect(await db.claims.get(claimIds[0]!)).toMatchObject({
      customer: 'Ada Núñez',
      email: 'ada.nunez@example.com',
      store: 'Fifth Avenue',
    });
    expect(await onDevice({})).toEqual(await onServer({}));
    expect((await claimsCacheRepository(db).first(5)).map((c) => c.id)).toEqual((await onServer({})).slice(0, 5));
  });

  it('filters and searches on the device with the answers getClaims gives', async () => {
    const filters: Partial<ClaimsFilter>[] = [
      { status: 'approved' },
      { store: 'Fifth Avenue' },
      { store: 'Châtelet', status: 'denied' },
      { search: 'nunez' },
      { search: 'NÚÑEZ' },
      { search: 'bob.stone@' },
      { search: 'jensen' },
      { search: 'nobody at all' },
    ];
    const sample = (await db.claims.get(claimIds[5]!))!;
    filters.push({ search: sample.number.toLowerCase().replace('-', ' ') }, { search: sample.number.slice(2) });
    for (const filter of filters) expect(await onDevice(filter), JSON.stringify(filter)).toEqual(await onServer(filter));
    expect(await onDevice({ search: sample.number.toLowerCase() })).toEqual([sample.id]);
  });

  it('then reads only what changed: a staff step', async () => {
    const id = claimIds[0]!; // submitted
    const asked = await call(server, 'claimAction', {
      staff,
      body: { claim_id: id, event_id: ID.unique(), action: 'ask', message: 'Which side?', expected_status: 'submitted' },
    });
    expect(asked.status).toBe(200);
    const result = await syncClaims(db, opts, 7);
    expect(result.changed).toBe(1);
    expect((await db.claims.get(id))!.status).toBe('needs_information');
  });

  it('finds a customer renamed in the registration by the new name, on the server and on the device', async () => {
    const regId = regIds[0]!;
    const ofAda = claimIds.filter((_, i) => i % PEOPLE.length === 0);
    const edit = await call(server, 'updateAppwriteSubmission', {
      staff,
      body: { id: regId, ...registrationFields({ full_name: 'Adele Moreau', email: 'adele.moreau@example.com' }) },
    });
    expect(edit.status).toBe(200);
    expect((await onServer({ search: 'moreau' })).sort()).toEqual([...ofAda].sort());
    expect((await onServer({ search: 'adele.moreau@' })).sort()).toEqual([...ofAda].sort());
    expect(await onServer({ search: 'nunez' })).toEqual([]);

    const result = await syncClaims(db, opts, 7);
    expect(result.changed).toBe(ofAda.length);
    expect(await db.claims.get(ofAda[0]!)).toMatchObject({ customer: 'Adele Moreau', email: 'adele.moreau@example.com' });
    expect((await onDevice({ search: 'moreau' })).sort()).toEqual([...ofAda].sort());
    expect(await onDevice({ search: 'nunez' })).toEqual([]);
  });

  it('finds a customer renamed by a CSV import by the new name', async () => {
    const ofBob = claimIds.filter((_, i) => i % PEOPLE.length === 1);
    const imported = await call<{ updated: number }>(server, 'importToAppwrite', {
      staff,
      body: { data: [{ id: regIds[1], 'Full Name': 'Robert Stoneham', Email: 'bob.stone@example.com' }] },
    });
    expect(imported.body.updated).toBe(1);
    expect((await onServer({ search: 'stoneham' })).sort()).toEqual([...ofBob].sort());
    expect((await syncClaims(db, opts, 7)).changed).toBe(ofBob.length);
    expect((await onDevice({ search: 'robert' })).sort()).toEqual([...ofBob].sort());
  });

  it('is forgotten at sign-out', async () => {
    await clearClaimsCache(db);
    expect(await db.claims.count()).toBe(0);
    expect(await claimsCacheRepository(db).syncMark()).toBeNull();
    expect(await claimsCacheRepository(db).lastSyncedAt()).toBeNull();
    // The next staff member's first sync reads every claim again.
    expect((await syncClaims(db, opts, 7)).changed).toBe(COUNT);
  });

  it('refuses a `since` that is not a time, and a page larger than it answers', async () => {
    for (const query of [{ since: 'yesterday' }, { limit: '1001' }] as Record<string, string>[]) {
      const answer = await call(server, 'getClaims', { staff, query });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
    }
  });
});
