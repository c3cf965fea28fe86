// The Shopify hand-off of a stored, confirmed registration: the customer upserted in Shopify when it is configured,
// else the hand-off recorded once in the integration log (keyed by registration and action).
import { env } from './env';
import { recordOnce } from './integration-log';
import { upsertShopifyCustomer, type Registration } from './shopify-customers';

export const HANDOFF_ACTION = 'customer.upsert';

/** The registration as Shopify's note records it, from the stored document (never from a request body). */
export function registrationOf(id: string, doc: Record<string, unknown>): Registration {
  const str = (k: string) => (typeof doc[k] === 'string' ? (doc[k] as string) : '');
  return {
    id,
    full_name: str('full_name'),
    email: str('email'),
    phone: str('phone'),
    address: str('address'),
    product_sku: str('product_sku'),
    selected_product: str('selected_product'),
    submitted_at: str('submitted_at'),
  };
}

export type HandOff = { status: 'sent'; result: 'created' | 'updated' | 'unchanged' } | { status: 'logged' | 'already_logged' };

/** Hands the registration over. @throws HttpError 502 when Shopify is configured and fails. */
export async function handOffToShopify(registration: Registration): Promise<HandOff> {
  const domain = env('SHOPIFY_STORE_DOMAIN');
  const token = env('SHOPIFY_ADMIN_TOKEN');
  if (domain && token) return { status: 'sent', result: await upsertShopifyCustomer(registration, { domain, token }) };
  const fresh = await recordOnce({
    registrationId: registration.id,
    email: registration.email,
    action: HANDOFF_ACTION,
    result: 'logged (Shopify not configured)',
  });
  return { status: fresh ? 'logged' : 'already_logged' };
}
