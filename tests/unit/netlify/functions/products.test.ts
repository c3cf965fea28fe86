// GET /.netlify/functions/products, from the bundled catalog and from Shopify.
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productListSchema, type Product } from '@/shared/contracts/product';
import products from '../../../../netlify/functions/products';
import { withEnv } from '../../../../netlify/lib/env';
import { answer, fixture, recording, replayShopify } from '../../../fixtures/shopify/replay';

const URL_ = 'http://localhost/.netlify/functions/products';
const call = (init?: RequestInit, env: Record<string, string> = {}) => withEnv(env, () => products(new Request(URL_, init)));
const shop = (token: string) => ({ SHOPIFY_STORE_DOMAIN: recording.shop, SHOPIFY_ADMIN_TOKEN: token });
const CATEGORIES = ['necklace', 'pendant', 'choker', 'earring', 'hoop', 'stud', 'bracelet', 'bangle', 'ring'];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('products function with the bundled catalog', () => {
  it('serves at least 300 valid products with unique ids and SKUs', async () => {
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const list: Product[] = productListSchema.parse(await res.json());
    expect(list.length).toBeGreaterThanOrEqual(300);
    const unique = (xs: string[]) => new Set(xs).size === xs.length;
    expect(unique(list.map((p) => p.id))).toBe(true);
    expect(unique(list.map((p) => p.sku))).toBe(true);
    expect(unique(list.map((p) => p.handle))).toBe(true);
    expect(unique(list.flatMap((p) => p.variants.map((v) => v.sku)))).toBe(true);
    for (const p of list) {
      expect(p.variants.length, p.title).toBeGreaterThanOrEqual(1);
      expect(p.variants.length, p.title).toBeLessThanOrEqual(3);
      expect(p.sku).toBe(p.variants[0]?.sku);
      expect(p.handle).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it('covers every category of the search filter', async () => {
    const list = (await (await call()).json()) as Product[];
    for (const category of CATEGORIES) {
      const inCategory = list.filter((p) => p.product_type.toLowerCase().includes(category) && p.tags.some((t) => t.includes(category)));
      expect(inCategory.length, category).toBeGreaterThanOrEqual(20);
    }
  });

  it('points every image at a file in public/', async () => {
    const list = (await (await call()).json()) as Product[];
    const srcs = new Set(list.flatMap((p) => p.images.map((i) => i.src)));
    for (const src of srcs) {
      expect(src).toMatch(/^\/catalog\/[a-z0-9-]+\.webp$/);
      expect(existsSync(new URL(`../../../../public${src}`, import.meta.url)), src).toBe(true);
    }
  });

  it('sends a strong ETag and cache validators', async () => {
    const res = await call();
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect((await call()).headers.get('etag')).toBe(res.headers.get('etag'));
  });

  it('answers 304 without a body when If-None-Match matches', async () => {
    const etag = (await call()).headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await call({ headers: { 'If-None-Match': header } });
      expect(res.status, header).toBe(304);
      expect(await res.text()).toBe('');
      expect(res.headers.get('etag')).toBe(etag);
    }
    expect((await call({ headers: { 'If-None-Match': '"stale"' } })).status).toBe(200);
  });

  it('rejects POST with 405', async () => {
    const res = await call({ method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(await res.json()).toMatchObject({ code: 'method_not_allowed' });
  });
});

describe('products function with Shopify configured', () => {
  it('serves the shop and reuses the result for five minutes', async () => {
    const { calls, fetch } = replayShopify();
    vi.stubGlobal('fetch', fetch);
    const first = await call({}, shop('shpat_cache'));
    expect(first.status).toBe(200);
    expect(((await first.json()) as Product[]).map((p) => p.title)).toEqual([
      'Aurora Pearl Pendant',
      'Celeste Diamond Studs',
      'Solenne Ruby Halo Ring',
      'Gift Card',
    ]);
    expect((await call({}, shop('shpat_cache'))).status).toBe(200);
    expect(calls).toHaveLength(2); // two pages, read once

    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 5 * 60_000 + 1);
    await call({}, shop('shpat_cache'));
    expect(calls).toHaveLength(4);
  });

  it('answers 502 with a clear message when Shopify refuses the token, and does not cache the failure', async () => {
    vi.stubGlobal('fetch', answer(401, fixture('error-401.json')));
    const res = await call({}, shop('shpat_refused'));
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'upstream_error', error: expect.stringMatching(/refused the admin token/) });

    vi.stubGlobal('fetch', replayShopify().fetch);
    expect((await call({}, shop('shpat_refused'))).status).toBe(200);
  });
});
