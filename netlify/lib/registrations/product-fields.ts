// Registrations stored before picked products kept their SKUs: the wizard wrote the titles of the products a customer
// picked into product_sku and left selected_product empty, so staff saw titles in the SKU column and an empty
// "Product". Such rows get their SKUs in product_sku and their titles in selected_product, as the wizard now writes
// them (DESIGN.md, "Products"). Rows whose product_sku is anything else (typed text, imported SKUs) stay as they are,
// so the migration can run again and again. The embedded server runs it with its first sweep after each start
// (server/sweeps.ts): all of it once per data set (a marker in the `migrations` collection says so), then only the
// search texts of rows changed since; for a deployed Appwrite it runs whole as `npm run migrate:product-fields`.
// The same run gives every registration stored without a search text (before it was kept) its `search_text`, which
// the staff's server search finds it by (src/shared/search-text.ts). That row keeps its `$updatedAt` (Appwrite's
// timestamp override): nothing staff see changed, so no staff device downloads it again nor sees it move to the top.
// A row whose product fields change is a change: it gets a new `$updatedAt` and reaches every staff device.
import { AppwriteException, Query } from 'node-appwrite';
import type { Product } from '../../../src/shared/contracts/product';
import { SEARCH_TEXT_ATTRIBUTE, searchTextOf } from '../../../src/shared/search-text';
import { catalogTitlesIn } from '../../../src/shared/warranty';
import { listPages } from '../appwrite';
import { env } from '../env';
import { bundledCatalog } from '../products/catalog';
import { fetchShopifyProducts } from '../products/shopify';
import { collection, storedFields, upstream } from './registrations';
import type { Models } from 'node-appwrite';

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

/** Every document matching every query of `filter`, page by page in $id order, handed to `each` (which may change it). */
async function eachDocument(filter: string[], each: (doc: Models.Document) => Promise<void>) {
  const { databases, where } = collection();
  const pages = listPages(databases, where, [...filter, Query.orderAsc('$id')], PAGE);
  for (;;) {
    let page;
    try {
      page = await pages.next();
    } catch (err) {
      upstream(err);
    }
    if (page.done) return;
    for (const doc of page.value) await each(doc);
  }
}

type Migrated = { checked: number; migrated: number; searchable: number };

/**
 * Migrates every registration stored the old way, page by page (only rows with an empty selected_product are read),
 * then gives every registration without a search text its own (of those changed since `since`, when given). Returns
 * how many rows were looked at and changed.
 */
export async function migrateProductFields(given?: readonly Product[], since?: string): Promise<Migrated> {
  const { databases, where } = collection();
  let checked = 0;
  let migrated = 0;
  let searchable = 0;
  const write = async (documentId: string, data: Record<string, string>) => {
    try {
      await databases.updateDocument({ ...where, documentId, data });
    } catch (err) {
      upstream(err);
    }
  };
  if (since === undefined) {
    const catalog = given ?? (await offeredCatalog());
    await eachDocument([Query.or([Query.equal('selected_product', ['']), Query.isNull('selected_product')])], async (doc) => {
      checked++;
      const stored = storedFields(doc);
      const fields = migratedProductFields(stored, catalog);
      if (!fields) return;
      await write(doc.$id, { ...fields, search_text: searchTextOf({ ...stored, ...fields }) });
      migrated++;
    });
  }
  const recent = since === undefined ? [] : [Query.greaterThanEqual('$updatedAt', since)];
  await eachDocument([Query.isNull(SEARCH_TEXT_ATTRIBUTE), ...recent], async (doc) => {
    await write(doc.$id, { search_text: searchTextOf(storedFields(doc)), $updatedAt: doc.$updatedAt });
    searchable++;
  });
  return { checked, migrated, searchable };
}

/** The collection of data migrations done, by name, with when each last ran (API key only). */
export const MIGRATIONS_COLLECTION = 'migrations';
export const PRODUCT_FIELDS_MARKER = 'product-fields';
/** A later run looks again at rows changed this long before the last run began (a write that committed late). */
const OVERLAP_MS = 3_600_000;

/**
 * The migration, once per data set: the first run (or any with `again`) reads every registration; later ones only give
 * a search text to the rows changed since shortly before the last run began (a customer's device wrote them, and the
 * server has not received them yet), through the index on $updatedAt. The marker keeps when the last run began.
 */
export async function migrateProductFieldsOnce(opts: { again?: boolean; catalog?: readonly Product[] } = {}): Promise<Migrated> {
  const { databases, where } = collection();
  const marker = { databaseId: where.databaseId, collectionId: MIGRATIONS_COLLECTION, documentId: PRODUCT_FIELDS_MARKER };
  const began = new Date();
  let since: string | undefined;
  if (!opts.again) {
    try {
      const last = Date.parse(String((await databases.getDocument(marker)).done_at));
      if (Number.isFinite(last)) since = new Date(last - OVERLAP_MS).toISOString();
    } catch (err) {
      if (!(err instanceof AppwriteException && err.code === 404)) upstream(err);
    }
  }
  const done = await migrateProductFields(opts.catalog, since);
  try {
    await databases.upsertDocument({ ...marker, data: { done_at: began.toISOString(), summary: JSON.stringify({ ...done, since }) } });
  } catch (err) {
    upstream(err);
  }
  return done;
}
