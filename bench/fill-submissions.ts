// Fills a fresh server's data folder with `n` registrations straight into its SQLite file, in the server's own
// format, far faster than the API would; one of them is a known old customer a search must find.
import { createFulltext, dropFulltext } from '../server/appwrite/fulltext';
import type { IndexSpec } from '../server/appwrite/schema';
import { openDb } from '../server/store/sqlite';
import { searchTextOf } from '../src/shared/search-text';
import { ADDRESS_CASE_MARKER } from '../netlify/lib/registrations/address-case';
import { MIGRATIONS_COLLECTION, PRODUCT_FIELDS_MARKER } from '../netlify/lib/registrations/product-fields';

/** The oldest-but-17 registration: found by any of these, it tells whether search reaches rows the device lacks. */
export const OLD_CUSTOMER = {
  index: 17,
  full_name: 'Marguerite Oldfield',
  email: 'm.oldfield@example.net',
  selected_product: 'Heirloom Cameo Locket',
  product_sku: 'LCK-0017-OLD',
};

const PRODUCTS = ['Aurora Pendant', 'Solstice Ring', 'Tidal Hoops', 'Meridian Chain', 'Ember Studs', 'Halo Band', ''];
const STORES = ['', 'Downtown', 'Airport', 'Harbour'];
const STEP_MS = 20_000;
const SEARCH_INDEX: IndexSpec = { key: 'search_text', type: 'fulltext', attributes: ['search_text'], orders: [] };

/**
 * Rows written as the server writes them need no migration: the marker says so, as the server's first run on a data
 * set leaves it (else the server's first start would read every row again while the bench measures).
 */
export function markMigrated(db: ReturnType<typeof openDb>): void {
  const now = new Date().toISOString().replace('Z', '+00:00');
  const mark = db.prepare(
    `INSERT OR REPLACE INTO documents (database_id, collection_id, id, data, permissions, created_at, updated_at)
     VALUES ('warranty', ?, ?, ?, '[]', ?, ?)`,
  );
  for (const marker of [PRODUCT_FIELDS_MARKER, ADDRESS_CASE_MARKER])
    mark.run(MIGRATIONS_COLLECTION, marker, JSON.stringify({ done_at: now, summary: null }), now, now);
}

/** Writes `n` registrations, one every 20 seconds up to a minute ago, into the server's database in `dir`. */
export function fillSubmissions(dir: string, n: number): void {
  const db = openDb(dir);
  db.pragma('synchronous = OFF');
  // Rows first, then the server's fulltext index made from them in one statement (as bench/scale-server.ts does).
  dropFulltext(db, 'warranty', 'submissions', SEARCH_INDEX.key);
  const insert = db.prepare(
    `INSERT INTO documents (database_id, collection_id, id, data, permissions, created_at, updated_at)
     VALUES ('warranty', 'submissions', ?, ?, '[]', ?, ?)`,
  );
  const base = Date.now() - 60_000 - n * STEP_MS;
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const t = new Date(base + i * STEP_MS).toISOString().replace('Z', '+00:00');
      const old = i === OLD_CUSTOMER.index;
      const data = {
        full_name: old ? OLD_CUSTOMER.full_name : `Customer ${i}`,
        email: old ? OLD_CUSTOMER.email : `customer${i}@example.com`,
        phone: `+1 555${String(i).padStart(7, '0')}`,
        address: `${i} Elm St, Apt ${i % 40}, Springfield, IL, 62701, United States`,
        product_sku: old ? OLD_CUSTOMER.product_sku : `RNG-${1000 + (i % 300)}-18K`,
        selected_product: old ? OLD_CUSTOMER.selected_product : PRODUCTS[i % PRODUCTS.length]!,
        user_id: null,
        image_file_id: i % 3 === 0 ? `photo${i}` : null,
        submitted_at: t,
        status: i % 11 === 0 ? 'pending' : null,
        store: STORES[i % STORES.length] || null,
        search_text: '',
      };
      data.search_text = searchTextOf(data);
      insert.run(`bench${String(i).padStart(7, '0')}`, JSON.stringify(data), t, t);
    }
  });
  for (let i = 0; i < n; i += 50_000) batch(i, Math.min(n, i + 50_000));
  db.transaction(() => createFulltext(db, 'warranty', 'submissions', SEARCH_INDEX))();
  markMigrated(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}
