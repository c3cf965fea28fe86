// The schema: databases, collections (tables), attributes (columns) and indexes, changed with an API key as
// `npm run setup:appwrite`, the Appwrite CLI and the Appwrite console do. Attributes are ready at once (status
// "available"). One store serves both APIs: a collection of the Databases API is a table of the TablesDB API.
import { createHash } from 'node:crypto';
import { AppwriteError } from './errors';
import { createFulltext, dropFulltext } from './fulltext';
import { notFound, type AttributeSpec, type Flavor, type IndexSpec, type SchemaCache } from './schema';
import { attributeUpdate, terms } from './schema-input';
import { isoNow } from './util';
import { collectionScope, type Db } from '../store/sqlite';

type DbRow = { id: string; name: string; enabled: number; created_at: string; updated_at: string };

export const schemaErrors = {
  attributeNotFound: (flavor: Flavor) =>
    new AppwriteError(404, `${terms(flavor).attribute}_not_found`, `${terms(flavor).Attribute} with the requested ID could not be found.`),
  attributeExists: (flavor: Flavor) =>
    new AppwriteError(
      409,
      `${terms(flavor).attribute}_already_exists`,
      `${terms(flavor).Attribute} with the requested key already exists.`,
    ),
  collectionExists: (flavor: Flavor) =>
    new AppwriteError(
      409,
      `${terms(flavor).collection}_already_exists`,
      `${terms(flavor).Collection} with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`,
    ),
  indexNotFound: () => new AppwriteError(404, 'index_not_found', 'Index with the requested ID could not be found.'),
  indexExists: () => new AppwriteError(409, 'index_already_exists', 'Index with the requested key already exists.'),
};

/** A database as Appwrite's models show it; `type` is the API that asks (one store serves both). */
export const databaseModel = (r: DbRow, type: 'legacy' | 'tablesdb' = 'legacy') => ({
  $id: r.id,
  name: r.name,
  $createdAt: r.created_at,
  $updatedAt: r.updated_at,
  enabled: r.enabled === 1,
  type,
});

export const attributeModel = (a: AttributeSpec, at: string) => {
  const format = a.type === 'email' || a.type === 'url' || a.type === 'ip' || a.type === 'enum' ? a.type : undefined;
  return {
    key: a.key,
    type: format ? 'string' : a.type === 'float' ? 'double' : a.type,
    status: 'available',
    error: '',
    required: a.required,
    array: a.array,
    $createdAt: at,
    $updatedAt: at,
    default: a.default ?? null,
    ...(a.size !== undefined ? { size: a.size } : {}),
    ...(a.min !== undefined ? { min: a.min } : {}),
    ...(a.max !== undefined ? { max: a.max } : {}),
    ...(format ? { format } : {}),
    ...(a.elements ? { elements: a.elements } : {}),
  };
};

/** An index; the TablesDB API names its fields `columns`, the Databases API `attributes`. */
export const indexModel = (i: IndexSpec, at: string, flavor: Flavor = 'documents') => ({
  $id: i.key,
  key: i.key,
  type: i.type,
  status: 'available',
  error: '',
  [flavor === 'rows' ? 'columns' : 'attributes']: i.attributes,
  lengths: [],
  orders: i.orders,
  $createdAt: at,
  $updatedAt: at,
});

const sqlIndexName = (databaseId: string, collectionId: string, key: string) =>
  'ix_' + createHash('sha256').update(`${databaseId}/${collectionId}/${key}`).digest('hex').slice(0, 16);

const SYSTEM_COLUMNS: Record<string, string> = { $id: 'id', $createdAt: 'created_at', $updatedAt: 'updated_at', $sequence: 'seq' };

/**
 * The SQLite index behind a declared index, its statement as sqlite_master keeps it; null for a fulltext index (an
 * FTS table) and for one on system attributes only ($id, $createdAt, $updatedAt and $sequence have built-in indexes;
 * a copy would only slow writes). It holds only its own collection's documents: every index of every collection on
 * the one documents table would otherwise take an entry (mostly NULL) for every document written anywhere.
 */
