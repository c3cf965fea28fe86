// The schema routes, API key only, in both of Appwrite's shapes over one store: the Databases API
// (/databases/{db}/collections/{id}/attributes, documentSecurity) and the TablesDB API
// (/tablesdb/{db}/tables/{id}/columns, rowSecurity). The Appwrite CLI's push and pull use both. An update that
// leaves a setting out keeps it as it is (permissions too), so a partial update never turns document security off.
import { Hono, type Context } from 'hono';
import { unauthorized } from './errors';
import type { AppwriteEnv } from './context';
import { parsePermissions } from './permissions';
import { attributeFrom, attributeModel, databaseModel, indexFrom, indexModel, schemaErrors, type SchemaAdmin } from './admin';
import { pageOf } from './lists';
import type { CollectionInfo, Flavor, SchemaCache } from './schema';
import { customId, optionalBool, readJson, stringParam } from './util';

type Api = {
  base: '/databases' | '/tablesdb';
  flavor: Flavor;
  /** the path segment and list key of collections or tables */
  kids: 'collections' | 'tables';
  kidId: 'collectionId' | 'tableId';
  security: 'documentSecurity' | 'rowSecurity';
  /** the path segment and list key of attributes or columns */
  fields: 'attributes' | 'columns';
};

const APIS: Api[] = [
  {
    base: '/databases',
    flavor: 'documents',
    kids: 'collections',
    kidId: 'collectionId',
    security: 'documentSecurity',
    fields: 'attributes',
  },
  { base: '/tablesdb', flavor: 'rows', kids: 'tables', kidId: 'tableId', security: 'rowSecurity', fields: 'columns' },
];

const DATABASE_FIELDS = ['$id', '$createdAt', '$updatedAt', 'name', 'enabled'];
const ATTRIBUTE_FIELDS = ['key', 'type', 'size', 'required', 'array', 'status', 'error'];
const INDEX_FIELDS = ['key', 'type', 'status', 'error'];

