// Creating databases, collections, attributes and indexes (API key only), as
// `npm run setup:appwrite` and the Appwrite console do. Attributes are ready at once (status "available").
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { AppwriteError, invalidParam, unauthorized } from './errors';
import type { AppwriteEnv } from './context';
import { parsePermissions } from './permissions';
import { notFound, type AttributeSpec, type AttributeType, type IndexSpec, type SchemaCache } from './schema';
import { customId, isoNow, optionalBool, optionalInt, readJson, requiredId, stringParam } from './util';
import type { Db } from '../store/sqlite';

const KEY = /^[a-zA-Z0-9_][a-zA-Z0-9_-]{0,35}$/;
const TYPES: Record<string, AttributeType> = {
  string: 'string',
  varchar: 'string',
  text: 'string',
  mediumtext: 'string',
  longtext: 'string',
  integer: 'integer',
  float: 'float',
  boolean: 'boolean',
  datetime: 'datetime',
  email: 'email',
  enum: 'enum',
  url: 'url',
  ip: 'ip',
};

type DbRow = { id: string; name: string; enabled: number; created_at: string; updated_at: string };

export const databaseModel = (r: DbRow) => ({
  $id: r.id,
  name: r.name,
  $createdAt: r.created_at,
  $updatedAt: r.updated_at,
  enabled: r.enabled === 1,
  type: 'legacy',
});

export const attributeModel = (a: AttributeSpec, at: string) => {
  const format = a.type === 'email' || a.type === 'url' || a.type === 'ip' || a.type === 'enum' ? a.type : undefined;
  return {
    key: a.key,
    type: format ? 'string' : a.type,
    status: 'available',
    error: '',
    required: a.required,
    array: a.array,
    $createdAt: at,
    $updatedAt: at,
    default: a.default ?? null,
    ...(a.size !== undefined ? { size: a.size } : {}),
    ...(a.min !== undefined ? { min: a.min, max: a.max } : {}),
    ...(format ? { format } : {}),
    ...(a.elements ? { elements: a.elements } : {}),
  };
};

const indexModel = (i: IndexSpec, at: string) => ({
  $id: i.key,
  key: i.key,
  type: i.type,
  status: 'available',
  error: '',
  attributes: i.attributes,
  lengths: [],
  orders: i.orders,
  $createdAt: at,
  $updatedAt: at,
});

/** Schema operations shared by the admin routes and the server's own start-up seeding. */
export class SchemaAdmin {
  constructor(
    private db: Db,
    private cache: SchemaCache,
  ) {}

  listDatabases() {
    return this.db.prepare('SELECT * FROM databases ORDER BY created_at').all() as DbRow[];
  }

  database(id: string) {
    const row = this.db.prepare('SELECT * FROM databases WHERE id = ?').get(id) as DbRow | undefined;
    if (!row) throw notFound.database();
    return row;
  }

  createDatabase(id: string, name: string, enabled = true) {
    const now = isoNow();
    try {
      this.db
        .prepare('INSERT INTO databases (id, name, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?)')
        .run(id, name, enabled ? 1 : 0, now, now);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
        throw new AppwriteError(409, 'database_already_exists', 'Database already exists');
      throw err;
    }
    this.cache.clear();
    return this.database(id);
  }

