// The schema and bucket routes the Appwrite CLI relies on, through node-appwrite and raw HTTP: API key only,
// 4xx for bad input, lists paged by queries, and changes that documents, rows and files then live by.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Databases, ID, Query, Storage, TablesDB, type Models, TablesDBIndexType } from 'node-appwrite';
import { startTestServer, type TestServer } from '../helpers/server';
import { signedInCustomer } from '../helpers/customers';
import { failure } from '../helpers/failure';

const P = { 'X-Appwrite-Project': 'warranty' };
/** The SDK requires `default` on an update (it is Appwrite's required, nullable parameter); null clears it. */
const noDefault = null as unknown as undefined;
const q = (...queries: object[]) => queries.map((v, i) => `queries[${i}]=${encodeURIComponent(JSON.stringify(v))}`).join('&');

describe('schema and bucket routes for the Appwrite CLI', () => {
  let server: TestServer;
  let tables: TablesDB;
  let databases: Databases;
  let storage: Storage;
  let session: string;
  const KEY = () => ({ ...P, 'X-Appwrite-Key': server.secrets.apiKey, 'Content-Type': 'application/json' });
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${server.endpoint}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await startTestServer();
    const client = new Client().setEndpoint(server.endpoint).setProject('warranty').setKey(server.secrets.apiKey);
    tables = new TablesDB(client);
    databases = new Databases(client);
    storage = new Storage(client);
    const customer = await signedInCustomer(server, 'ada@example.com');
    session = customer.localStorage.getItem('cookieFallback')!;
  });
  afterAll(() => server.dispose());

  it('answers only the API key: guests and signed-in customers get 401 and change nothing', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/tablesdb'],
      ['GET', '/databases'],
      ['PUT', '/tablesdb/warranty', { name: 'Mine' }],
      ['DELETE', '/tablesdb/warranty'],
      ['GET', '/tablesdb/warranty/tables'],
      ['POST', '/tablesdb/warranty/tables', { tableId: 'x', name: 'X' }],
      ['PUT', '/databases/warranty/collections/submissions', { name: 'Mine', documentSecurity: false }],
      ['DELETE', '/tablesdb/warranty/tables/submissions'],
      ['PATCH', '/databases/warranty/collections/submissions/attributes/string/email', { required: false, default: null }],
      ['DELETE', '/databases/warranty/collections/submissions/attributes/email'],
      ['DELETE', '/tablesdb/warranty/tables/submissions/indexes/email'],
      ['GET', '/storage/buckets'],
      ['PUT', '/storage/buckets/images', { name: 'Open', permissions: ['read("any")'] }],
    ];
    for (const headers of [
      { ...P, 'Content-Type': 'application/json' },
      { ...P, 'Content-Type': 'application/json', 'X-Fallback-Cookies': session },
    ]) {
      for (const [method, path, body] of routes) {
        const res = await call(method, path, headers, body);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(((await res.json()) as { type: string }).type).toBe('user_unauthorized');
      }
    }
    expect(await databases.getCollection({ databaseId: 'warranty', collectionId: 'submissions' })).toMatchObject({
      name: 'Submissions',
      documentSecurity: true,
    });
    expect((await storage.getBucket({ bucketId: 'images' })).$permissions).toEqual(['create("users")']);
  });

  it('answers bad input with a 4xx in Appwrite’s shape', async () => {
    const cases: [string, string, unknown, number, string?][] = [
      ['PUT', '/storage/buckets/images', { name: 'Images', compression: 'lz4' }, 400],
      ['PUT', '/storage/buckets/images', { name: 'Images', maximumFileSize: -1 }, 400],
      ['PUT', '/storage/buckets/images', { name: 'Images', allowedFileExtensions: ['../x'] }, 400],
      ['PUT', '/storage/buckets/images', { maximumFileSize: 10 }, 400],
      ['PUT', '/storage/buckets/images', '{"name":', 400, 'general_argument_invalid'],
      ['PUT', '/storage/buckets/nope', { name: 'Nope' }, 404, 'storage_bucket_not_found'],
      ['GET', `/storage/buckets?${q({ method: 'limit', values: [-1] })}`, undefined, 400, 'general_query_invalid'],
      ['GET', `/storage/buckets?${q({ method: 'between', attribute: 'name', values: [1, 2] })}`, undefined, 400, 'general_query_invalid'],
      ['GET', `/tablesdb?${q({ method: 'equal', attribute: 'secret', values: ['x'] })}`, undefined, 400, 'general_query_invalid'],
      ['GET', `/tablesdb?${q({ method: 'cursorAfter', values: ['nope'] })}`, undefined, 400, 'general_cursor_not_found'],
      ['GET', '/tablesdb?queries[0]=not-json', undefined, 400, 'general_query_invalid'],
      ['PUT', '/tablesdb/warranty', { enabled: true }, 400],
      ['PUT', '/tablesdb/nope', { name: 'Nope' }, 404, 'database_not_found'],
      ['GET', '/tablesdb/nope/tables', undefined, 404, 'database_not_found'],
      ['POST', '/tablesdb/warranty/tables', { tableId: '-bad id', name: 'X' }, 400],
      ['POST', '/tablesdb/warranty/tables', { tableId: 'submissions', name: 'Again' }, 409, 'table_already_exists'],
      ['POST', '/databases/warranty/collections', { collectionId: 'submissions', name: 'Again' }, 409, 'collection_already_exists'],
      ['POST', '/tablesdb/warranty/tables', { tableId: 'x', name: 'X', permissions: ['own("any")'] }, 400],
      ['GET', '/tablesdb/warranty/tables/nope', undefined, 404, 'table_not_found'],
      ['POST', '/tablesdb/warranty/tables/submissions/columns/string', { key: 'note', required: true, size: 10, default: 'x' }, 400],
      ['POST', '/tablesdb/warranty/tables/submissions/columns/integer', { key: 'n', required: false, min: 5, max: 1 }, 400],
      ['POST', '/tablesdb/warranty/tables/submissions/columns/integer', { key: 'n', required: false, max: 3, default: 4 }, 400],
      ['POST', '/tablesdb/warranty/tables/submissions/columns/integer', { key: 'n', required: false, array: true, default: 1 }, 400],
      ['POST', '/tablesdb/warranty/tables/submissions/columns/enum', { key: 'e', required: false, elements: [] }, 400],
      [
        'POST',
        '/tablesdb/warranty/tables/submissions/columns/string',
        { key: 'email', required: false, size: 5 },
        409,
        'column_already_exists',
      ],
      ['POST', '/databases/warranty/collections/submissions/attributes/polygon', { key: 'p', required: false }, 404],
      ['PATCH', '/databases/warranty/collections/submissions/attributes/integer/email', { required: false, default: null }, 400],
      ['PATCH', '/databases/warranty/collections/submissions/attributes/string/email', { default: null }, 400],
      ['PATCH', '/databases/warranty/collections/submissions/attributes/string/email', { required: false }, 400],
      ['PATCH', '/databases/warranty/collections/submissions/attributes/string/email', { required: 'maybe', default: null }, 400],
      ['PATCH', '/databases/warranty/collections/submissions/attributes/string/email', { required: true, default: 'x@y.z' }, 400],
      [
        'PATCH',
        '/databases/warranty/collections/submissions/attributes/string/email',
        { required: true, default: null, newKey: 'mail' },
        400,
      ],
      [
        'PATCH',
        '/databases/warranty/collections/submissions/attributes/string/nope',
        { required: true, default: null },
        404,
        'attribute_not_found',
      ],
      ['DELETE', '/tablesdb/warranty/tables/submissions/columns/nope', undefined, 404, 'column_not_found'],
      ['DELETE', '/databases/warranty/collections/submissions/indexes/nope', undefined, 404, 'index_not_found'],
      ['POST', '/tablesdb/warranty/tables/submissions/indexes', { key: 'i', type: 'key', columns: ['nope'] }, 400, 'column_unknown'],
      ['POST', '/tablesdb/warranty/tables/submissions/indexes', { key: 'i', type: 'key', columns: ['email'], orders: ['UP'] }, 400],
      ['POST', '/tablesdb/warranty/tables/submissions/indexes', { key: 'i', type: 'spatial', columns: ['email'] }, 400],
      ['POST', '/databases/warranty/collections/submissions/indexes', { key: 'i', type: 'key', columns: ['email'] }, 400],
    ];
    for (const [method, path, body, status, type] of cases) {
      const res = await call(method, path, KEY(), body);
      const json = (await res.json()) as { code: number; type: string; message: string };
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}: ${json.message}`).toBe(status);
      expect(json.code).toBe(status);
      expect(json.message.length).toBeGreaterThan(0);
      if (type) expect(json.type, `${method} ${path}`).toBe(type);
    }
    // Nothing of it changed the schema or the bucket.
    const email = await databases.getAttribute({ databaseId: 'warranty', collectionId: 'submissions', key: 'email' });
    expect(email).toMatchObject({ key: 'email', type: 'string', required: true, size: 320 });
    expect(await storage.getBucket({ bucketId: 'images' })).toMatchObject({
      name: 'Images',
      compression: 'none',
      maximumFileSize: 10485760,
    });
  });

  it('pages lists by limit, offset, cursor, filters and search, counting every match', async () => {
    for (const id of ['t_a', 't_b', 't_c'])
      await tables.createTable({ databaseId: 'warranty', tableId: id, name: `Paged ${id}`, rowSecurity: id === 't_b' });
    const all = await tables.listTables({ databaseId: 'warranty' });
    expect(all.total).toBe(all.tables.length);
    const ids = all.tables.map((t) => t.$id);
    expect(ids).toEqual(expect.arrayContaining(['submissions', 't_a', 't_b', 't_c']));

    const page = await tables.listTables({ databaseId: 'warranty', queries: [Query.limit(2), Query.offset(1)] });
    expect(page.total).toBe(ids.length);
    expect(page.tables.map((t) => t.$id)).toEqual(ids.slice(1, 3));
    const after = await tables.listTables({ databaseId: 'warranty', queries: [Query.cursorAfter(ids[0]!), Query.limit(1)] });
    expect(after.tables.map((t) => t.$id)).toEqual([ids[1]]);
    const secured = await tables.listTables({ databaseId: 'warranty', queries: [Query.equal('rowSecurity', true)] });
    expect(secured.tables.map((t) => t.$id).sort()).toEqual(['care_visits', 'claim_events', 'claims', 'submissions', 't_b']);
    expect((await tables.listTables({ databaseId: 'warranty', search: 'paged t_c' })).tables.map((t) => t.$id)).toEqual(['t_c']);
    const noTotal = await tables.listTables({ databaseId: 'warranty', total: false });
    expect(noTotal.total).toBe(0);
    expect(noTotal.tables.length).toBe(ids.length);

    const columns = await tables.listColumns({ databaseId: 'warranty', tableId: 'submissions', queries: [Query.limit(1)] });
    expect(columns.total).toBeGreaterThan(1);
    expect(columns.columns.map((c) => c.key)).toEqual(['full_name']);
    const buckets = await storage.listBuckets({ queries: [Query.equal('fileSecurity', true)] });
    expect(buckets.buckets.map((b) => b.$id)).toEqual(['images']);
  });

  it('changes columns that rows then live by: defaults filled in, sizes kept honest, deletes take their values along', async () => {
    const t = { databaseId: 'warranty', tableId: 'notes' };
    await tables.createTable({ ...t, name: 'Notes' });
    await tables.createStringColumn({ ...t, key: 'text', size: 100, required: true });
    await tables.createIndex({ ...t, key: 'text', type: TablesDBIndexType.Key, columns: ['text'] });
    await tables.createRow<Models.DefaultRow>({ ...t, rowId: 'first', data: { text: 'a note of thirty characters ok' } });

    // A new column: existing rows get its default.
    await tables.createIntegerColumn({ ...t, key: 'stars', required: false, min: 0, max: 5, xdefault: 3 });
    expect(await tables.getRow({ ...t, rowId: 'first' })).toMatchObject({ stars: 3 });

    // Required and default change; the size cannot shrink below what is stored.
    const shrink = await failure(tables.updateStringColumn({ ...t, key: 'text', required: true, xdefault: noDefault, size: 10 }));
    expect(shrink).toMatchObject({ code: 400, type: 'column_value_invalid' });
    const changed = await tables.updateStringColumn({ ...t, key: 'text', required: false, xdefault: '(empty)', size: 60 });
    expect(changed).toMatchObject({ required: false, default: '(empty)', size: 60 });
    expect((await tables.createRow<Models.DefaultRow>({ ...t, rowId: ID.unique(), data: {} })).text).toBe('(empty)');
    expect((await failure(tables.createRow<Models.DefaultRow>({ ...t, rowId: ID.unique(), data: { text: 'x'.repeat(61) } }))).code).toBe(
      400,
    );
    await tables.updateIntegerColumn({ ...t, key: 'stars', required: false, xdefault: noDefault, min: 1, max: 10 });
    expect((await tables.createRow<Models.DefaultRow>({ ...t, rowId: ID.unique(), data: { stars: 9 } })).stars).toBe(9);

    // Deleting a column removes its values and the indexes that use it.
    await tables.deleteColumn({ ...t, key: 'text' });
    const row = await tables.getRow({ ...t, rowId: 'first' });
    expect(row).not.toHaveProperty('text');
    expect((await tables.listIndexes(t)).indexes).toEqual([]);
    expect((await failure(tables.createRow<Models.DefaultRow>({ ...t, rowId: ID.unique(), data: { text: 'back?' } }))).code).toBe(400);

    // Deleting the table deletes its rows: a new table of the same id starts empty.
    await tables.deleteTable(t);
    expect((await failure(tables.getRow({ ...t, rowId: 'first' }))).code).toBe(404);
    await tables.createTable({ ...t, name: 'Notes again' });
    expect((await tables.listRows(t)).total).toBe(0);
  });

  it('updates a database, a table and a bucket, keeping what an update leaves out', async () => {
    await tables.create({ databaseId: 'scratch', name: 'Scratch' });
    expect(await tables.update({ databaseId: 'scratch', name: 'Scratch pad' })).toMatchObject({ name: 'Scratch pad', enabled: true });
    await tables.createTable({
      databaseId: 'scratch',
      tableId: 'things',
      name: 'Things',
      rowSecurity: true,
      permissions: ['read("users")'],
    });
    const renamed = await tables.updateTable({ databaseId: 'scratch', tableId: 'things', name: 'Stuff' });
    expect(renamed).toMatchObject({ name: 'Stuff', rowSecurity: true, $permissions: ['read("users")'] });
    const opened = await tables.updateTable({ databaseId: 'scratch', tableId: 'things', name: 'Stuff', permissions: ['read("any")'] });
    expect(opened.$permissions).toEqual(['read("any")']);
    await tables.createRow<Models.DefaultRow>({ databaseId: 'scratch', tableId: 'things', rowId: 'r1', data: {} });

    await tables.delete({ databaseId: 'scratch' });
    expect((await failure(tables.get({ databaseId: 'scratch' }))).code).toBe(404);
    await tables.create({ databaseId: 'scratch', name: 'Scratch' });
    await tables.createTable({ databaseId: 'scratch', tableId: 'things', name: 'Things' });
    expect((await tables.listRows({ databaseId: 'scratch', tableId: 'things' })).total).toBe(0);

    const renamedBucket = await storage.updateBucket({ bucketId: 'images', name: 'Photos' });
    expect(renamedBucket).toMatchObject({
      name: 'Photos',
      fileSecurity: true,
      maximumFileSize: 10485760,
      allowedFileExtensions: ['jpg', 'jpeg', 'png', 'webp'],
      $permissions: ['create("users")'],
    });
    const disabled = await storage.updateBucket({ bucketId: 'images', name: 'Photos', enabled: false });
    expect(disabled.enabled).toBe(false);
    // A disabled bucket still answers the API key's settings calls, and takes no files.
    expect((await storage.getBucket({ bucketId: 'images' })).enabled).toBe(false);
    const upload = await failure(
      storage.createFile({ bucketId: 'images', fileId: ID.unique(), file: new File([new Uint8Array(8)], 'a.png') }),
    );
    expect(upload).toMatchObject({ code: 404, type: 'storage_bucket_not_found' });
    await storage.updateBucket({ bucketId: 'images', name: 'Images', enabled: true });
  });
});
