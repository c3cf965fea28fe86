// Upserts the registering customer in Shopify (Admin REST API), tagged
// warranty-registered with the registration in the note. Idempotent: a registration already noted changes nothing.
import type { Submission } from '../../../src/shared/contracts/submission';
import { HttpError } from '../http';

export const API_VERSION = '2024-10';
export const TAG = 'warranty-registered';

/** A stored registration as Shopify's note records it (the submission record, with its document id). */
export type Registration = { id: string } & Pick<
  Submission,
  'full_name' | 'email' | 'phone' | 'address' | 'product_sku' | 'selected_product' | 'submitted_at'
>;
type ShopifyCustomer = { id: number; email: string; tags: string; note: string | null };

const noteLine = (r: Registration) =>
  `Warranty registration ${r.id} (${r.submitted_at || 'date unknown'}): ${[r.product_sku, r.selected_product].filter(Boolean).join(', ') || 'photos only'}`;

export async function upsertShopifyCustomer(
  r: Registration,
  opts: { domain: string; token: string; fetch?: typeof fetch; timeoutMs?: number },
): Promise<'created' | 'updated' | 'unchanged'> {
  const f = opts.fetch ?? fetch;
  const base = `https://${opts.domain}/admin/api/${API_VERSION}`;
  const call = async (path: string, init: RequestInit = {}) => {
    let res: Response;
    try {
      res = await f(`${base}${path}`, {
        ...init,
        headers: { 'X-Shopify-Access-Token': opts.token, 'Content-Type': 'application/json', Accept: 'application/json' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch {
      throw new HttpError(502, 'upstream_error', 'Shopify could not be reached.');
    }
    if (res.status === 401 || res.status === 403)
      throw new HttpError(502, 'upstream_error', 'Shopify refused the admin token (check SHOPIFY_ADMIN_TOKEN and its customer scopes).');
    if (!res.ok) throw new HttpError(502, 'upstream_error', `Shopify answered ${res.status} for ${path.split('?')[0]}.`);
    try {
      return (await res.json()) as Record<string, unknown>;
    } catch {
      throw new HttpError(502, 'upstream_error', 'Shopify sent a reply that is not JSON.');
    }
  };

  const [first, ...rest] = r.full_name.trim().split(/\s+/);
  const found = (await call(`/customers/search.json?query=${encodeURIComponent(`email:${r.email}`)}&limit=1`)) as {
    customers?: ShopifyCustomer[];
  };
  const existing = found.customers?.find((c) => c.email?.toLowerCase() === r.email.toLowerCase());
  if (!existing) {
    await call('/customers.json', {
      method: 'POST',
      body: JSON.stringify({
        customer: {
          email: r.email,
          first_name: first ?? '',
          last_name: rest.join(' '),
          phone: r.phone || undefined,
          tags: TAG,
          note: noteLine(r),
        },
      }),
    });
    return 'created';
  }
  const note = existing.note ?? '';
  const tags = existing.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (note.includes(`Warranty registration ${r.id} `) && tags.includes(TAG)) return 'unchanged';
  await call(`/customers/${existing.id}.json`, {
    method: 'PUT',
    body: JSON.stringify({
      customer: {
        id: existing.id,
        tags: [...new Set([...tags, TAG])].join(', '),
        note: note.includes(`Warranty registration ${r.id} `) ? note : [note, noteLine(r)].filter(Boolean).join('\n'),
      },
    }),
  });
  return 'updated';
}
