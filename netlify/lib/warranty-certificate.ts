// "Download certificate" on /warranties: the certificate of one of the caller's own registrations, made by the same
// module as the confirmation e-mail's attachment. Anyone else's registration, and one still awaiting its e-mail
// confirmation, is answered as a missing one.
import { AppwriteException } from 'node-appwrite';
import type { Product } from '../../src/shared/contracts/product';
import { REGISTRATION_STATUS } from '../../src/shared/contracts/submission';
import { adminClient } from './appwrite';
import { certificateFilename, certificateInputOf, makeCertificate } from './certificate';
import { env } from './env';
import { HttpError } from './http';
import { bundledCatalog } from './products/catalog';
import { fetchShopifyProducts } from './products/shopify';

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

type Doc = Record<string, unknown> & { $id: string; $createdAt: string };
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The PDF of registration `id` for customer `userId`, as a download. */
export async function warrantyCertificate(id: string, userId: string): Promise<Response> {
  const { databases, settings } = adminClient();
  let doc: Doc;
  try {
    doc = (await databases.getDocument({
      databaseId: settings.databaseId,
      collectionId: settings.collectionId,
      documentId: id,
    })) as unknown as Doc;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) throw NOT_FOUND();
    throw new HttpError(502, 'upstream_error', 'The registrations could not be read right now. Please try again.');
  }
  if (str(doc.user_id) !== userId || str(doc.status) === REGISTRATION_STATUS.pending) throw NOT_FOUND();
  const record = {
    $id: doc.$id,
    $createdAt: doc.$createdAt,
    submitted_at: str(doc.submitted_at),
    full_name: str(doc.full_name),
    product_sku: str(doc.product_sku),
    selected_product: str(doc.selected_product),
    image_file_id: str(doc.image_file_id),
    store: str(doc.store),
  };
  const pdf = await makeCertificate(certificateInputOf(record, brandFromEnv(), await certificateCatalog()));
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${certificateFilename(doc.$id)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
