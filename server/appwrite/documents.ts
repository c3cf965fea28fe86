// Documents (legacy Databases API) and rows (TablesDB) over one table.
// A client-chosen id makes creation idempotent: a repeat gets 409 *_already_exists.
import { Hono, type Context } from 'hono';
import type { Statement } from 'better-sqlite3';
import { AppwriteError, invalidArgument, unauthorized } from './errors';
import type { AppwriteEnv, Caller } from './context';
import { allows, defaultPermissions, grantsFor, parsePermissions } from './permissions';
import { compileQueries, queriesFromUrl, LIST_MAX } from './queries';
import { validateData, type CollectionInfo, type Flavor, type SchemaCache } from './schema';
import { customId, isoNow, optionalBool, readJson } from './util';
import type { AppwriteBackend } from './backend';
import { DAY_MS, hit } from '../net/rate-limit';
import { collectionScope, returnedRow } from '../store/sqlite';

/**
 * Appwrite's timestamp override: an API key may set `$updatedAt` in an update's data (a change that is not news, such
 * as a backfilled derived attribute, keeps its row's place). Anyone else's `$updatedAt` is ignored, as it always was.
 */
function givenUpdatedAt(caller: Caller, data: unknown): string | null {
  if (caller.kind !== 'key' || !data || typeof data !== 'object' || !('$updatedAt' in data)) return null;
  const value = (data as { $updatedAt: unknown }).$updatedAt;
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) throw invalidArgument('Invalid `$updatedAt` param: Value must be a valid date in ISO 8601 format');
  return isoNow(ms);
}

type DocRow = {
  seq: number;
  database_id: string;
  collection_id: string;
  id: string;
  data: string;
  permissions: string;
  created_at: string;
  updated_at: string;
};

const BULK_MAX = 100;

const names = (flavor: Flavor) =>
  flavor === 'rows'
    ? {
        one: 'Row',
        idParam: 'rowId',
        list: 'rows',
        parent: '$tableId',
        many: 'rows',
        notFound: 'row_not_found',
        exists: 'row_already_exists',
      }
    : {
        one: 'Document',
        idParam: 'documentId',
        list: 'documents',
        parent: '$collectionId',
        many: 'documents',
        notFound: 'document_not_found',
        exists: 'document_already_exists',
      };

