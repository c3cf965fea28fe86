// Product search over every field, the category filter, and the device catalog.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openAppDb } from '@/db/schema';
import { loadCatalog, searchProducts, toCatalogEntry } from '@/features/wizard/products';
import { CATALOG, product } from './fakes';

const titles = (q: string, c: Parameters<typeof searchProducts>[2] = 'all') => searchProducts(CATALOG, q, c).map((p) => p.title);

describe('searchProducts', () => {
  it.each([
    ['aurora', 'title'],
    ['classic-tennis', 'handle'],
    ['4', 'id'],
    ['rng-3001', 'sku'],
    ['choker', 'product type'],
    ['pnd-1001-16', 'variant sku'],
    ['16 IN', 'variant title'],
    ['ENGAGEMENT', 'tag'],
  ])('finds "%s" by its %s, whatever the case', (q) => {
    expect(titles(q).length).toBeGreaterThan(0);
  });

  it('shows at most 10 results', () => {
    expect(titles('band')).toHaveLength(10);
  });

  it('filters by category: necklace, earring, bracelet, ring', () => {
    expect(titles('', 'necklace')).toEqual(['Aurora Pendant', 'Pearl Choker']);
    expect(titles('', 'earring')).toEqual(['Luna Hoops']);
    expect(titles('', 'bracelet')).toEqual(['Tennis Bracelet']);
    expect(titles('solitaire', 'ring')).toEqual(['Solitaire Ring']);
    expect(searchProducts([toCatalogEntry(product({ id: 'e', title: 'Drop', product_type: 'Earrings' }))], '', 'ring')).toEqual([]);
  });

  it('shows nothing until something is typed or a category is chosen', () => {
    expect(titles('  ')).toEqual([]);
  });
});

describe('loadCatalog', () => {
  const ok = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));

  it('fetches the products once and keeps them on the device for offline use', async () => {
    const db = openAppDb(crypto.randomUUID());
    const products = [product({ id: '1', title: 'Aurora Pendant' })];
    expect((await loadCatalog(db, ok(products) as unknown as typeof fetch)).map((p) => p.title)).toEqual(['Aurora Pendant']);
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await loadCatalog(db, offline as unknown as typeof fetch)).map((p) => p.title)).toEqual(['Aurora Pendant']);
  });

  it('says "Failed to load products." or "Invalid products data."', async () => {
    const db = openAppDb(crypto.randomUUID());
    await expect(loadCatalog(db, vi.fn(async () => new Response('', { status: 500 })) as unknown as typeof fetch)).rejects.toThrow(
      'Failed to load products.',
    );
    await expect(loadCatalog(db, ok({ nope: true }) as unknown as typeof fetch)).rejects.toThrow('Invalid products data.');
  });
});
