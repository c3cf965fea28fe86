// The claims queue's filters and search on the device, with getClaims' meaning: status, store (spaces around it
// aside), and the claim number however typed, the customer's name or e-mail, case and accents aside.
import { describe, expect, it } from 'vitest';
import { cachedClaimOf, type CachedClaim } from '@/db/claims-cache-repository';
import { filterClaims, searchable, storesOf, type ClaimsFilter } from '@/features/staff/claims/claims-filter';
import { claimSearchSpace, claimSearchText } from '@/shared/claims/claim-search';
import type { ClaimRow } from '@/shared/contracts/claims';
import { claimRow } from '../../../../../helpers/claim-rows';

/** A claim as the device keeps it; its open flag follows its status. */
const claim = (id: string, over: Partial<ClaimRow>): CachedClaim =>
  cachedClaimOf(claimRow(id, { customer: '', email: '', product: '', ...over }));

const rows = searchable([
  claim('ada', { number: 'C-7K2M9Q', customer: 'Ada Núñez', email: 'ada@example.com', store: 'Fifth Avenue' }),
  claim('bob', { number: 'C-ABCDEF', customer: 'Bob Stone', email: 'bob.stone@example.com', store: 'Châtelet', status: 'closed' }),
  claim('zoe', { number: 'C-GHJKMN', customer: 'ZOË ÅSTRÖM', email: 'zoe@example.com', status: 'approved' }),
]);
const ids = (filter: Partial<ClaimsFilter>) => filterClaims(rows, { status: '', store: '', search: '', ...filter }).map((c) => c.id);

describe('the claims filter on the device', () => {
  it('keeps every claim in order without a filter', () => {
    expect(ids({})).toEqual(['ada', 'bob', 'zoe']);
    expect(ids({ search: '   ' })).toEqual(['ada', 'bob', 'zoe']);
  });

  it('filters by status and by store, exactly', () => {
    expect(ids({ status: 'closed' })).toEqual(['bob']);
    expect(ids({ store: ' Châtelet ' })).toEqual(['bob']);
    expect(ids({ store: 'Fifth' })).toEqual([]);
    expect(ids({ store: 'Fifth Avenue', status: 'closed' })).toEqual([]);
  });

  it('searches the claim number however typed, the name and the e-mail, case and accents aside', () => {
    expect(ids({ search: 'c 7k2m9q' })).toEqual(['ada']);
    expect(ids({ search: '7K2M' })).toEqual(['ada']);
    expect(ids({ search: 'nunez' })).toEqual(['ada']);
    expect(ids({ search: 'NÚÑEZ' })).toEqual(['ada']);
    expect(ids({ search: 'astrom' })).toEqual(['zoe']);
    expect(ids({ search: 'bob.stone@' })).toEqual(['bob']);
    expect(ids({ search: 'example.com' })).toEqual(['ada', 'bob', 'zoe']);
    expect(ids({ search: 'nobody' })).toEqual([]);
  });

  it('folds each claim as the server stores its search text', () => {
    for (const [n, name, email] of [
      ['C-7K2M9Q', 'Ada Núñez', 'ada@example.com'],
      ['C-ABCDEF', 'Bob Stone', 'Bob.Stone@Example.com'],
      ['C-GHJKMN', 'ZOË ÅSTRÖM', 'zoe@example.com'],
    ] as const)
      expect(claimSearchSpace(n, name, email)).toBe(claimSearchText(n, name, email));
  });

  it('lists each store once, sorted, without the empty one', () => {
    expect(storesOf(rows.rows)).toEqual(['Châtelet', 'Fifth Avenue']);
  });
});
