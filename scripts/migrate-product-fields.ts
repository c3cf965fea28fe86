// `npm run migrate:product-fields`: on a deployed Appwrite, registrations stored before product SKUs were kept get
// their SKUs in product_sku and titles in selected_product (netlify/lib/registrations/product-fields.ts). Safe to run
// again: rows already migrated, typed text and imported SKUs are left as they are. The same run gives every
// registration without a search text its `search_text` (what the staff's server search finds it by), and marks the
// data set migrated, so an embedded server started on it does not look again. It then puts every e-mail address stored
// with capitals in lower case (netlify/lib/registrations/address-case.ts), so /warranties finds those registrations.
import { lowercaseAddressesOnce } from '../netlify/lib/registrations/address-case';
import { migrateProductFieldsOnce } from '../netlify/lib/registrations/product-fields';

const missing = ['APPWRITE_ENDPOINT', 'APPWRITE_PROJECT_ID', 'APPWRITE_API_KEY'].filter((k) => !process.env[k]);
if (missing.length > 0) {
  console.error(`Missing ${missing.join(', ')} in the environment.`);
  console.error('Set APPWRITE_ENDPOINT (e.g. https://cloud.appwrite.io/v1), APPWRITE_PROJECT_ID and APPWRITE_API_KEY (a key with the');
  console.error('databases.* scopes); APPWRITE_DATABASE_ID and APPWRITE_COLLECTION_ID default to "warranty" and "submissions".');
  console.error("With SHOPIFY_STORE_DOMAIN and SHOPIFY_ADMIN_TOKEN set, the shop's product titles are recognised too.");
  process.exit(1);
}

try {
  const { checked, migrated, searchable } = await migrateProductFieldsOnce({ again: true });
  const rows = (n: number) => `${n} ${n === 1 ? 'registration' : 'registrations'}`;
  console.log(`Checked ${rows(checked)} without a product title; ${rows(migrated)} now have their SKUs and titles.`);
  console.log(`${rows(searchable)} got their search text.`);
  const addresses = await lowercaseAddressesOnce({ again: true });
  console.log(`Checked ${rows(addresses?.checked ?? 0)}; ${rows(addresses?.lowered ?? 0)} had their e-mail address put in lower case.`);
} catch (err) {
  console.error(`Migrating product fields failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
