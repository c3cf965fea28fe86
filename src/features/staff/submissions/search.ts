// The table's search (SPEC.md section 5, DESIGN.md "Staff search"): trimmed, case-insensitive substring match on
// full_name, email, selected_product and product_sku, ignoring accents ("Nunez" finds "Núñez"), over every cached
// row, fast enough per keystroke.
import type { Submission } from '@/shared/contracts/submission';
import { fold, haystackOf } from '@/shared/search-text';

// fold and haystackOf are shared with the server's search (src/shared/search-text.ts), so both fold text alike.
export { fold, haystackOf } from '@/shared/search-text';

/** Haystacks kept per row object, so a list that changed in a few rows is indexed again in a few rows. */
const haystacks = new WeakMap<object, string>();
const cachedHaystack = (s: Submission): string => {
  let h = haystacks.get(s);
  if (h === undefined) haystacks.set(s, (h = haystackOf(s)));
  return h;
};

export const normaliseTerm = (term: string): string => fold(term.trim());

/** Rows whose name, email, product or SKU holds `term`; an empty term is every row. */
export function filterSubmissions<T extends Submission>(rows: readonly T[], term: string): T[] {
  const needle = normaliseTerm(term);
  return needle ? rows.filter((r) => haystackOf(r).includes(needle)) : rows.slice();
}

/**
 * A search over one list of rows: haystacks built once, a longer term that contains the previous one only looks
 * through the previous result, and a term every row matches gives back the list itself (nothing to re-lay out).
 */
export function createSearch<T extends Submission>(rows: readonly T[]) {
  const hay = rows.map(cachedHaystack);
  let last: { needle: string; hits: number[] | null } = { needle: '', hits: null };
  return (term: string): readonly T[] => {
    const needle = normaliseTerm(term);
    const from = last.needle && needle.includes(last.needle) ? last.hits : null;
    if (!needle) {
      last = { needle, hits: null };
      return rows;
    }
    const hits: number[] = [];
    const n = from ? from.length : hay.length;
    for (let k = 0; k < n; k++) {
      const i = from ? from[k]! : k;
      if (hay[i]!.includes(needle)) hits.push(i);
    }
    // Every row matched: a later search scans the whole list anyway, and the list itself is the answer.
    if (hits.length === rows.length) {
      last = { needle, hits: null };
      return rows;
    }
    last = { needle, hits };
    return hits.map((i) => rows[i]!);
  };
}

export type StatusFilter = 'all' | 'confirmed' | 'pending';

/** Rows of one status (an empty status is a registration confirmed by code) and one store ('' for any). */
export function filterByStatusAndStore<T extends Submission>(rows: readonly T[], status: StatusFilter, store: string): readonly T[] {
  if (status === 'all' && !store) return rows;
  return rows.filter(
    (r) => (status === 'all' || (r.status === 'pending') === (status === 'pending')) && (!store || (r.store ?? '') === store),
  );
}
