// Registrations stored the old way (picked products' titles in product_sku, selected_product empty) get their SKUs
// and titles, once: by the migration itself, run twice, and by the embedded server at its start, once per data set.
// Typed text, imported SKUs and rows stored the new way are left as they are. The same run gives every row its search
// text, once, keeping the row's time: only rows whose fields changed move up staff's newest-first list.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ID } from 'node-appwrite';
import { afterAll, describe, expect, it } from 'vitest';
import { withEnv } from '../../netlify/lib/env';
import { migrateProductFields, migrateProductFieldsOnce } from '../../netlify/lib/registrations/product-fields';
import { adminClient, startTestServer, type TestServer } from '../helpers/server';
import { registrationFields } from '../helpers/fixtures';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { searchTextOf } from '../../src/shared/search-text';

const where = { databaseId: 'warranty', collectionId: 'submissions' };

/** The rows as the old wizard, customers typing, a staff import and the new wizard stored them. */
const ROWS = {
  oldTwo: { product_sku: 'Greta Sapphire Solitaire Ring, Ines Diamond Necklace', selected_product: '' },
  oldOne: { product_sku: 'greta silver choker', selected_product: '' },
  typed: { product_sku: 'my grandmother’s ring', selected_product: '' },
  imported: { product_sku: 'RNG-1009-RG-6', selected_product: '' },
  titleAndText: { product_sku: 'Greta Silver Choker, a ring I bought in Rome', selected_product: '' },
  photosOnly: { product_sku: '', selected_product: '' },
  newWay: { product_sku: 'RNG-1009-RG-6', selected_product: 'Greta Sapphire Solitaire Ring' },
} as const;

const MIGRATED = {
  ...ROWS,
  oldTwo: { product_sku: 'RNG-1009-RG-6, NCK-1018-WG-18', selected_product: 'Greta Sapphire Solitaire Ring, Ines Diamond Necklace' },
  oldOne: { product_sku: 'CHK-1009-SS-13', selected_product: 'Greta Silver Choker' },
};

async function storeOldRows(server: TestServer) {
  const { databases } = adminClient(server);
  const ids: Record<string, string> = {};
  for (const [name, products] of Object.entries(ROWS)) {
    ids[name] = ID.unique();
    await databases.createDocument({ ...where, documentId: ids[name], data: { ...registrationFields({ full_name: name }), ...products } });
  }
  return ids;
}

async function productFields(server: TestServer, ids: Record<string, string>) {
  const { databases } = adminClient(server);
  const out: Record<string, { product_sku: string; selected_product: string }> = {};
  for (const [name, id] of Object.entries(ids)) {
    const doc = await databases.getDocument({ ...where, documentId: id });
    out[name] = { product_sku: doc.product_sku as string, selected_product: doc.selected_product as string };
  }
  return out;
}

/** Each row's $updatedAt, by name. */
async function times(server: TestServer, ids: Record<string, string>) {
  const { databases } = adminClient(server);
  const out: Record<string, string> = {};
  for (const [name, id] of Object.entries(ids)) out[name] = (await databases.getDocument({ ...where, documentId: id })).$updatedAt;
  return out;
}

/** Which rows moved (a newer $updatedAt than `before`), by name. */
const moved = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(before)
    .filter((name) => after[name] !== before[name])
    .sort();

/** Whether each row's search text is what the server makes of its stored fields (a list of the rows where it is not). */
async function withoutSearchText(server: TestServer, ids: Record<string, string>) {
  const { databases } = adminClient(server);
  const wrong: string[] = [];
  for (const [name, id] of Object.entries(ids)) {
    const doc = await databases.getDocument({ ...where, documentId: id });
    const fields = { full_name: '', email: '', selected_product: '', product_sku: '', ...(doc as Record<string, string>) };
    if (doc.search_text !== searchTextOf(fields)) wrong.push(name);
  }
  return wrong;
}

describe('migrating product fields', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('gives rows stored the old way their SKUs and titles, and changes nothing when run again', async () => {
    const server = await startTestServer();
    try {
      const ids = await storeOldRows(server);
      const stored = await times(server, ids);
      const migrate = () => withEnv(server.functionsEnv(), () => migrateProductFields());
      // (The server's own run at its start may have taken some rows already: what counts is what is stored.)
      expect((await migrate()).migrated).toBeLessThanOrEqual(2);
      expect(await productFields(server, ids)).toEqual(MIGRATED);
      expect(await withoutSearchText(server, ids)).toEqual([]);
      // Only the rows whose products changed are news to staff devices; a search text alone keeps a row's time.
      expect(moved(stored, await times(server, ids))).toEqual(['oldOne', 'oldTwo']);
      expect(await migrate()).toEqual({ checked: 4, migrated: 0, searchable: 0 });
      expect(await productFields(server, ids)).toEqual(MIGRATED);
    } finally {
      await server.dispose();
    }
  });

  it('runs at the embedded server’s start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warranty-migrate-'));
    dirs.push(dir);
    const before = await startTestServer({}, dir);
    const ids = await storeOldRows(before);
    expect(await productFields(before, ids)).toEqual(ROWS);
    expect(await withoutSearchText(before, ids)).toHaveLength(Object.keys(ROWS).length);
    await before.dispose();

    const after = await startTestServer({}, dir);
    try {
      await expect.poll(() => productFields(after, ids), { timeout: 15_000 }).toEqual(MIGRATED);
      await expect.poll(() => withoutSearchText(after, ids), { timeout: 15_000 }).toEqual([]);
      // Done for this data set: a later run does not read every registration again; asked to, it does.
      const once = (again = false) => withEnv(after.functionsEnv(), () => migrateProductFieldsOnce({ again }));
      expect(await once()).toEqual({ checked: 0, migrated: 0, searchable: 0 });
      expect(await once(true)).toEqual({ checked: 4, migrated: 0, searchable: 0 });
      // A registration a customer's device wrote since, which the server never received, still gets its search text.
      const customer = await signedInCustomer(after, 'late@example.com');
      const late = await createRegistration(customer);
      expect(late.search_text).toBeNull();
      expect(await once()).toEqual({ checked: 0, migrated: 0, searchable: 1 });
      expect(await withoutSearchText(after, { late: late.$id })).toEqual([]);
    } finally {
      await after.dispose();
    }
  });
});
