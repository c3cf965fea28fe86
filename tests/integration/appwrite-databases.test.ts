// Documents and TablesDB rows through the unmodified SDKs: idempotent ids, permissions, queries and paging.
import { beforeAll, describe, expect, it } from 'vitest';
import { ID, Permission, Query, Role, type Models } from 'appwrite';
import { Query as NodeQuery } from 'node-appwrite';
import { adminClient } from '../helpers/server';
import { webCustomer } from '../helpers/web-customer';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { registration } from '../helpers/fixtures';
import { failure } from '../helpers/failure';
import { serverForSuite } from '../helpers/suite';

const DB = 'warranty';
const COL = 'submissions';

describe('documents', () => {
  const server = serverForSuite();
  const staff = () => adminClient(server).databases;

  it('creates a registration with a client-made id and answers a repeat with 409', async () => {
    const ada = await signedInCustomer(server, 'ada@example.com');
    const id = ID.unique();
    const doc = await createRegistration(ada, {}, id);
    expect(doc.$id).toBe(id);
    expect(doc.full_name).toBe('Ada Lovelace');
    expect(doc.$permissions).toEqual([`read("user:${ada.userId}")`, `update("user:${ada.userId}")`, `delete("user:${ada.userId}")`]);

    const again = await failure(
      ada.as(() => ada.databases.createDocument({ databaseId: DB, collectionId: COL, documentId: id, data: registration() })),
    );
    expect(again.code).toBe(409);
    expect(again.type).toBe('document_already_exists');

    const fetched = await ada.as(() => ada.databases.getDocument({ databaseId: DB, collectionId: COL, documentId: id }));
    expect(fetched.email).toBe('ada@example.com');
    expect((await staff().getDocument({ databaseId: DB, collectionId: COL, documentId: id })).$id).toBe(id);
  });

  it('keeps a customer’s registration from guests and other customers', async () => {
    const owner = await signedInCustomer(server, 'owner@example.com');
    const { $id: id } = await createRegistration(owner);

    const guest = webCustomer(server.endpoint);
    const guestRead = await failure(guest.as(() => guest.databases.getDocument({ databaseId: DB, collectionId: COL, documentId: id })));
    expect(guestRead.code).toBe(404);
    const guestList = await guest.as(() => guest.databases.listDocuments({ databaseId: DB, collectionId: COL }));
    expect(guestList.documents).toEqual([]);
    const guestCreate = await failure(
      guest.as(() => guest.databases.createDocument({ databaseId: DB, collectionId: COL, documentId: ID.unique(), data: registration() })),
    );
    expect(guestCreate.code).toBe(401);
    expect(guestCreate.type).toBe('user_unauthorized');

    const other = await signedInCustomer(server, 'other@example.com');
    const otherRead = await failure(other.as(() => other.databases.getDocument({ databaseId: DB, collectionId: COL, documentId: id })));
    expect(otherRead.type).toBe('document_not_found');
    const otherList = await other.as(() =>
      other.databases.listDocuments({ databaseId: DB, collectionId: COL, queries: [Query.limit(100)] }),
    );
    expect(otherList.documents.map((d) => d.$id)).not.toContain(id);
    const otherUpdate = await failure(
      other.as(() =>
        other.databases.updateDocument<Models.DefaultDocument>({
          databaseId: DB,
          collectionId: COL,
          documentId: id,
          data: { phone: '+1 0000000000' },
        }),
      ),
    );
    expect(otherUpdate.code).toBe(404);

    const ownList = await owner.as(() => owner.databases.listDocuments({ databaseId: DB, collectionId: COL }));
    expect(ownList.documents.map((d) => d.$id)).toEqual([id]);
  });

  /** The error a document the customer may not create is refused with. */
  const refused = (c: Customer, data: Record<string, unknown>, permissions?: string[]) =>
    failure(
      c.as(() =>
        c.databases.createDocument<Models.DefaultDocument>({
          databaseId: DB,
          collectionId: COL,
          documentId: ID.unique(),
          data,
          permissions,
        }),
      ),
    );

  it('refuses permissions the customer does not hold', async () => {
    const c = await signedInCustomer(server, 'grabby@example.com');
    const err = await refused(c, registration(), [Permission.read(Role.user('someone-else'))]);
    expect(err.type).toBe('user_unauthorized');
  });

  it('rejects data that does not fit the collection with document_invalid_structure', async () => {
    const c = await signedInCustomer(server, 'shape@example.com');
    const unknown = await refused(c, { ...registration(), favourite_colour: 'x' });
    expect(unknown.type).toBe('document_invalid_structure');
    expect(unknown.message).toContain('favourite_colour');
    const missing = await refused(c, { email: 'a@b.co' });
    expect(missing.message).toContain('full_name');
    const wrongType = await refused(c, registration({ phone: 5551234567 }));
    expect(wrongType.code).toBe(400);
    const tooLong = await refused(c, registration({ full_name: 'x'.repeat(256) }));
    expect(tooLong.code).toBe(400);
  });

  it('keeps the $updatedAt an API key gives in an update, and ignores one from a customer', async () => {
    const c = await signedInCustomer(server, 'stamp@example.com');
    const { $id: id, $updatedAt: created } = await createRegistration(c);
    const where = { databaseId: DB, collectionId: COL, documentId: id };
    const kept = await staff().updateDocument({ ...where, data: { search_text: 'stamp', $updatedAt: created } });
    expect(kept.$updatedAt).toBe(created);
    expect(kept.search_text).toBe('stamp');
    const back = await staff().updateDocument({ ...where, data: { $updatedAt: '2024-03-01T10:00:00.000Z' } });
    expect(back.$updatedAt).toBe('2024-03-01T10:00:00.000+00:00');
    // Only the key may: a customer's own $updatedAt is not taken.
    const mine = await c.as(() => c.databases.updateDocument({ ...where, data: { phone: '+44 7700900124', $updatedAt: created } }));
    expect(mine.phone).toBe('+44 7700900124');
    expect(mine.$updatedAt > created).toBe(true);
    const bad = await failure(staff().updateDocument({ ...where, data: { $updatedAt: 'last Tuesday' } }));
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('$updatedAt');
  });

  it('serves the same store as TablesDB rows', async () => {
    const c = await signedInCustomer(server, 'rows@example.com');
    const id = ID.unique();
    const row = await c.as(() =>
      c.tables.createRow({ databaseId: DB, tableId: COL, rowId: id, data: registration({ email: 'rows@example.com' }) }),
    );
    expect(row.$tableId).toBe(COL);
    const asDoc = await c.as(() => c.databases.getDocument({ databaseId: DB, collectionId: COL, documentId: id }));
    expect(asDoc.email).toBe('rows@example.com');
    const again = await failure(c.as(() => c.tables.createRow({ databaseId: DB, tableId: COL, rowId: id, data: registration() })));
    expect(again.type).toBe('row_already_exists');
    const updated = await c.as(() => c.tables.updateRow({ databaseId: DB, tableId: COL, rowId: id, data: { phone: '+44 7700900123' } }));
    expect(updated.phone).toBe('+44 7700900123');
    expect(updated.full_name).toBe('Ada Lovelace');
    await c.as(() => c.tables.deleteRow({ databaseId: DB, tableId: COL, rowId: id }));
    expect((await failure(c.as(() => c.tables.getRow({ databaseId: DB, tableId: COL, rowId: id })))).type).toBe('row_not_found');
  });
});

