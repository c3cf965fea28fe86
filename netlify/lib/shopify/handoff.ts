// The Shopify hand-off of a stored, confirmed registration: the customer upserted in Shopify when it is configured,
// else the hand-off recorded once in the integration log (keyed by registration and action).
import { env } from '../env';
import { recordOnce } from '../integration-log';
import type { Registration } from '../registrations/registrations';
import { upsertShopifyCustomer, type Registration as ShopifyRegistration } from './customers';

export const HANDOFF_ACTION = 'customer.upsert';

/**
 * The registration as Shopify's note records it, from the server's facts (never from a request body), with the
 * address the server verified for its account (../registrations/registrations.ts, verifiedAddressOf).
 */
export function shopifyRegistrationOf(reg: Registration, verifiedEmail: string): ShopifyRegistration {
  const r = reg.record;
  return {
    id: reg.id,
    full_name: r.full_name,
    email: verifiedEmail,
    phone: r.phone,
    address: r.address,
    product_sku: r.product_sku,
    selected_product: r.selected_product,
    submitted_at: r.submitted_at,
  };
}

export type HandOff = { status: 'sent'; result: 'created' | 'updated' | 'unchanged' } | { status: 'logged' | 'already_logged' };

/** Hands the registration over. @throws HttpError 502 when Shopify is configured and fails. */
export async function handOffToShopify(registration: ShopifyRegistration): Promise<HandOff> {
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
