// The claims queue's filters and search on the device's copy, with getClaims' meaning: a status, a store (exactly,
// spaces around it aside), and the claim number, customer name or e-mail containing what was typed, case and
// accents aside. The search text of each row is folded once per copy, so a keystroke only compares strings.
import type { CachedClaim } from '@/db/claims-cache-repository';
import type { ClaimStatus } from '@/shared/claims/claim-texts';
import { claimSearchSpace, claimSearchTerm } from '@/shared/claims/claim-search';

export type ClaimsFilter = { status: ClaimStatus | ''; store: string; search: string };

/** The rows (already in queue order) with their search texts, folded once. */
export function searchable(rows: readonly CachedClaim[]) {
  const texts = rows.map((r) => claimSearchSpace(r.number, r.customer, r.email));
  return { rows, texts };
}

/** The rows that pass the filter, in the order held. */
export function filterClaims({ rows, texts }: ReturnType<typeof searchable>, filter: ClaimsFilter): CachedClaim[] {
  const store = filter.store.trim();
  const term = filter.search.trim() ? claimSearchTerm(filter.search) : '';
  if (!filter.status && !store && !term) return rows as CachedClaim[];
  const out: CachedClaim[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (filter.status && r.status !== filter.status) continue;
    if (store && r.store !== store) continue;
    if (term && !texts[i]!.includes(term)) continue;
    out.push(r);
  }
  return out;
}

/** Every store named by a claim, sorted. */
export const storesOf = (rows: readonly CachedClaim[]) => [...new Set(rows.map((r) => r.store).filter(Boolean))].sort();
