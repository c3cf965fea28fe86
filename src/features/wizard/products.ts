// Product search for step 6 (SPEC.md section 5) and the device copy of the catalog.
import { catalogRepository } from '@/db/catalog-repository';
import type { AppDb } from '@/db/schema';
import type { CatalogEntry } from '@/db/types';
import type { Product } from '@/shared/contracts/product';
import { readProducts } from './answers';
import { CATEGORIES, type Category } from './categories';
import { LIMITS } from './wizard.rules';
import { callFunction } from '@/lib/functions';

/** Everything the search looks in, lower-cased once: title, handle, id, sku, type, variant skus and titles, tags. */
export function toCatalogEntry(p: Product): CatalogEntry {
  const parts = [p.title, p.handle, p.id, p.sku, p.product_type, ...p.variants.flatMap((v) => [v.sku, v.title]), ...p.tags];
  return { ...p, searchText: parts.join('\n').toLowerCase() };
}

function inCategory(p: CatalogEntry, category: Category): boolean {
  const words = CATEGORIES[category].words;
  if (!words.length) return true;
  const kind = [p.product_type, p.title, ...p.tags].join(' ').toLowerCase();
  // "ring" must not match "earring": compare whole words (plural "rings" and "earrings" allowed).
  return words.some((w) => new RegExp(`(^|[^a-z])${w}s?([^a-z]|$)`).test(kind));
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * At most 10 products matching the typed text (case-insensitive) within the category; a category alone lists its
 * first 10. Products whose title or type has the text as a whole word come first ("ring" lists rings before
 * earrings and herringbone necklaces), each group in catalog order.
 */
export function searchProducts(catalog: readonly CatalogEntry[], query: string, category: Category): CatalogEntry[] {
  const q = query.trim().toLowerCase();
  if (!q && category === 'all') return [];
  const word = q ? new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(q)}($|[^\\p{L}\\p{N}])`, 'u') : null;
  const first: CatalogEntry[] = [];
  const rest: CatalogEntry[] = [];
  for (const p of catalog) {
    if ((q && !p.searchText.includes(q)) || !inCategory(p, category)) continue;
    if (word?.test(`${p.title}\n${p.product_type}`.toLowerCase())) {
      first.push(p);
      if (first.length === LIMITS.maxProductResults) break;
    } else if (rest.length < LIMITS.maxProductResults) rest.push(p);
  }
  return [...first, ...rest].slice(0, LIMITS.maxProductResults);
}

/** Enter in the search box with exactly one result not yet chosen picks it: its id, else null (Enter submits). */
export function pickOnEnter(results: readonly { id: string }[], selected: readonly { id: string }[]): string | null {
  const only = results.length === 1 ? results[0]! : null;
  return only && !selected.some((p) => p.id === only.id) ? only.id : null;
}

/** Fetches the catalog once and keeps it on the device; offline, the device copy answers. */
export async function loadCatalog(db: AppDb, fetchImpl: typeof fetch): Promise<CatalogEntry[]> {
  const saved = await catalogRepository(db).saved();
  const refresh = fetchCatalog(db, fetchImpl);
  if (saved.length) {
    refresh.catch(() => undefined);
    return saved;
  }
  return refresh;
}

async function fetchCatalog(db: AppDb, fetchImpl: typeof fetch): Promise<CatalogEntry[]> {
  const answer = await callFunction('products', { fetchImpl }).catch(() => null);
  if (!answer?.ok) throw new Error('Failed to load products.');
  const products = readProducts(answer.data);
  if (!products) throw new Error('Invalid products data.');
  const entries = products.map(toCatalogEntry);
  await catalogRepository(db).replace(entries);
  return entries;
}
