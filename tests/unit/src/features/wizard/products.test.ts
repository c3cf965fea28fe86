// Product search over every field, the category filter, and the device catalog.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { openAppDb } from '@/db/schema';
import { loadCatalog, pickOnEnter, searchProducts, toCatalogEntry } from '@/features/wizard/products';
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

  it('lists products whose title or type has the word first: "ring" shows rings before earrings and herringbone', () => {
    const catalog = [
      product({ id: 'a', title: 'Lila Drop Earrings', product_type: 'Earrings' }),
      product({ id: 'b', title: 'Freya Herringbone Necklace', product_type: 'Necklace' }),
      product({ id: 'c', title: 'Greta Sapphire Solitaire Ring', product_type: 'Ring' }),
      product({ id: 'd', title: 'Thea Band', product_type: 'Ring' }),
    ].map(toCatalogEntry);
    expect(searchProducts(catalog, 'Ring', 'all').map((p) => p.id)).toEqual(['c', 'd', 'a', 'b']);
    // Ten rings fill the list even when other matches come first in the catalog.
    const many = [...catalog, ...Array.from({ length: 12 }, (_, i) => toCatalogEntry(product({ id: `r${i}`, title: `Band ${i} Ring` })))];
    expect(searchProducts(many, 'ring', 'all').every((p) => /ring$/i.test(p.title) || p.product_type === 'Ring')).toBe(true);
  });

  it('picks the one result on Enter, unless it is chosen already or there are several', () => {
    expect(pickOnEnter([{ id: 'a' }], [])).toBe('a');
    expect(pickOnEnter([{ id: 'a' }], [{ id: 'a' }])).toBeNull();
    expect(pickOnEnter([{ id: 'a' }, { id: 'b' }], [])).toBeNull();
    expect(pickOnEnter([], [])).toBeNull();
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
