// A claims queue row as getClaims answers it, for the tests of the device's copy of the queue.
import type { ClaimRow } from '@/shared/contracts/claims';

/** A submitted claim `id` of Ada Núñez's Aurora Pendant, with `over` in place. */
export const claimRow = (id: string, over: Partial<ClaimRow> = {}): ClaimRow => ({
  id,
  number: `C-${id.toUpperCase().padEnd(6, 'A').slice(0, 6)}`,
  registration_id: `reg-${id}`,
  problem: 'broken_chain_or_clasp',
  store: '',
  status: 'submitted',
  opened_at: '2026-10-01T09:00:00.000Z',
  ended_at: null,
  updated_at: '2026-10-01T09:00:00.000+00:00',
  customer: 'Ada Núñez',
  email: 'ada@example.com',
  product: 'Aurora Pendant',
  ...over,
});
