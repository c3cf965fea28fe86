// "Download certificate" on /warranties: the certificate of one of the registrations the caller sees there (their own,
// or a staff import made out to their verified address), made by the same module as the confirmation e-mail's
// attachment (./pdf.ts). Anyone else's registration, and one still awaiting its e-mail confirmation, is answered as a
// missing one.
import type { Product } from '../../../src/shared/contracts/product';
import { env } from '../env';
import { HttpError } from '../http';
import { bundledCatalog } from '../products/catalog';
import { fetchShopifyProducts } from '../products/shopify';
import type { Customer } from '../define';
import { isCustomersRegistration } from '../registrations/customer-registrations';
import { readRegistration } from '../registrations/registrations';
import { certificateFilename, certificateInputOf, makeCertificate } from './pdf';

const SHOP_TTL_MS = 5 * 60_000;
let shop: { key: string; at: number; products: Promise<Product[]> } | undefined;

/** The shop's products when Shopify is configured and answers, else the bundled catalog: it gives titles their SKUs. */
export async function certificateCatalog(): Promise<readonly Product[]> {
  const domain = env('SHOPIFY_STORE_DOMAIN'),
    token = env('SHOPIFY_ADMIN_TOKEN');
  if (!domain || !token) return bundledCatalog();
  const key = `${domain}\n${token}`;
  if (!shop || shop.key !== key || Date.now() - shop.at > SHOP_TTL_MS)
    shop = { key, at: Date.now(), products: fetchShopifyProducts({ domain, token, timeoutMs: 4_000 }) };
  const current = shop;
  try {
    return await current.products;
  } catch {
    if (shop === current) shop = undefined; // failures are not kept
    return bundledCatalog();
  }
}

export const brandFromEnv = () => ({ name: env('PRODUCT_NAME') ?? 'Warranty Registration', accent: env('BRAND_ACCENT') });

const NOT_FOUND = () => new HttpError(404, 'not_found', 'That registration does not exist.');

/** The PDF of registration `id` for `customer` (one of the registrations /warranties shows them), as a download. */
export async function warrantyCertificate(id: string, customer: Customer): Promise<Response> {
  const reg = await readRegistration(id);
  if (!reg || !isCustomersRegistration(reg, customer)) throw NOT_FOUND();
  const record = reg.record;
  const pdf = await makeCertificate(certificateInputOf(record, brandFromEnv(), await certificateCatalog()));
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${certificateFilename(reg.id)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