export function adminRoutes(admin: SchemaAdmin, cache: SchemaCache) {
  const app = new Hono<AppwriteEnv>();
  type Handler = (c: Context<AppwriteEnv>) => Response | Promise<Response>;
  /** Every schema route needs the API key; the caller is refused before any body is read. */
  const keyOnly =
    (h: Handler): Handler =>
    (c) => {
      if (c.get('caller').kind !== 'key') throw unauthorized();
      return h(c);
    };

  for (const api of APIS) {
    const { base, flavor } = api;
    const dbType = flavor === 'rows' ? 'tablesdb' : 'legacy';
    const kids = `${base}/:db/${api.kids}`;
    const kid = `${kids}/:col`;
    const fields = `${kid}/${api.fields}`;
    const indexes = `${kid}/indexes`;
    const dbParam = (c: Context<AppwriteEnv>) => c.req.param('db')!;
    const colParam = (c: Context<AppwriteEnv>) => c.req.param('col')!;

    const collectionModel = (col: CollectionInfo) => ({
      $id: col.id,
      $createdAt: col.createdAt,
      $updatedAt: col.updatedAt,
      $permissions: col.permissions,
      databaseId: col.databaseId,
      name: col.name,
      enabled: col.enabled,
      [api.security]: col.documentSecurity,
      [api.fields]: [...col.attributes.values()].map((a) => attributeModel(a, col.createdAt)),
      indexes: col.indexes.map((i) => indexModel(i, col.createdAt, flavor)),
      bytesMax: 0,
      bytesUsed: 0,
    });
    const collectionOf = (c: Context<AppwriteEnv>) => cache.find(dbParam(c), colParam(c), flavor);
    const permissionsOf = (c: Context<AppwriteEnv>, value: unknown) =>
      value === undefined || value === null ? null : parsePermissions(value, c.get('caller'), ['create', 'read', 'update', 'delete']);

    // Databases
    app.post(
      base,
      keyOnly(async (c) => {
        const b = await readJson(c.req.raw);
        const row = admin.createDatabase(
          customId('databaseId', b.databaseId),
          stringParam('name', b.name, { min: 1, max: 128 }),
          optionalBool('enabled', b.enabled, true),
        );
        return c.json(databaseModel(row, dbType), 201);
      }),
    );
    app.get(
      base,
      keyOnly((c) => {
        const all = admin.listDatabases().map((r) => databaseModel(r, dbType));
        const page = pageOf(all, new URL(c.req.url), DATABASE_FIELDS);
        return c.json({ total: page.total, databases: page.items });
      }),
    );
    app.get(
      `${base}/:db`,
      keyOnly((c) => c.json(databaseModel(admin.database(dbParam(c)), dbType))),
    );
    app.put(
      `${base}/:db`,
      keyOnly(async (c) => {
        const current = admin.database(dbParam(c));
        const b = await readJson(c.req.raw);
        const name = stringParam('name', b.name, { min: 1, max: 128 });
        const row = admin.updateDatabase(current.id, name, optionalBool('enabled', b.enabled, current.enabled === 1));
        return c.json(databaseModel(row, dbType));
      }),
    );
    app.delete(
      `${base}/:db`,
      keyOnly((c) => {
        admin.deleteDatabase(dbParam(c));
        return c.body(null, 204);
      }),
    );

    // Collections (tables)
    app.post(
      kids,
      keyOnly(async (c) => {
        admin.database(dbParam(c));
        const b = await readJson(c.req.raw);
        const id = customId(api.kidId, b[api.kidId]);
        admin.createCollection(
          dbParam(c),
          id,
          {
            name: stringParam('name', b.name, { min: 1, max: 128 }),
            permissions: permissionsOf(c, b.permissions) ?? [],
            documentSecurity: optionalBool(api.security, b[api.security], false),
            enabled: optionalBool('enabled', b.enabled, true),
          },
          flavor,
        );
        return c.json(collectionModel(cache.find(dbParam(c), id, flavor)), 201);
      }),
    );
    app.get(
      kids,
      keyOnly((c) => {
        const all = admin.collectionIds(dbParam(c)).map((id) => collectionModel(cache.find(dbParam(c), id, flavor)));
        const page = pageOf(all, new URL(c.req.url), [...DATABASE_FIELDS, api.security]);
        return c.json({ total: page.total, [api.kids]: page.items });
      }),
    );
    app.get(
      kid,
      keyOnly((c) => c.json(collectionModel(collectionOf(c)))),
    );
    app.put(
      kid,
      keyOnly(async (c) => {
        const col = collectionOf(c);
        const b = await readJson(c.req.raw);
        admin.updateCollection(
          col.databaseId,
          col.id,
          {
            name: b.name === undefined || b.name === null ? col.name : stringParam('name', b.name, { min: 1, max: 128 }),
            permissions: permissionsOf(c, b.permissions),
            documentSecurity: optionalBool(api.security, b[api.security], col.documentSecurity),
            enabled: optionalBool('enabled', b.enabled, col.enabled),
          },
          flavor,
        );
        return c.json(collectionModel(collectionOf(c)));
      }),
    );
    app.delete(
      kid,
      keyOnly((c) => {
        admin.deleteCollection(dbParam(c), colParam(c), flavor);
        return c.body(null, 204);
      }),
    );

    // Attributes (columns)
    app.post(
      `${fields}/:type`,
      keyOnly(async (c) => {
        collectionOf(c);
        const b = await readJson(c.req.raw);
        return c.json(admin.createAttribute(dbParam(c), colParam(c), attributeFrom(c.req.param('type')!, b, flavor), flavor), 202);
      }),
    );
    app.get(
      fields,
      keyOnly((c) => {
        const col = collectionOf(c);
        const all = [...col.attributes.values()].map((a) => attributeModel(a, col.createdAt));
        const page = pageOf(all, new URL(c.req.url), ATTRIBUTE_FIELDS, 'key');
        return c.json({ total: page.total, [api.fields]: page.items });
      }),
    );
    app.get(
      `${fields}/:key`,
      keyOnly((c) => {
        const col = collectionOf(c);
        const a = col.attributes.get(c.req.param('key')!);
        if (!a) throw schemaErrors.attributeNotFound(flavor);
        return c.json(attributeModel(a, col.createdAt));
      }),
    );
    app.patch(
      `${fields}/:type/:key`,
      keyOnly(async (c) => {
        collectionOf(c);
        const b = await readJson(c.req.raw);
        return c.json(admin.updateAttribute(dbParam(c), colParam(c), c.req.param('key')!, c.req.param('type')!, b, flavor));
      }),
    );
    app.delete(
      `${fields}/:key`,
      keyOnly((c) => {
        admin.deleteAttribute(dbParam(c), colParam(c), c.req.param('key')!, flavor);
        return c.body(null, 204);
      }),
    );

    // Indexes
    app.post(
      indexes,
      keyOnly(async (c) => {
        collectionOf(c);
        const b = await readJson(c.req.raw);
        return c.json(admin.createIndex(dbParam(c), colParam(c), indexFrom(b, flavor), flavor), 202);
      }),
    );
    app.get(
      indexes,
      keyOnly((c) => {
        const col = collectionOf(c);
        const all = col.indexes.map((i) => indexModel(i, col.createdAt, flavor));
        const page = pageOf(all, new URL(c.req.url), INDEX_FIELDS, 'key');
        return c.json({ total: page.total, indexes: page.items });
      }),
    );
    app.get(
      `${indexes}/:key`,
      keyOnly((c) => {
        const col = collectionOf(c);
        const i = col.indexes.find((x) => x.key === c.req.param('key'));
        if (!i) throw schemaErrors.indexNotFound();
        return c.json(indexModel(i, col.createdAt, flavor));
      }),
    );
    app.delete(
      `${indexes}/:key`,
      keyOnly((c) => {
        admin.deleteIndex(dbParam(c), colParam(c), c.req.param('key')!, flavor);
        return c.body(null, 204);
      }),
    );
  }
  return app;
}