export function documentRoutes(be: AppwriteBackend, schema: SchemaCache) {
  const app = new Hono<AppwriteEnv>();
  const db = be.db;
  const getRow = db.prepare('SELECT * FROM documents WHERE database_id = ? AND collection_id = ? AND id = ?');
  const insertRow = db.prepare(
    'INSERT INTO documents (database_id, collection_id, id, data, permissions, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *',
  );
  const updateRow = db.prepare('UPDATE documents SET data = ?, permissions = ?, updated_at = ? WHERE seq = ? RETURNING *');
  const deleteRow = db.prepare('DELETE FROM documents WHERE seq = ?');

  // List queries vary by their filters; their SQL text repeats, so each is prepared once.
  const cache = new Map<string, Statement>();
  const stmt = (sql: string) => {
    let st = cache.get(sql);
    if (!st) {
      if (cache.size > 500) cache.clear();
      st = db.prepare(sql);
      cache.set(sql, st);
    }
    return st;
  };

  const model = (row: DocRow, flavor: Flavor, select: string[] | null = null) => {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    const picked = select ? Object.fromEntries(select.filter((k) => !k.startsWith('$')).map((k) => [k, data[k] ?? null])) : data;
    return {
      $id: row.id,
      $sequence: String(row.seq),
      [names(flavor).parent]: row.collection_id,
      $databaseId: row.database_id,
      $createdAt: row.created_at,
      $updatedAt: row.updated_at,
      $permissions: JSON.parse(row.permissions) as string[],
      ...picked,
    };
  };

  /**
   * The same JSON as model(), as a column SQLite builds by splicing the stored JSON texts, never parsing them: lists
   * return up to thousands of rows, and parse + stringify was most of their cost. Ids, times and the stored texts are
   * plain JSON-safe strings (json_quote as JSON.stringify for them); attribute keys never start with $, so the system
   * fields and the data cannot collide.
   */
  const modelJsonSql = (flavor: Flavor) =>
    `'{"$id":' || json_quote(d.id) || ',"$sequence":"' || d.seq || '",${JSON.stringify(names(flavor).parent)}:' || ` +
    `json_quote(d.collection_id) || ',"$databaseId":' || json_quote(d.database_id) || ',"$createdAt":"' || d.created_at || ` +
    `'","$updatedAt":"' || d.updated_at || '","$permissions":' || d.permissions || ` +
    `CASE WHEN length(d.data) > 2 THEN ',' || substr(d.data, 2) ELSE '}' END`;

  const notFound = (flavor: Flavor, id: string) =>
    new AppwriteError(404, names(flavor).notFound, `${names(flavor).one} with the requested ID '${id}' could not be found.`);

  /** The document if the caller may perform `action` on it; 404 when it is hidden by document security. */
  function authorized(col: CollectionInfo, caller: Caller, action: 'read' | 'update' | 'delete', id: string, flavor: Flavor): DocRow {
    const row = getRow.get(col.databaseId, col.id, id) as DocRow | undefined;
    if (caller.kind === 'key' || allows(col.permissions, caller, action)) {
      if (!row) throw notFound(flavor, id);
      return row;
    }
    if (!col.documentSecurity) throw unauthorized();
    if (!row || !allows(JSON.parse(row.permissions) as string[], caller, 'read')) throw notFound(flavor, id);
    if (action !== 'read' && !allows(JSON.parse(row.permissions) as string[], caller, action)) throw unauthorized();
    return row;
  }

  const alreadyExists = (flavor: Flavor, id: string) =>
    new AppwriteError(
      409,
      names(flavor).exists,
      `${names(flavor).one} with the requested ID '${id}' already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`,
    );

  function insert(col: CollectionInfo, flavor: Flavor, id: string, data: Record<string, unknown>, permissions: string[]): DocRow {
    const now = isoNow();
    try {
      return returnedRow<DocRow>(insertRow, col.databaseId, col.id, id, JSON.stringify(data), JSON.stringify(permissions), now, now);
    } catch (err) {
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw alreadyExists(flavor, id);
      throw err;
    }
  }

  /**
   * A day's new documents per customer account, with the other limits (RATE_LIMITS; API keys are exempt). A repeat
   * of an existing id is answered 409 without counting, so a client's retries never use up its quota.
   */
  const countCreate = (col: CollectionInfo, caller: Caller, id: string, flavor: Flavor) => {
    if (!be.rateLimits || caller.kind !== 'user') return;
    if (getRow.get(col.databaseId, col.id, id)) throw alreadyExists(flavor, id);
    hit(db, `quota:documents:${caller.user.id}`, be.quotas.documentsPerDay, DAY_MS);
  };

  /** Whether the caller may read this row: a cursor naming one they may not read must look like a missing one. */
  const mayRead = (col: CollectionInfo, caller: Caller, row: DocRow) =>
    caller.kind === 'key' ||
    allows(col.permissions, caller, 'read') ||
    (col.documentSecurity && allows(JSON.parse(row.permissions) as string[], caller, 'read'));

  const permissionsFrom = (value: unknown, caller: Caller) =>
    value === undefined || value === null ? defaultPermissions(caller) : parsePermissions(value, caller, ['read', 'update', 'delete']);

  function mount(base: string, flavor: Flavor) {
    const n = names(flavor);
    const collectionOf = (c: Context<AppwriteEnv>) => schema.require(c.req.param('db')!, c.req.param('col')!, flavor);

    app.get(base, (c) => {
      const col = collectionOf(c);
      const caller = c.get('caller');
      const url = new URL(c.req.url);
      const q = compileQueries(queriesFromUrl(url), col);
      const withTotal = optionalBool('total', url.searchParams.get('total') ?? undefined, true);

      // The collection as literals, not parameters: only then may SQLite use its attribute indexes (partial indexes,
      // see admin.ts). The SQL text, and so each prepared statement, is per collection.
      const where = [collectionScope(col.databaseId, col.id, 'd.'), ...q.where];
      const params: (string | number | null)[] = [...q.params];
      if (caller.kind !== 'key' && !allows(col.permissions, caller, 'read')) {
        if (!col.documentSecurity) throw unauthorized();
        const grants = grantsFor(caller, 'read');
        where.push(`EXISTS (SELECT 1 FROM json_each(d.permissions) WHERE value IN (${grants.map(() => '?').join(', ')}))`);
        params.push(...grants);
      }
      const filterSql = where.join(' AND ');
      const filterParams = [...params];

      const order = [...q.order, { expr: 'd.seq', attribute: '$sequence', desc: false }];
      const reverse = q.cursor?.direction === 'before';
      if (q.cursor) {
        const cur = getRow.get(col.databaseId, col.id, q.cursor.id) as DocRow | undefined;
        if (!cur || !mayRead(col, caller, cur))
          throw new AppwriteError(400, 'general_cursor_not_found', `Cursor not found: ${n.one} '${q.cursor.id}' does not exist.`);
        const values = db
          .prepare(`SELECT ${order.map((o) => o.expr).join(', ')} FROM documents d WHERE d.seq = ?`)
          .raw()
          .get(cur.seq) as unknown[]; // raw() changes the statement: not cached
        // Keyset: (o1 > v1) OR (o1 = v1 AND o2 > v2) OR ... in each term's direction.
        const ors: string[] = [];
        order.forEach((o, i) => {
          const ands = order.slice(0, i).map((p) => `${p.expr} IS ?`);
          const gt = o.desc !== reverse ? '<' : '>';
          ands.push(`${o.expr} ${gt} ?`);
          ors.push(`(${ands.join(' AND ')})`);
          params.push(...(values.slice(0, i + 1) as (string | number | null)[]));
        });
        where.push(`(${ors.join(' OR ')})`);
      }
      const orderSql = order.map((o) => `${o.expr} ${o.desc !== reverse ? 'DESC' : 'ASC'}`).join(', ');
      const ft = q.fulltext;
      // Each row as the list's JSON (modelJsonSql), or the stored row when `select` picks its attributes.
      const columns = q.select ? 'd.*' : modelJsonSql(flavor);
      const read = (sql: string, ...args: unknown[]) =>
        stmt(sql)
          .pluck(!q.select)
          .all(...args) as DocRow[] | string[];
      let rows: DocRow[] | string[];
      if (ft && !q.cursor && q.order.length === 1 && q.order[0]!.attribute === '$updatedAt' && q.order[0]!.desc) {
        // Newest change first with a fulltext search: the FTS table's rows are in the order of the documents' last
        // changes, so its matches are read newest first and the page ends the reading, however many match.
        const { fts, map } = ft.tables;
        // Other conditions on the searched attribute (a short term, a `contains`) read the FTS table's copy of it. The
        // queries' conditions follow the collection's one in `where`; their parameters are all of `params` up front.
        const rest = where.filter((_, i) => i !== 1 + ft.whereAt).map((w) => w.split(ft.attribute.expr).join(ft.attribute.onFts));
        const restParams = params.filter((_, i) => i !== ft.paramAt);
        rows = read(
          `SELECT ${columns} FROM ${fts} f CROSS JOIN ${map} m CROSS JOIN documents d WHERE f.${fts} MATCH ? AND m.ft = f.rowid AND d.seq = m.seq AND ${rest.join(' AND ')} ORDER BY f.rowid DESC LIMIT ? OFFSET ?`,
          ft.match,
          ...restParams,
          q.limit,
          q.offset,
        );
      } else
        rows = read(
          `SELECT ${columns} FROM documents d WHERE ${where.join(' AND ')} ORDER BY ${orderSql} LIMIT ? OFFSET ?`,
          ...params,
          q.limit,
          q.offset,
        );
      if (reverse) rows = rows.reverse();
      const total = withTotal
        ? (
            stmt(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM documents d WHERE ${filterSql} LIMIT ${LIST_MAX})`).get(...filterParams) as {
              n: number;
            }
          ).n
        : 0;
      if (q.select) return c.json({ total, [n.list]: (rows as DocRow[]).map((r) => model(r, flavor, q.select)) });
      return c.body(`{"total":${total},"${n.list}":[${(rows as string[]).join(',')}]}`, 200, {
        'Content-Type': 'application/json',
      });
    });

    app.post(base, async (c) => {
      const col = collectionOf(c);
      const caller = c.get('caller');
      if (caller.kind !== 'key' && !allows(col.permissions, caller, 'create')) throw unauthorized();
      const body = await readJson(c.req.raw);

      const bulk = body[n.many];
      if (bulk !== undefined) {
        if (caller.kind !== 'key') throw unauthorized('Creating many at once needs an API key.');
        if (!Array.isArray(bulk) || bulk.length === 0 || bulk.length > BULK_MAX)
          throw invalidArgument(`Invalid \`${n.many}\` param: Value must be an array of 1 to ${BULK_MAX} objects`);
        const prepared = bulk.map((item) => {
          if (!item || typeof item !== 'object' || Array.isArray(item)) throw invalidArgument(`Each of \`${n.many}\` must be an object`);
          const o = item as Record<string, unknown>;
          return {
            id: customId('$id', o.$id ?? 'unique()'),
            data: validateData(col, o, null),
            permissions: permissionsFrom(o.$permissions, caller),
          };
        });
        const created = db.transaction(() => prepared.map((p) => insert(col, flavor, p.id, p.data, p.permissions)))();
        return c.json({ total: created.length, [n.list]: created.map((r) => model(r, flavor)) }, 201);
      }

      const id = customId(n.idParam, body[n.idParam]);
      const data = validateData(col, body.data, null);
      countCreate(col, caller, id, flavor);
      const row = insert(col, flavor, id, data, permissionsFrom(body.permissions, caller));
      return c.json(model(row, flavor), 201);
    });

    app.get(`${base}/:id`, (c) => {
      const col = collectionOf(c);
      const row = authorized(col, c.get('caller'), 'read', c.req.param('id'), flavor);
      const q = compileQueries(queriesFromUrl(new URL(c.req.url)), col);
      return c.json(model(row, flavor, q.select));
    });

    const update = async (c: Context<AppwriteEnv>, upsert: boolean) => {
      const col = collectionOf(c);
      const caller = c.get('caller');
      const id = c.req.param('id')!;
      if (upsert && !getRow.get(col.databaseId, col.id, id)) {
        if (caller.kind !== 'key' && !allows(col.permissions, caller, 'create')) throw unauthorized();
        const body = await readJson(c.req.raw);
        const data = validateData(col, body.data ?? {}, null);
        countCreate(col, caller, id, flavor);
        const row = insert(col, flavor, customId(n.idParam, id), data, permissionsFrom(body.permissions, caller));
        return c.json(model(row, flavor), 201);
      }
      const row = authorized(col, caller, 'update', id, flavor);
      const body = await readJson(c.req.raw);
      const data =
        body.data === undefined ? JSON.parse(row.data) : validateData(col, body.data, JSON.parse(row.data) as Record<string, unknown>);
      const permissions =
        body.permissions === undefined || body.permissions === null
          ? JSON.parse(row.permissions)
          : permissionsFrom(body.permissions, caller);
      const at = givenUpdatedAt(caller, body.data) ?? isoNow();
      const updated = returnedRow<DocRow>(updateRow, JSON.stringify(data), JSON.stringify(permissions), at, row.seq);
      return c.json(model(updated, flavor));
    };
    app.patch(`${base}/:id`, (c) => update(c, false));

    // Atomic increment and decrement of one numeric attribute (Appwrite 1.8), optionally bounded by max / min:
    // counters kept in the database (e.g. the functions' rate limits) cannot lose a concurrent update.
    const step = async (c: Context<AppwriteEnv>, sign: 1 | -1) => {
      const col = collectionOf(c);
      const key = c.req.param('attribute')!;
      const attribute = col.attributes.get(key);
      if (!attribute) throw new AppwriteError(404, 'attribute_not_found', 'Attribute with the requested ID could not be found.');
      if ((attribute.type !== 'integer' && attribute.type !== 'float') || attribute.array)
        throw invalidArgument(`Attribute "${key}" is not a number: only integer and float attributes can be incremented.`);
      const row = authorized(col, c.get('caller'), 'update', c.req.param('id')!, flavor);
      const body = await readJson(c.req.raw);
      const by = body.value === undefined ? 1 : body.value;
      const bound = sign === 1 ? body.max : body.min;
      if (typeof by !== 'number' || !Number.isFinite(by) || by <= 0 || (attribute.type === 'integer' && !Number.isInteger(by)))
        throw invalidArgument('Invalid `value` param: Value must be a positive number');
      if (bound !== undefined && bound !== null && (typeof bound !== 'number' || !Number.isFinite(bound)))
        throw invalidArgument(`Invalid \`${sign === 1 ? 'max' : 'min'}\` param: Value must be a number`);
      // Read and written in one transaction: better-sqlite3 runs it to the end before any other request.
      const updated = db.transaction(() => {
        const current = getRow.get(row.database_id, row.collection_id, row.id) as DocRow;
        const data = JSON.parse(current.data) as Record<string, unknown>;
        const next = (typeof data[key] === 'number' ? (data[key] as number) : 0) + sign * by;
        if (typeof bound === 'number' && (sign === 1 ? next > bound : next < bound))
          throw new AppwriteError(
            400,
            'attribute_limit_exceeded',
            `Attribute "${key}" would go ${sign === 1 ? 'above its maximum' : 'below its minimum'} of ${bound}.`,
          );
        const merged = validateData(col, { [key]: next }, data);
        return returnedRow<DocRow>(updateRow, JSON.stringify(merged), current.permissions, isoNow(), current.seq);
      })();
      return c.json(model(updated, flavor));
    };
    app.patch(`${base}/:id/:attribute/increment`, (c) => step(c, 1));
    app.patch(`${base}/:id/:attribute/decrement`, (c) => step(c, -1));
    app.put(`${base}/:id`, (c) => update(c, true));

    app.delete(`${base}/:id`, (c) => {
      const col = collectionOf(c);
      const row = authorized(col, c.get('caller'), 'delete', c.req.param('id'), flavor);
      deleteRow.run(row.seq);
      return c.body(null, 204);
    });
  }

  mount('/databases/:db/collections/:col/documents', 'documents');
  mount('/tablesdb/:db/tables/:col/rows', 'rows');
  return app;
}
