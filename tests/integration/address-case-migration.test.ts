// A registration staff corrected to an address with capitals, before edits kept addresses in lower case, was never
// shown at /warranties to the customer holding that address. The embedded server puts such addresses in lower case
// once per data set, at its start, and the customer then finds the registration; a data set it has done is not read
// again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withEnv } from '../../netlify/lib/env';
import { ADDRESS_CASE_MARKER, lowercaseAddressesOnce } from '../../netlify/lib/registrations/address-case';
import { MIGRATIONS_COLLECTION } from '../../netlify/lib/registrations/product-fields';
import { callFunction } from '../helpers/counters';
import { jwtOf, signedInCustomer } from '../helpers/customers';
import { adminClient, orMissing, type TestServer } from '../helpers/server';
import { startWithStaff } from '../helpers/staff';

const where = { databaseId: 'warranty', collectionId: 'submissions' };
const marker = { databaseId: 'warranty', collectionId: MIGRATIONS_COLLECTION, documentId: ADDRESS_CASE_MARKER };
const dir = mkdtempSync(join(tmpdir(), 'warranty-address-case-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const listed = async (server: TestServer, jwt: string) => {
  const res = await fetch(`${server.url}/.netlify/functions/listWarranties`, { headers: { 'X-Appwrite-JWT': jwt } });
  return ((await res.json()) as { warranties: { id: string }[] }).warranties.map((w) => w.id);
};

describe('addresses stored with capitals', () => {
  it('are put in lower case at the next start, and the customer then sees the registration at /warranties', async () => {
    const first = await startWithStaff({}, dir);
    let id: string;
    try {
      // A new data set is marked at the first start: nothing was stored the old way.
      await expect.poll(() => orMissing(adminClient(first.server).databases.getDocument(marker)), { timeout: 15_000 }).not.toBeNull();
      const res = await callFunction(first.server, 'importToAppwrite', {
        auth: first.token,
        body: { data: [{ 'Full Name': 'Olga Oldedit', Email: 'olga@example.com', SKU: 'AUR-001', Product: 'Aurora Pendant' }] },
      });
      id = ((await res.json()) as { results: { id: string }[] }).results[0]!.id;
      // What a staff edit stored before addresses were kept in lower case, on a data set from before this migration.
      const { databases } = adminClient(first.server);
      await databases.updateDocument({ ...where, documentId: id, data: { email: 'Olga.New@Example.COM' } });
      await databases.deleteDocument(marker);
      const olga = await signedInCustomer(first.server, 'olga.new@example.com');
      expect(await listed(first.server, await jwtOf(olga))).not.toContain(id);
    } finally {
      await first.server.dispose();
    }

    const again = await startWithStaff({}, dir);
    try {
      const { databases } = adminClient(again.server);
      await expect
        .poll(async () => (await databases.getDocument({ ...where, documentId: id })).email, { timeout: 15_000 })
        .toBe('olga.new@example.com');
      const olga = await signedInCustomer(again.server, 'olga.new@example.com');
      expect(await listed(again.server, await jwtOf(olga))).toContain(id);
      // Done for this data set: not read again unless asked to.
      await expect.poll(() => orMissing(databases.getDocument(marker))).not.toBeNull();
      expect(await withEnv(again.server.functionsEnv(), () => lowercaseAddressesOnce())).toBeNull();
      expect(await withEnv(again.server.functionsEnv(), () => lowercaseAddressesOnce({ again: true }))).toEqual({ checked: 1, lowered: 0 });
    } finally {
      await again.server.dispose();
    }
  });
});
