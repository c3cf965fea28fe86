// The Shopify provider against recorded Admin API responses.
import { describe, expect, it } from 'vitest';
import { productListSchema } from '@/shared/contracts/product';
import { HttpError } from '../../../../../netlify/lib/http';
import { fetchShopifyProducts, nextPageUrl } from '../../../../../netlify/lib/products/shopify';
import { answer, fixture, recording, replayShopify } from '../../../../fixtures/shopify/replay';

const TOKEN = 'shpat_0123456789abcdef0123456789abcdef';
const domain = recording.shop;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => expect.fail('expected a failure'),
    (e: unknown) => e as HttpError,
  );

describe('fetchShopifyProducts', () => {
  it('reads every page in order, following the Link header', async () => {
    const { calls, fetch } = replayShopify();
    const products = await fetchShopifyProducts({ domain, token: TOKEN, fetch });
    expect(calls.map((c) => c.url)).toEqual(recording.exchanges.map((e) => e.request));
    expect(calls.every((c) => c.token === TOKEN)).toBe(true);
    expect(products.map((p) => p.id)).toEqual(['8104372001001', '8104372001002', '8104372001003', '8104372001004']);
  });

  it('maps Shopify products to the product contract', async () => {
    const products = await fetchShopifyProducts({ domain: `https://${domain}/`, token: TOKEN, fetch: replayShopify().fetch });
    expect(productListSchema.parse(products)).toEqual(products);
    expect(products[0]).toEqual({
      id: '8104372001001',
      title: 'Aurora Pearl Pendant',
      handle: 'aurora-pearl-pendant',
      sku: 'PND-2001-14K-16',
      product_type: 'Pendant',
      tags: ['14k gold', 'gold', 'necklace', 'pearl', 'pendant'],
      variants: [
        { sku: 'PND-2001-14K-16', title: '16 in' },
        { sku: 'PND-2001-14K-18', title: '18 in' },
      ],
      images: [
        { src: 'https://cdn.shopify.com/s/files/1/0612/3456/7890/files/aurora-pearl-pendant.jpg?v=1710252963' },
        { src: 'https://cdn.shopify.com/s/files/1/0612/3456/7890/files/aurora-pearl-pendant-worn.jpg?v=1710252963' },
      ],
    });
    expect(products[1]?.sku).toBe('STD-2002-WG-050'); // recorded with surrounding spaces
    expect(products[3]).toMatchObject({ sku: '', product_type: '', tags: [], images: [], variants: [{ sku: '', title: 'Default Title' }] });
  });

  it('says the admin token was refused on a 401', async () => {
    const err = await failure(fetchShopifyProducts({ domain, token: 'shpat_revoked', fetch: answer(401, fixture('error-401.json')) }));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 502, code: 'upstream_error' });
    expect(err.message).toMatch(/refused the admin token/);
  });

  it('reports a Shopify server error with its status', async () => {
    const err = await failure(fetchShopifyProducts({ domain, token: TOKEN, fetch: answer(500, fixture('error-500.json')) }));
    expect(err).toMatchObject({ status: 502, code: 'upstream_error' });
    expect(err.message).toMatch(/Shopify answered 500: .*Internal Server Error/);
  });

  it('reports a body that is not JSON', async () => {
    const truncated = fixture('products-page-1.json').slice(0, 300);
    const err = await failure(fetchShopifyProducts({ domain, token: TOKEN, fetch: answer(200, truncated) }));
    expect(err).toMatchObject({ status: 502, code: 'upstream_error', message: 'Shopify answered with invalid JSON.' });
  });

  it('reports JSON without a products list', async () => {
    const err = await failure(fetchShopifyProducts({ domain, token: TOKEN, fetch: answer(200, '{"product":{}}') }));
    expect(err).toMatchObject({ status: 502, message: 'Shopify answered with an unexpected products format.' });
  });

  it('stops after the page limit when the Link header never ends', async () => {
    const looping: typeof fetch = async (input) =>
      new Response('{"products":[]}', { headers: { link: `<${String(input)}&page_info=again>; rel="next"` } });
    const err = await failure(fetchShopifyProducts({ domain, token: TOKEN, fetch: looping, maxPages: 3 }));
    expect(err).toMatchObject({ status: 502, message: expect.stringMatching(/more than 3 pages/) });
  });

  it('never sends the token to another host named by a Link header', async () => {
    const calls: string[] = [];
    const redirecting: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response('{"products":[]}', { headers: { link: '<https://evil.example/products.json?page_info=x>; rel="next"' } });
    };
    const err = await failure(fetchShopifyProducts({ domain, token: TOKEN, fetch: redirecting }));
    expect(err).toMatchObject({ status: 502, code: 'upstream_error' });
    expect(calls).toHaveLength(1);
  });

  it('gives up on a page that takes longer than the timeout', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const err = await failure(fetchShopifyProducts({ domain, token: TOKEN, fetch: hanging, timeoutMs: 20 }));
    expect(err).toMatchObject({ status: 504, code: 'upstream_timeout' });
  });
});

describe('nextPageUrl', () => {
  it('picks rel="next" among several links', () => {
    expect(nextPageUrl('<https://s/p.json?page_info=a>; rel="previous", <https://s/p.json?page_info=b>; rel="next"')).toBe(
      'https://s/p.json?page_info=b',
    );
    expect(nextPageUrl('<https://s/p.json?fields=id,title&page_info=c>; rel="next"')).toBe('https://s/p.json?fields=id,title&page_info=c');
    expect(nextPageUrl('<https://s/p.json?page_info=a>; rel="previous"')).toBeNull();
    expect(nextPageUrl(null)).toBeNull();
  });
});
