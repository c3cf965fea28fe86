// Reads every product of a shop through the Shopify Admin REST API, page by page.
import { z } from 'zod';
import type { Product } from '../../../src/shared/contracts/product';
import { HttpError } from '../http';

export const SHOPIFY_API_VERSION = '2024-10';

export type ShopifyOptions = {
  domain: string; // e.g. "brand.myshopify.com"
  token: string; // Admin API access token with read_products
  fetch?: typeof fetch;
  maxPages?: number;
  timeoutMs?: number; // for the whole read; the default ends before Netlify's 10 s function limit
};

// Only the fields we map; Shopify sends many more, which zod ignores.
const shopifyProductSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: z.string(),
  handle: z.string().nullish(),
  product_type: z.string().nullish(),
  tags: z.string().nullish(), // "gold, pearl, gift"
  variants: z.array(z.object({ sku: z.string().nullish(), title: z.string().nullish() })).nullish(),
  images: z.array(z.object({ src: z.string() })).nullish(),
});
const shopifyPageSchema = z.object({ products: z.array(shopifyProductSchema) });
type ShopifyProduct = z.infer<typeof shopifyProductSchema>;

const upstream = (message: string) => new HttpError(502, 'upstream_error', message);

export function toProduct(p: ShopifyProduct): Product {
  const variants = (p.variants ?? []).map((v) => ({ sku: v.sku?.trim() ?? '', title: v.title ?? '' }));
  return {
    id: String(p.id),
    title: p.title,
    handle: p.handle ?? '',
    sku: variants[0]?.sku ?? '',
    product_type: p.product_type ?? '',
    tags: (p.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    variants,
    images: (p.images ?? []).map((i) => ({ src: i.src })),
  };
}

/** The URL of rel="next" in a Link header such as `<https://…page_info=abc>; rel="previous", <https://…>; rel="next"`. */
export function nextPageUrl(link: string | null): string | null {
  // Match <url> with its parameters rather than splitting on commas: the URL itself may hold some.
  for (const [, url, params] of (link ?? '').matchAll(/<([^>]*)>([^<]*)/g)) if (url && /;\s*rel="?next\b/.test(params ?? '')) return url;
  return null;
}

function statusMessage(status: number, body: string): string {
  if (status === 401) return 'Shopify refused the admin token (401): check SHOPIFY_ADMIN_TOKEN.';
  if (status === 403) return 'Shopify denied access (403): the admin token needs the read_products scope.';
  if (status === 404) return 'Shopify answered 404: check SHOPIFY_STORE_DOMAIN.';
  if (status === 429) return 'Shopify is rate limiting requests (429); try again shortly.';
  return `Shopify answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}.`;
}

async function fetchPage(url: string, opts: { token: string; fetch: typeof fetch; timeoutMs: number; signal: AbortSignal }) {
  let res: Response, text: string;
  try {
    res = await opts.fetch(url, { headers: { 'X-Shopify-Access-Token': opts.token, Accept: 'application/json' }, signal: opts.signal });
    text = await res.text();
  } catch (err) {
    if (opts.signal.aborted)
      throw new HttpError(504, 'upstream_timeout', `Shopify did not send every product within ${opts.timeoutMs} ms.`);
    throw upstream(`Could not reach Shopify: ${err instanceof Error ? err.message : String(err)}.`);
  }
  if (!res.ok) throw upstream(statusMessage(res.status, text.trim()));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw upstream('Shopify answered with invalid JSON.');
  }
  const page = shopifyPageSchema.safeParse(body);
  if (!page.success) throw upstream('Shopify answered with an unexpected products format.');
  return { products: page.data.products, next: nextPageUrl(res.headers.get('link')) };
}

/**
 * Every product of the shop, in Shopify's order, following the Link header's rel="next" pages.
 * @example const products = await fetchShopifyProducts({ domain: 'brand.myshopify.com', token });
 */
export async function fetchShopifyProducts(options: ShopifyOptions): Promise<Product[]> {
  const { token, maxPages = 100, timeoutMs = 9_000 } = options;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const domain = options.domain
    .trim()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  if (!/^[a-z0-9.-]+(:\d+)?$/i.test(domain)) throw new HttpError(503, 'not_configured', 'SHOPIFY_STORE_DOMAIN is not a host name.');
  const origin = `https://${domain}`;
  const fields = 'id,title,handle,product_type,tags,variants,images';
  let url: string | null = `${origin}/admin/api/${SHOPIFY_API_VERSION}/products.json?limit=250&fields=${fields}`;
  const products: Product[] = [];
  const signal = AbortSignal.timeout(timeoutMs);
  for (let page = 0; url; page++) {
    if (page >= maxPages) throw upstream(`Shopify returned more than ${maxPages} pages of products; stopped reading.`);
    const target: URL = new URL(url, origin);
    // The token goes only to the shop itself, whatever a Link header points at.
    if (target.origin !== origin) throw upstream('Shopify pointed the next page at another host.');
    const result = await fetchPage(target.href, { token, fetch: fetchFn, timeoutMs, signal });
    products.push(...result.products.map(toProduct));
    url = result.next;
  }
  return products;
}