  createCollection(
    databaseId: string,
    id: string,
    o: { name: string; permissions: string[]; documentSecurity: boolean; enabled: boolean },
  ) {
    this.database(databaseId);
    const now = isoNow();
    try {
      this.db
        .prepare(
          'INSERT INTO collections (database_id, id, name, permissions, document_security, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(databaseId, id, o.name, JSON.stringify(o.permissions), o.documentSecurity ? 1 : 0, o.enabled ? 1 : 0, now, now);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
        throw new AppwriteError(409, 'collection_already_exists', 'Collection with the requested ID already exists.');
      throw err;
    }
    this.cache.clear();
  }

  createAttribute(databaseId: string, collectionId: string, spec: AttributeSpec) {
    const col = this.cache.require(databaseId, collectionId, 'documents');
    if (col.attributes.has(spec.key))
      throw new AppwriteError(409, 'attribute_already_exists', 'Attribute with the requested key already exists.');
    const now = isoNow();
    this.db
      .prepare('INSERT INTO attributes (database_id, collection_id, key, spec, position, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(databaseId, collectionId, spec.key, JSON.stringify(spec), col.attributes.size, now);
    this.cache.clear();
    return attributeModel(spec, now);
  }

  createIndex(databaseId: string, collectionId: string, spec: IndexSpec) {
    const col = this.cache.require(databaseId, collectionId, 'documents');
    if (col.indexes.some((i) => i.key === spec.key))
      throw new AppwriteError(409, 'index_already_exists', 'Index with the requested key already exists.');
    const exprs = spec.attributes.map((a, i) => {
      const column =
        a === '$id' ? 'id' : a === '$createdAt' ? 'created_at' : a === '$updatedAt' ? 'updated_at' : a === '$sequence' ? 'seq' : null;
      if (!column && !col.attributes.has(a)) throw new AppwriteError(400, 'attribute_unknown', `Unknown attribute: ${a}`);
      const dir = spec.orders[i]?.toUpperCase() === 'DESC' ? ' DESC' : '';
      return (column ?? `json_extract(data, '$."${a}"')`) + dir;
    });
    const now = isoNow();
    const sqlName = 'ix_' + createHash('sha256').update(`${databaseId}/${collectionId}/${spec.key}`).digest('hex').slice(0, 16);
    this.db.transaction(() => {
      // $id, $createdAt, $updatedAt and $sequence already have built-in indexes; a copy would only slow writes.
      const builtIn = spec.type === 'key' && spec.attributes.every((a) => a.startsWith('$'));
      if (spec.type !== 'fulltext' && !builtIn)
        this.db.exec(
          `CREATE ${spec.type === 'unique' ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${sqlName} ON documents(database_id, collection_id, ${exprs.join(', ')})`,
        );
      this.db
        .prepare('INSERT INTO indexes (database_id, collection_id, key, spec, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(databaseId, collectionId, spec.key, JSON.stringify(spec), now);
    })();
    this.cache.clear();
    return indexModel(spec, now);
  }
}

/** Reads an attribute definition from a request body (the shape node-appwrite sends). */
export function attributeFrom(typeParam: string, body: Record<string, unknown>): AttributeSpec {
  const type = Object.hasOwn(TYPES, typeParam) ? TYPES[typeParam] : undefined;
  if (!type) throw new AppwriteError(404, 'general_route_not_found', `Unknown attribute type: ${typeParam}`);
  const key = body.key;
  if (typeof key !== 'string' || !KEY.test(key))
    throw invalidParam('key', 'Value must be a valid key of at most 36 chars: a-z, A-Z, 0-9, underscore and hyphen');
  const spec: AttributeSpec = {
    key,
    type,
    required: optionalBool('required', body.required, false),
    array: optionalBool('array', body.array, false),
    default: body.default ?? null,
  };
  if (type === 'string') spec.size = optionalInt('size', body.size, typeParam === 'string' ? 0 : 1_073_741_824, 1, 1_073_741_824);
  if (type === 'string' && typeParam === 'string' && body.size === undefined)
    throw invalidParam('size', 'Value must be a valid range between 1 and 1,073,741,824');
  if (type === 'integer' || type === 'float') {
    if (body.min !== undefined && body.min !== null) spec.min = Number(body.min);
    if (body.max !== undefined && body.max !== null) spec.max = Number(body.max);
  }
  if (type === 'enum') {
    if (!Array.isArray(body.elements) || body.elements.length === 0 || !body.elements.every((e) => typeof e === 'string'))
      throw invalidParam('elements', 'Value must be an array of strings');
    spec.elements = body.elements as string[];
  }
  if (spec.required && spec.default !== null)
    throw new AppwriteError(400, 'attribute_default_unsupported', 'Cannot set default value for required attribute');
  return spec;
}

export function adminRoutes(admin: SchemaAdmin, cache: SchemaCache) {
  const app = new Hono<AppwriteEnv>();
  const keyOnly = (c: Context<AppwriteEnv>) => {
    if (c.get('caller').kind !== 'key') throw unauthorized();
  };
  app.use('/databases', async (c, next) => (keyOnly(c), next()));
  app.use('/databases/:db', async (c, next) => (keyOnly(c), next()));
  app.use('/databases/:db/collections', async (c, next) => (keyOnly(c), next()));
  app.use('/databases/:db/collections/:col', async (c, next) => (keyOnly(c), next()));
  app.use('/databases/:db/collections/:col/attributes/*', async (c, next) => (keyOnly(c), next()));
  app.use('/databases/:db/collections/:col/attributes', async (c, next) => (keyOnly(c), next()));
  app.use('/databases/:db/collections/:col/indexes/*', async (c, next) => (keyOnly(c), next()));
  app.use('/databases/:db/collections/:col/indexes', async (c, next) => (keyOnly(c), next()));

  app.post('/databases', async (c) => {
    const b = await readJson(c.req.raw);
    const row = admin.createDatabase(
      customId('databaseId', b.databaseId),
      stringParam('name', b.name, { min: 1, max: 128 }),
      optionalBool('enabled', b.enabled, true),
    );
    return c.json(databaseModel(row), 201);
  });
  app.get('/databases', (c) => {
    const all = admin.listDatabases();
    return c.json({ total: all.length, databases: all.map(databaseModel) });
  });
  app.get('/databases/:db', (c) => c.json(databaseModel(admin.database(c.req.param('db')))));

  const collectionModel = (databaseId: string, collectionId: string) => {
    const col = cache.require(databaseId, collectionId, 'documents');
    return {
      $id: col.id,
      $createdAt: col.createdAt,
      $updatedAt: col.updatedAt,
      $permissions: col.permissions,
      databaseId,
      name: col.name,
      enabled: col.enabled,
      documentSecurity: col.documentSecurity,
      attributes: [...col.attributes.values()].map((a) => attributeModel(a, col.createdAt)),
      indexes: col.indexes.map((i) => indexModel(i, col.createdAt)),
      bytesMax: 0,
      bytesUsed: 0,
    };
  };

  app.post('/databases/:db/collections', async (c) => {
    const b = await readJson(c.req.raw);
    const databaseId = c.req.param('db');
    const id = customId('collectionId', b.collectionId);
    admin.createCollection(databaseId, id, {
      name: stringParam('name', b.name, { min: 1, max: 128 }),
      permissions:
        b.permissions === undefined || b.permissions === null
          ? []
          : parsePermissions(b.permissions, c.get('caller'), ['create', 'read', 'update', 'delete']),
      documentSecurity: optionalBool('documentSecurity', b.documentSecurity, false),
      enabled: optionalBool('enabled', b.enabled, true),
    });
    return c.json(collectionModel(databaseId, id), 201);
  });
  app.get('/databases/:db/collections/:col', (c) => c.json(collectionModel(c.req.param('db'), c.req.param('col'))));

  app.post('/databases/:db/collections/:col/attributes/:type', async (c) => {
    const b = await readJson(c.req.raw);
    const model = admin.createAttribute(
      requiredId('databaseId', c.req.param('db')),
      requiredId('collectionId', c.req.param('col')),
      attributeFrom(c.req.param('type'), b),
    );
    return c.json(model, 202);
  });
  app.get('/databases/:db/collections/:col/attributes', (c) => {
    const m = collectionModel(c.req.param('db'), c.req.param('col'));
    return c.json({ total: m.attributes.length, attributes: m.attributes });
  });
  app.get('/databases/:db/collections/:col/attributes/:key', (c) => {
    const m = collectionModel(c.req.param('db'), c.req.param('col'));
    const a = m.attributes.find((x) => x.key === c.req.param('key'));
    if (!a) throw new AppwriteError(404, 'attribute_not_found', 'Attribute with the requested ID could not be found.');
    return c.json(a);
  });

  app.post('/databases/:db/collections/:col/indexes', async (c) => {
    const b = await readJson(c.req.raw);
    const key = b.key;
    if (typeof key !== 'string' || !KEY.test(key)) throw invalidParam('key', 'Value must be a valid key');
    const type = b.type;
    if (type !== 'key' && type !== 'unique' && type !== 'fulltext')
      throw invalidParam('type', 'Value must be one of (key, unique, fulltext)');
    if (!Array.isArray(b.attributes) || b.attributes.length === 0 || !b.attributes.every((a) => typeof a === 'string'))
      throw invalidParam('attributes', 'Value must be an array of attribute keys');
    const orders = Array.isArray(b.orders) ? (b.orders as unknown[]).map((o) => String(o)) : [];
    const model = admin.createIndex(c.req.param('db'), c.req.param('col'), { key, type, attributes: b.attributes as string[], orders });
    return c.json(model, 202);
  });
  app.get('/databases/:db/collections/:col/indexes', (c) => {
    const m = collectionModel(c.req.param('db'), c.req.param('col'));
    return c.json({ total: m.indexes.length, indexes: m.indexes });
  });
  app.get('/databases/:db/collections/:col/indexes/:key', (c) => {
    const m = collectionModel(c.req.param('db'), c.req.param('col'));
    const i = m.indexes.find((x) => x.key === c.req.param('key'));
    if (!i) throw new AppwriteError(404, 'index_not_found', 'Index with the requested ID could not be found.');
    return c.json(i);
  });
  return app;
}
