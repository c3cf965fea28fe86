// Registrations stored before picked products kept their SKUs: the wizard wrote the titles of the products a customer
// picked into product_sku and left selected_product empty, so staff saw titles in the SKU column and an empty
// "Product". Such rows get their SKUs in product_sku and their titles in selected_product, as the wizard now writes
// them (DESIGN.md, "Products"). Rows whose product_sku is anything else (typed text, imported SKUs) stay as they are,
// so the migration can run again and again: with the embedded server's first sweep after its start
// (server/sweeps.ts) and, for a deployed Appwrite, as `npm run migrate:product-fields`.
import { Query } from 'node-appwrite';
import type { Product } from '../../../src/shared/contracts/product';
import { catalogTitlesIn } from '../../../src/shared/warranty';
import { env } from '../env';
import { bundledCatalog } from '../products/catalog';
import { fetchShopifyProducts } from '../products/shopify';
import { collection, storedFields, upstream } from './registrations';

const PAGE = 500;

type ProductFields = { product_sku: string; selected_product: string };

/** The fields a row stored the old way gets (SKUs and titles, same order), or null when it is not such a row. */
export function migratedProductFields(fields: ProductFields, catalog: readonly Product[]): ProductFields | null {
  if (fields.selected_product.trim() || !fields.product_sku.trim()) return null;
  const products = catalogTitlesIn(fields.product_sku, catalog);
  if (!products) return null;
  return {
    // A product the shop gave no SKU keeps its place with its title, as the wizard stores it.
    product_sku: products.map((p) => p.sku || p.title).join(', '),
    selected_product: products.map((p) => p.title).join(', '),
  };
}

/** The titles the wizard offered: the shop's products when a shop is configured (as the products function), and the bundled ones. */
async function offeredCatalog(): Promise<Product[]> {
  const domain = env('SHOPIFY_STORE_DOMAIN');
  const token = env('SHOPIFY_ADMIN_TOKEN');
  return [...(domain && token ? await fetchShopifyProducts({ domain, token }) : []), ...bundledCatalog()];
}

/**
 * Migrates every registration stored the old way, page by page (only rows with an empty selected_product are read).
 * Returns how many rows were looked at and how many were changed.
 */
export async function migrateProductFields(given?: readonly Product[]): Promise<{ checked: number; migrated: number }> {
  const catalog = given ?? (await offeredCatalog());
  const { databases, where } = collection();
  let checked = 0;
  let migrated = 0;
  for (let cursor: string | undefined; ;) {
    let page;
    try {
      page = await databases.listDocuments({
        ...where,
        queries: [
          Query.or([Query.equal('selected_product', ['']), Query.isNull('selected_product')]),
          Query.orderAsc('$id'),
          Query.limit(PAGE),
          ...(cursor ? [Query.cursorAfter(cursor)] : []),
        ],
        total: false,
      });
    } catch (err) {
      upstream(err);
    }
    for (const doc of page.documents) {
      checked++;
      const fields = migratedProductFields(storedFields(doc), catalog);
      if (!fields) continue;
      try {
        await databases.updateDocument({ ...where, documentId: doc.$id, data: fields });
      } catch (err) {
        upstream(err);
      }
      migrated++;
    }
    if (page.documents.length < PAGE) return { checked, migrated };
    cursor = page.documents.at(-1)!.$id;
  }
}
