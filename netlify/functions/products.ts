// GET products: every product for the wizard's search: the Shopify shop when configured, else the bundled catalog.
import { createHash } from 'node:crypto';
import type { Product } from '../../src/shared/contracts/product';
import { env } from '../lib/env';
import { defineFunction } from '../lib/define';
import { jsonOfText, jsonText, notModified, type JsonText } from '../lib/http';
import { bundledCatalog } from '../lib/products/catalog';
import { fetchShopifyProducts } from '../lib/products/shopify';

const SHOPIFY_TTL_MS = 5 * 60_000;
const CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

type Body = { json: JsonText<Product[]>; etag: string };
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');
const toBody = (products: Product[]): Body => {
  const json = jsonText(products);
  return { json, etag: `"${sha256(json).slice(0, 32)}"` };
};

let bundled: Body | undefined;
const shopify = new Map<string, { at: number; body: Promise<Body> }>(); // per shop and token; one in-flight read shared

function shopifyBody(domain: string, token: string): Promise<Body> {
  const key = sha256(`${domain}\n${token}`);
  const hit = shopify.get(key);
  if (hit && Date.now() - hit.at < SHOPIFY_TTL_MS) return hit.body;
  const body = fetchShopifyProducts({ domain, token }).then(toBody);
  shopify.set(key, { at: Date.now(), body });
  body.catch(() => shopify.get(key)?.body === body && shopify.delete(key)); // failures are not cached
  return body;
}

// If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/ is ignored.
const matches = (header: string | null, etag: string) =>
  !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

export default defineFunction('products', async ({ req }) => {
  const domain = env('SHOPIFY_STORE_DOMAIN'),
    token = env('SHOPIFY_ADMIN_TOKEN');
  const body = domain && token ? await shopifyBody(domain, token) : (bundled ??= toBody(bundledCatalog()));
  const headers = { ETag: body.etag, 'Cache-Control': CACHE_CONTROL };
  if (matches(req.headers.get('if-none-match'), body.etag)) return notModified(headers);
  return jsonOfText(body.json, 200, headers);
});
