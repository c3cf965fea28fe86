// The device's copy of the claims queue: the queue order read through the index, a page never stepping a claim back
// to an older copy, and a sign-out that forgets the claims and their sync marks but nothing else.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { cachedClaimOf, claimsCacheRepository, queueOrder, type CachedClaim } from '@/db/claims-cache-repository';
import { openAppDb, type AppDb } from '@/db/schema';
import { isOpenClaim } from '@/shared/claims/claim.machine';
import { CLAIM_STATUSES, type ClaimStatus } from '@/shared/claims/claim-texts';
import { clearClaimsCache } from '@/sync/claims-sync';
import { claimRow } from '../../../helpers/claim-rows';

const row = claimRow;

let db: AppDb;
beforeEach(() => {
  db = openAppDb(`claims-cache-${crypto.randomUUID()}`);
});

describe('the claims copy on the device', () => {
  it('reads open claims first, then the newest opened, through the index and in full alike', async () => {
    const repo = claimsCacheRepository(db);
    await repo.storeSyncedPage([
      row('old', { opened_at: '2026-09-01T09:00:00.000Z' }),
      row('closed', { status: 'closed', opened_at: '2026-11-01T09:00:00.000Z' }),
      row('new', { opened_at: '2026-10-20T09:00:00.000Z', status: 'approved' }),
      row('denied', { status: 'denied', opened_at: '2026-08-01T09:00:00.000Z' }),
    ]);
    const order = ['new', 'old', 'closed', 'denied'];
    expect((await repo.all()).map((c) => c.id)).toEqual(order);
    expect((await repo.first(3)).map((c) => c.id)).toEqual(order.slice(0, 3));
    expect(
      (await repo.all())
        .slice()
        .sort(queueOrder)
        .map((c) => c.id),
    ).toEqual(order);
  });

  it('marks a claim open exactly as the claim machine does', () => {
    for (const status of Object.keys(CLAIM_STATUSES) as ClaimStatus[])
      expect(cachedClaimOf(row('a', { status })).open, status).toBe(isOpenClaim(status) ? 1 : 0);
  });

  it('keeps the newer copy of a claim when an older page arrives after it', async () => {
    const repo = claimsCacheRepository(db);
    expect(await repo.storeSyncedPage([row('a', { status: 'approved', updated_at: '2026-10-02T00:00:00.000+00:00' })])).toBe(1);
    expect(await repo.storeSyncedPage([row('a', { status: 'submitted', updated_at: '2026-10-01T00:00:00.000+00:00' })])).toBe(0);
    expect(await repo.storeSyncedPage([row('a', { status: 'approved', updated_at: '2026-10-02T00:00:00.000+00:00' })])).toBe(0);
    expect(await repo.byId('a')).toMatchObject<Partial<CachedClaim>>({ status: 'approved', open: 1 });
    expect(await repo.storeSyncedPage([row('a', { status: 'closed', updated_at: '2026-10-03T00:00:00.000+00:00' })])).toBe(1);
    expect(await repo.byId('a')).toMatchObject<Partial<CachedClaim>>({ status: 'closed', open: 0 });
  });

  it('forgets every claim and its sync marks at sign-out, and keeps the rest of the device', async () => {
    const repo = claimsCacheRepository(db);
    await repo.storeSyncedPage([row('a'), row('b')]);
    await repo.finishSync('2026-10-01T09:00:00.000Z', '2026-10-01T09:00:01.000Z');
    await db.meta.put({ key: 'counter.device', value: 'kept' });
    await clearClaimsCache(db);
    expect(await repo.count()).toBe(0);
    expect([await repo.syncMark(), await repo.lastSyncedAt()]).toEqual([null, null]);
    expect(await db.meta.get('counter.device')).toEqual({ key: 'counter.device', value: 'kept' });
  });
});