function sqlIndex(databaseId: string, collectionId: string, spec: IndexSpec): { name: string; sql: string } | null {
  if (spec.type === 'fulltext' || (spec.type === 'key' && spec.attributes.every((a) => a.startsWith('$')))) return null;
  const exprs = spec.attributes.map((a, i) => {
    const dir = spec.orders[i]?.toUpperCase() === 'DESC' ? ' DESC' : '';
    return (Object.hasOwn(SYSTEM_COLUMNS, a) ? SYSTEM_COLUMNS[a]! : `json_extract(data, '$."${a}"')`) + dir;
  });
  const name = sqlIndexName(databaseId, collectionId, spec.key);
  return {
    name,
    sql: `CREATE ${spec.type === 'unique' ? 'UNIQUE ' : ''}INDEX ${name} ON documents(database_id, collection_id, ${exprs.join(', ')}) WHERE ${collectionScope(databaseId, collectionId)}`,
  };
}

type CollectionSettings = { name: string; permissions: string[]; documentSecurity: boolean; enabled: boolean };

/** Schema operations shared by the admin routes and the server's own start-up seeding. */
export class SchemaAdmin {
  constructor(
    private db: Db,
    private cache: SchemaCache,
  ) {}

  listDatabases() {
    return this.db.prepare('SELECT * FROM databases ORDER BY created_at, id').all() as DbRow[];
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

  updateDatabase(id: string, name: string, enabled: boolean) {
    this.database(id);
    this.db.prepare('UPDATE databases SET name = ?, enabled = ?, updated_at = ? WHERE id = ?').run(name, enabled ? 1 : 0, isoNow(), id);
    this.cache.clear();
    return this.database(id);
  }

  /** Deletes a database with its collections, their documents and their indexes. */
  deleteDatabase(id: string) {
    this.database(id);
    this.db.transaction(() => {
      for (const collectionId of this.collectionIds(id)) this.dropCollectionIndexes(id, collectionId);
      this.db.prepare('DELETE FROM documents WHERE database_id = ?').run(id);
      // Collections, attributes and index records go with it (foreign keys, ON DELETE CASCADE).
      this.db.prepare('DELETE FROM databases WHERE id = ?').run(id);
    })();
    this.cache.clear();
  }

  collectionIds(databaseId: string): string[] {
    this.database(databaseId);
    return (
      this.db.prepare('SELECT id FROM collections WHERE database_id = ? ORDER BY created_at, id').all(databaseId) as { id: string }[]
    ).map((r) => r.id);
  }

  createCollection(databaseId: string, id: string, o: CollectionSettings, flavor: Flavor = 'documents') {
    this.database(databaseId);
    const now = isoNow();
    try {
      this.db
        .prepare(
          'INSERT INTO collections (database_id, id, name, permissions, document_security, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(databaseId, id, o.name, JSON.stringify(o.permissions), o.documentSecurity ? 1 : 0, o.enabled ? 1 : 0, now, now);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw schemaErrors.collectionExists(flavor);
      throw err;
    }
    this.cache.clear();
  }

  /** Permissions left out (null) stay as they are, as in Appwrite. */
  updateCollection(
    databaseId: string,
    id: string,
    o: Omit<CollectionSettings, 'permissions'> & { permissions: string[] | null },
    flavor: Flavor,
  ) {
    const col = this.cache.find(databaseId, id, flavor);
    this.db
      .prepare(
        'UPDATE collections SET name = ?, permissions = ?, document_security = ?, enabled = ?, updated_at = ? WHERE database_id = ? AND id = ?',
      )
      .run(
        o.name,
        JSON.stringify(o.permissions ?? col.permissions),
        o.documentSecurity ? 1 : 0,
        o.enabled ? 1 : 0,
        isoNow(),
        databaseId,
        id,
      );
    this.cache.clear();
  }

  /** Deletes a collection with its documents and indexes. */
  deleteCollection(databaseId: string, id: string, flavor: Flavor) {
    this.cache.find(databaseId, id, flavor);
    this.db.transaction(() => {
      this.dropCollectionIndexes(databaseId, id);
      this.db.prepare('DELETE FROM documents WHERE database_id = ? AND collection_id = ?').run(databaseId, id);
      this.db.prepare('DELETE FROM collections WHERE database_id = ? AND id = ?').run(databaseId, id);
    })();
    this.cache.clear();
  }

  /**
   * Adds an attribute. Documents already in the collection get its default (null when it has none), as a new
   * column of an existing table does.
   */
  createAttribute(databaseId: string, collectionId: string, spec: AttributeSpec, flavor: Flavor = 'documents') {
    const col = this.cache.find(databaseId, collectionId, flavor);
    if (col.attributes.has(spec.key)) throw schemaErrors.attributeExists(flavor);
    const now = isoNow();
    this.db.transaction(() => {
      const { next } = this.db
        .prepare('SELECT COALESCE(MAX(position) + 1, 0) AS next FROM attributes WHERE database_id = ? AND collection_id = ?')
        .get(databaseId, collectionId) as { next: number };
      this.db
        .prepare('INSERT INTO attributes (database_id, collection_id, key, spec, position, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(databaseId, collectionId, spec.key, JSON.stringify(spec), next, now);
      this.db
        .prepare(`UPDATE documents SET data = json_set(data, '$."${spec.key}"', json(?)) WHERE database_id = ? AND collection_id = ?`)
        .run(JSON.stringify(spec.default ?? (spec.array ? [] : null)), databaseId, collectionId);
    })();
    this.cache.clear();
    return attributeModel(spec, now);
  }

  /** Changes an attribute's settings (required, default, size, min/max, elements); its key and type stay. */
  updateAttribute(databaseId: string, collectionId: string, key: string, typeParam: string, body: Record<string, unknown>, flavor: Flavor) {
    const col = this.cache.find(databaseId, collectionId, flavor);
    const current = col.attributes.get(key);
    if (!current) throw schemaErrors.attributeNotFound(flavor);
    const spec = attributeUpdate(current, typeParam, body, flavor);
    if (spec.size !== undefined && current.size !== undefined && spec.size < current.size) {
      // A shorter size must still fit every stored value.
      const path = `'$."${key}"'`;
      const tooLong = this.db
        .prepare(
          spec.array
            ? `SELECT 1 FROM documents, json_each(documents.data, ${path}) j WHERE database_id = ? AND collection_id = ? AND length(j.value) > ? LIMIT 1`
            : `SELECT 1 FROM documents WHERE database_id = ? AND collection_id = ? AND length(json_extract(data, ${path})) > ? LIMIT 1`,
        )
        .get(databaseId, collectionId, spec.size);
      if (tooLong)
        throw new AppwriteError(
          400,
          `${terms(flavor).attribute}_value_invalid`,
          `Stored values of "${key}" are longer than ${spec.size} characters; shorten them before lowering the size.`,
        );
    }
    this.db
      .prepare('UPDATE attributes SET spec = ? WHERE database_id = ? AND collection_id = ? AND key = ?')
      .run(JSON.stringify(spec), databaseId, collectionId, key);
    this.cache.clear();
    return attributeModel(spec, col.createdAt);
  }

  /** Deletes an attribute, its values in every document and the indexes that use it. */
  deleteAttribute(databaseId: string, collectionId: string, key: string, flavor: Flavor) {
    const col = this.cache.find(databaseId, collectionId, flavor);
    if (!col.attributes.has(key)) throw schemaErrors.attributeNotFound(flavor);
    this.db.transaction(() => {
      for (const i of col.indexes.filter((x) => x.attributes.includes(key))) this.dropIndex(databaseId, collectionId, i.key);
      this.db
        .prepare(`UPDATE documents SET data = json_remove(data, '$."${key}"') WHERE database_id = ? AND collection_id = ?`)
        .run(databaseId, collectionId);
      this.db.prepare('DELETE FROM attributes WHERE database_id = ? AND collection_id = ? AND key = ?').run(databaseId, collectionId, key);
    })();
    this.cache.clear();
  }

  createIndex(databaseId: string, collectionId: string, spec: IndexSpec, flavor: Flavor = 'documents') {
    const col = this.cache.find(databaseId, collectionId, flavor);
    if (col.indexes.some((i) => i.key === spec.key)) throw schemaErrors.indexExists();
    for (const a of spec.attributes)
      if (!Object.hasOwn(SYSTEM_COLUMNS, a) && !col.attributes.has(a))
        throw new AppwriteError(400, `${terms(flavor).attribute}_unknown`, `Unknown ${terms(flavor).attribute}: ${a}`);
    const now = isoNow();
    this.db.transaction(() => {
      this.ensureSqlIndex(databaseId, collectionId, spec);
      this.db
        .prepare('INSERT INTO indexes (database_id, collection_id, key, spec, created_at) VALUES (?, ?, ?, ?, ?)')
        .run(databaseId, collectionId, spec.key, JSON.stringify(spec), now);
      if (spec.type === 'fulltext') createFulltext(this.db, databaseId, collectionId, spec);
    })();
    this.cache.clear();
    return indexModel(spec, now, flavor);
  }

  /**
   * Makes every declared index's SQLite index what `sqlIndex` says, at start: a data dir from before the indexes held
   * only their own collection's documents gets them rebuilt, once, in one transaction. Returns how many were rebuilt.
   */
  upgradeIndexes(): number {
    const rows = this.db.prepare('SELECT database_id, collection_id, spec FROM indexes').all() as {
      database_id: string;
      collection_id: string;
      spec: string;
    }[];
    return this.db.transaction(() =>
      rows.reduce((n, r) => n + (this.ensureSqlIndex(r.database_id, r.collection_id, JSON.parse(r.spec) as IndexSpec) ? 1 : 0), 0),
    )();
  }

  /** Creates the index's SQLite index, replacing one of the same name made otherwise; whether it had to. */
  private ensureSqlIndex(databaseId: string, collectionId: string, spec: IndexSpec): boolean {
    const ix = sqlIndex(databaseId, collectionId, spec);
    if (!ix) return false;
    const stored = this.db.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?").get(ix.name) as
      { sql: string } | undefined;
    if (stored?.sql === ix.sql) return false;
    this.db.exec(`DROP INDEX IF EXISTS ${ix.name}`);
    this.db.exec(ix.sql);
    return true;
  }

  deleteIndex(databaseId: string, collectionId: string, key: string, flavor: Flavor) {
    const col = this.cache.find(databaseId, collectionId, flavor);
    if (!col.indexes.some((i) => i.key === key)) throw schemaErrors.indexNotFound();
    this.db.transaction(() => this.dropIndex(databaseId, collectionId, key))();
    this.cache.clear();
  }

  private dropIndex(databaseId: string, collectionId: string, key: string) {
    this.db.exec(`DROP INDEX IF EXISTS ${sqlIndexName(databaseId, collectionId, key)}`);
    dropFulltext(this.db, databaseId, collectionId, key);
    this.db.prepare('DELETE FROM indexes WHERE database_id = ? AND collection_id = ? AND key = ?').run(databaseId, collectionId, key);
  }

  private dropCollectionIndexes(databaseId: string, collectionId: string) {
    const keys = this.db.prepare('SELECT key FROM indexes WHERE database_id = ? AND collection_id = ?').all(databaseId, collectionId) as {
      key: string;
    }[];
    for (const { key } of keys) {
      this.db.exec(`DROP INDEX IF EXISTS ${sqlIndexName(databaseId, collectionId, key)}`);
      dropFulltext(this.db, databaseId, collectionId, key);
    }
  }
}

export { attributeFrom, attributeUpdate, indexFrom, terms } from './schema-input';
