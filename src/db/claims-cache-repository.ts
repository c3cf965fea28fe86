// The staff's copy of the claims queue on this device: read by /claims (open claims first, then the newest opened),
// written by the sync that keeps it current (pages of server rows, the mark of the last finished sync), and
// forgotten at staff sign-out.
import type { ClaimRow } from '@/shared/contracts/claims';
import type { AppDb } from './schema';
import type { CachedClaim } from './types';
import { isOpenClaim } from '@/shared/claims/claim-texts';

export type { CachedClaim };

/** Every setting of the claims copy starts with this (meta keys; within the staff prefix, so any staff clear drops it). */
const META_PREFIX = 'staff.claims.';
/** The server time of the last finished sync; every later sync asks for claims changed since shortly before it. */
const SYNC_MARK = `${META_PREFIX}watermark`;
/** When this device last finished a sync of the claims. */
const SYNCED_AT = `${META_PREFIX}syncedAt`;

const textSetting = async (db: AppDb, key: string): Promise<string | null> => {
  const v = (await db.meta.get(key))?.value;
  return typeof v === 'string' ? v : null;
};

export const cachedClaimOf = (row: ClaimRow): CachedClaim => ({ ...row, open: isOpenClaim(row.status) ? 1 : 0 });

/** Open claims first, then the newest opened (getClaims' order); the id breaks a tie the same way every time. */
export const queueOrder = (a: CachedClaim, b: CachedClaim) =>
  b.open - a.open || (a.opened_at < b.opened_at ? 1 : a.opened_at > b.opened_at ? -1 : a.id < b.id ? -1 : 1);

export const claimsCacheRepository = (db: AppDb) => ({
  /** The first `n` claims of the queue, read through the index alone. */
  first: (n: number): Promise<CachedClaim[]> => db.claims.orderBy('[open+opened_at]').reverse().limit(n).toArray(),
  /** Every claim on the device, in queue order. */
  all: async (): Promise<CachedClaim[]> => (await db.claims.toArray()).sort(queueOrder),
  byId: (id: string): Promise<CachedClaim | undefined> => db.claims.get(id),
  count: () => db.claims.count(),

  syncMark: () => textSetting(db, SYNC_MARK),
  lastSyncedAt: () => textSetting(db, SYNCED_AT),

  /** Stores a page of server rows, never stepping back to an older copy of a claim; answers how many it wrote. */
  storeSyncedPage: (rows: ClaimRow[]): Promise<number> =>
    db.transaction('rw', db.claims, async () => {
      const cached = await db.claims.bulkGet(rows.map((r) => r.id));
      const fresh = rows.filter((row, i) => !cached[i] || cached[i].updated_at < row.updated_at).map(cachedClaimOf);
      if (fresh.length) await db.claims.bulkPut(fresh);
      return fresh.length;
    }),
  /** Records a finished sync: the server time of its first page (the next sync starts there) and when it ended. */
  finishSync: (serverTime: string, syncedAt: string): Promise<void> =>
    db.meta
      .bulkPut([
        { key: SYNC_MARK, value: serverTime },
        { key: SYNCED_AT, value: syncedAt },
      ])
      .then(() => undefined),

  /** Forgets every claim and claims setting on this device (staff sign-out). */
  clear: (): Promise<void> =>
    db.transaction('rw', db.claims, db.meta, async () => {
      await db.claims.clear();
      await db.meta.where('key').startsWith(META_PREFIX).delete();
    }),
});