describe('listing 1,000 documents', () => {
  const server = serverForSuite();
  let staff: ReturnType<typeof adminClient>['databases'];
  const ids: string[] = [];
  beforeAll(async () => {
    staff = adminClient(server).databases;
    for (let batch = 0; batch < 10; batch++) {
      const documents = Array.from({ length: 100 }, (_, i) => {
        const n = batch * 100 + i;
        const $id = `reg-${String(n).padStart(4, '0')}`;
        ids.push($id);
        return { $id, ...registration({ full_name: `Customer ${n}`, email: `c${n}@example.com` }) };
      });
      const res = await staff.createDocuments({ databaseId: DB, collectionId: COL, documents });
      expect(res.total).toBe(100);
    }
  });

  it('pages through every document exactly once with cursorAfter', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await staff.listDocuments({
        databaseId: DB,
        collectionId: COL,
        queries: [NodeQuery.limit(100), ...(cursor ? [NodeQuery.cursorAfter(cursor)] : [])],
      });
      expect(page.total).toBe(1000);
      if (page.documents.length === 0) break;
      seen.push(...page.documents.map((d) => d.$id));
      cursor = page.documents.at(-1)!.$id;
    }
    expect(seen).toEqual(ids);
  });

  it('pages with offset, orders, filters and selects', async () => {
    const page = await staff.listDocuments({ databaseId: DB, collectionId: COL, queries: [NodeQuery.limit(5), NodeQuery.offset(995)] });
    expect(page.documents.map((d) => d.$id)).toEqual(ids.slice(995));

    const desc = await staff.listDocuments({
      databaseId: DB,
      collectionId: COL,
      queries: [NodeQuery.orderDesc('full_name'), NodeQuery.limit(3)],
    });
    expect(desc.documents.map((d) => d.full_name)).toEqual(['Customer 999', 'Customer 998', 'Customer 997']);

    const after = await staff.listDocuments({
      databaseId: DB,
      collectionId: COL,
      queries: [NodeQuery.orderDesc('full_name'), NodeQuery.cursorAfter(desc.documents[2]!.$id), NodeQuery.limit(2)],
    });
    expect(after.documents.map((d) => d.full_name)).toEqual(['Customer 996', 'Customer 995']);

    const one = await staff.listDocuments({ databaseId: DB, collectionId: COL, queries: [NodeQuery.equal('email', 'c42@example.com')] });
    expect(one.documents.map((d) => d.$id)).toEqual(['reg-0042']);
    expect(one.total).toBe(1);

    const found = await staff.listDocuments({
      databaseId: DB,
      collectionId: COL,
      queries: [NodeQuery.contains('full_name', 'Customer 12'), NodeQuery.limit(100)],
    });
    expect(found.total).toBe(11); // Customer 12, 120–129

    const picked = await staff.listDocuments({
      databaseId: DB,
      collectionId: COL,
      queries: [NodeQuery.select(['email']), NodeQuery.limit(1)],
    });
    expect(picked.documents[0]).toMatchObject({ $id: 'reg-0000', email: 'c0@example.com' });
    expect(picked.documents[0]).not.toHaveProperty('full_name');
  });

  it('lists each document exactly as getDocument returns it', async () => {
    const page = await staff.listDocuments({ databaseId: DB, collectionId: COL, queries: [NodeQuery.limit(3), NodeQuery.offset(40)] });
    for (const doc of page.documents)
      expect(doc).toEqual(await staff.getDocument({ databaseId: DB, collectionId: COL, documentId: doc.$id }));
  });

  it('returns what changed since a moment, for delta sync', async () => {
    const before = await staff.getDocument({ databaseId: DB, collectionId: COL, documentId: 'reg-0999' });
    await new Promise((r) => setTimeout(r, 5));
    await staff.updateDocument({ databaseId: DB, collectionId: COL, documentId: 'reg-0500', data: { phone: '+1 5550000000' } });
    await staff.updateDocument({ databaseId: DB, collectionId: COL, documentId: 'reg-0007', data: { phone: '+1 5550000001' } });
    const changed = await staff.listDocuments({
      databaseId: DB,
      collectionId: COL,
      queries: [NodeQuery.greaterThan('$updatedAt', before.$updatedAt), NodeQuery.orderAsc('$updatedAt'), NodeQuery.limit(100)],
    });
    expect(changed.documents.map((d) => d.$id)).toEqual(['reg-0500', 'reg-0007']);
  });

  it('answers a cursor that does not exist and broken queries with 400', async () => {
    await expect(
      staff.listDocuments({ databaseId: DB, collectionId: COL, queries: [NodeQuery.cursorAfter('nope')] }),
    ).rejects.toMatchObject({ code: 400 });
    await expect(staff.listDocuments({ databaseId: DB, collectionId: COL, queries: ['{not json'] })).rejects.toMatchObject({
      code: 400,
      type: 'general_query_invalid',
    });
    await expect(
      staff.listDocuments({ databaseId: DB, collectionId: COL, queries: [NodeQuery.equal('password', 'x')] }),
    ).rejects.toMatchObject({ type: 'general_query_invalid' });
    await expect(staff.listDocuments({ databaseId: DB, collectionId: 'missing' })).rejects.toMatchObject({
      code: 404,
      type: 'collection_not_found',
    });
  });
});
