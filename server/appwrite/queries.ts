// Appwrite Query JSON ({"method","attribute","values"}) to SQL over the documents table.
// Attributes are checked against the collection, values are always bound, never spliced into SQL.
import { AppwriteError } from './errors';
import type { CollectionInfo } from './schema';
import { fulltextIndexOf, fulltextTables, ftsColumn, ftsMatch, isIndexedTerm, type FulltextTables } from './fulltext';

export const LIST_DEFAULT = 25;
export const LIST_MAX = 5000;
export const MAX_QUERIES = 100;
const MAX_QUERY_LENGTH = 4096;
const MAX_VALUES = 500;

export type Query = { method: string; attribute?: string; values?: unknown[] };
type SqlValue = string | number | null;

export type CompiledQuery = {
  where: string[];
  params: SqlValue[];
  order: { expr: string; attribute: string; desc: boolean }[];
  limit: number;
  offset: number;
  cursor: { id: string; direction: 'after' | 'before' } | null;
  select: string[] | null;
  /**
   * A top-level `search` answered by a fulltext index: `where[whereAt]` (with the one parameter `params[paramAt]`)
   * is its FTS lookup, which a list in the order of last changes reads from the FTS table itself instead.
   */
  fulltext: { tables: FulltextTables; match: string; whereAt: number; paramAt: number; attribute: { expr: string; onFts: string } } | null;
};

export const queryInvalid = (msg: string) => new AppwriteError(400, 'general_query_invalid', `Invalid query: ${msg}`);

const SYSTEM_COLUMNS: Record<string, string> = {
  $id: 'd.id',
  $sequence: 'd.seq',
  $createdAt: 'd.created_at',
  $updatedAt: 'd.updated_at',
};

/** Reads queries[0], queries[1]… (or queries[]) from a URL, in order. */
export function queriesFromUrl(url: URL): string[] {
  const found: [number, string][] = [];
  let n = 0;
  for (const [key, value] of url.searchParams) {
    const m = /^queries\[(\d*)\]$/.exec(key);
    if (m) found.push([m[1] === '' ? n : Number(m[1]), value]);
    if (m) n++;
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, v]) => v);
}

export function parseOne(raw: unknown): Query {
  let q: unknown = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_QUERY_LENGTH) throw queryInvalid(`Query is longer than ${MAX_QUERY_LENGTH} characters`);
    try {
      q = JSON.parse(raw);
    } catch {
      throw queryInvalid(`Query must be valid JSON: ${raw.slice(0, 100)}`);
    }
  }
  if (!q || typeof q !== 'object' || Array.isArray(q) || typeof (q as Query).method !== 'string')
    throw queryInvalid('Query must be an object with a method');
  const query = q as Query;
  if (query.attribute !== undefined && typeof query.attribute !== 'string') throw queryInvalid('Attribute must be a string');
  if (query.values !== undefined && !Array.isArray(query.values)) throw queryInvalid('Values must be an array');
  if ((query.values?.length ?? 0) > MAX_VALUES) throw queryInvalid(`At most ${MAX_VALUES} values are allowed`);
  return query;
}

export function compileQueries(rawQueries: unknown[], col: CollectionInfo): CompiledQuery {
  if (rawQueries.length > MAX_QUERIES) throw queryInvalid(`At most ${MAX_QUERIES} queries are allowed`);
  const out: CompiledQuery = {
    where: [],
    params: [],
    order: [],
    limit: LIST_DEFAULT,
    offset: 0,
    cursor: null,
    select: null,
    fulltext: null,
  };

  const column = (attribute: string | undefined): { expr: string; array: boolean } => {
    if (!attribute) throw queryInvalid('Attribute is required');
    // Own keys only: `constructor` or `__proto__` must be an unknown attribute, not Object.prototype's.
    if (Object.hasOwn(SYSTEM_COLUMNS, attribute)) return { expr: SYSTEM_COLUMNS[attribute]!, array: false };
    const a = col.attributes.get(attribute);
    if (!a) throw queryInvalid(`Attribute not found in schema: ${attribute}`);
    return { expr: `json_extract(d.data, '$."${attribute}"')`, array: a.array };
  };
  const scalar = (v: unknown): SqlValue => {
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (typeof v === 'string' || typeof v === 'number') return v;
    if (v === null) return null;
    throw queryInvalid('Values must be strings, numbers or booleans');
  };
  const valuesOf = (q: Query, min = 1): SqlValue[] => {
    const values = (q.values ?? []).map(scalar);
    if (values.length < min) throw queryInvalid(`${q.method} needs at least ${min} value${min > 1 ? 's' : ''}`);
    return values;
  };
  const like = (s: SqlValue) => String(s).replace(/[\\%_]/g, (ch) => `\\${ch}`);

  /**
   * `search` as Appwrite answers it: only on an attribute with a fulltext index of its own, every whitespace-separated
   * term found. Terms of 3+ characters are looked up in the index (as substrings, ignoring case and accents); shorter
   * ones, which have no trigram, are a LIKE on the attribute.
   */
  const search = (q: Query) => {
    const { expr } = column(q.attribute);
    const index = fulltextIndexOf(col, q.attribute!);
    if (!index) throw queryInvalid(`Searching by attribute "${q.attribute}" requires a fulltext index.`);
    const [value] = valuesOf(q);
    const terms = String(value).split(/\s+/).filter(Boolean);
    const long = terms.filter(isIndexedTerm);
    const tables = fulltextTables(col.databaseId, col.id, index.key);
    return {
      tables,
      match: long.length ? ftsMatch(long) : null,
      ftsSql: `d.seq IN (SELECT m.seq FROM ${tables.fts} f JOIN ${tables.map} m ON m.ft = f.rowid WHERE f.${tables.fts} MATCH ?)`,
      likes: terms.filter((t) => !isIndexedTerm(t)).map((t) => ({ sql: `${expr} LIKE ? ESCAPE '\\'`, param: `%${like(t)}%` })),
      /** The attribute, and the FTS table's own copy of it (smaller to read than the document). */
      attribute: { expr, onFts: `f.${ftsColumn(0)}` },
    };
  };

  const filter = (q: Query, params: SqlValue[]): string => {
    switch (q.method) {
      case 'and':
      case 'or': {
        const parts = (q.values ?? []).map((v) => filter(parseOne(v), params));
        if (parts.length === 0) throw queryInvalid(`${q.method} needs at least one query`);
        return `(${parts.join(q.method === 'and' ? ' AND ' : ' OR ')})`;
      }
    }
    const { expr, array } = column(q.attribute);
    const cmp = (op: string) => {
      const [v] = valuesOf(q);
      params.push(v!);
      return `${expr} ${op} ?`;
    };
    switch (q.method) {
      case 'equal':
      case 'notEqual': {
        const values = valuesOf(q);
        params.push(...values);
        const marks = values.map(() => '?').join(', ');
        if (array) return `${q.method === 'notEqual' ? 'NOT ' : ''}EXISTS (SELECT 1 FROM json_each(${expr}) WHERE value IN (${marks}))`;
        return q.method === 'equal' ? `${expr} IN (${marks})` : `(${expr} IS NULL OR ${expr} NOT IN (${marks}))`;
      }
      case 'lessThan':
        return cmp('<');
      case 'lessThanEqual':
        return cmp('<=');
      case 'greaterThan':
        return cmp('>');
      case 'greaterThanEqual':
        return cmp('>=');
      case 'between': {
        const [a, b] = valuesOf(q, 2);
        params.push(a!, b!);
        return `${expr} BETWEEN ? AND ?`;
      }
      case 'isNull':
        return `${expr} IS NULL`;
      case 'isNotNull':
        return `${expr} IS NOT NULL`;
      case 'search': {
        const s = search(q);
        const parts: string[] = [];
        if (s.match) {
          parts.push(s.ftsSql);
          params.push(s.match);
        }
        for (const l of s.likes) {
          parts.push(l.sql);
          params.push(l.param);
        }
        return parts.length ? `(${parts.join(' AND ')})` : '1';
      }
      case 'startsWith':
      case 'endsWith':
      case 'contains': {
        const values = valuesOf(q);
        if (array && q.method === 'contains') {
          params.push(...values);
          return `EXISTS (SELECT 1 FROM json_each(${expr}) WHERE value IN (${values.map(() => '?').join(', ')}))`;
        }
        const terms = values;
        const pattern = (v: SqlValue) =>
          q.method === 'startsWith' ? `${like(v)}%` : q.method === 'endsWith' ? `%${like(v)}` : `%${like(v)}%`;
        const parts = terms.map((t) => {
          params.push(pattern(t));
          return `${expr} LIKE ? ESCAPE '\\'`;
        });
        if (parts.length === 0) return '1';
        return `(${parts.join(' OR ')})`;
      }
      default:
        throw queryInvalid(`Query method not valid: ${q.method}`);
    }
  };

  for (const raw of rawQueries) {
    const q = parseOne(raw);
    switch (q.method) {
      case 'limit': {
        const [v] = q.values ?? [];
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > LIST_MAX)
          throw queryInvalid(`Limit must be an integer between 0 and ${LIST_MAX}`);
        out.limit = v;
        break;
      }
      case 'offset': {
        const [v] = q.values ?? [];
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 1_000_000_000)
          throw queryInvalid('Offset must be a non-negative integer');
        out.offset = v;
        break;
      }
      case 'cursorAfter':
      case 'cursorBefore': {
        const [v] = q.values ?? [];
        if (typeof v !== 'string' || v === '') throw queryInvalid('Cursor must be a document id');
        out.cursor = { id: v, direction: q.method === 'cursorAfter' ? 'after' : 'before' };
        break;
      }
      case 'orderAsc':
      case 'orderDesc':
        out.order.push({ expr: column(q.attribute).expr, attribute: q.attribute!, desc: q.method === 'orderDesc' });
        break;
      case 'select': {
        const values = q.values ?? [];
        if (!values.every((v) => typeof v === 'string')) throw queryInvalid('Select takes attribute names');
        for (const v of values as string[])
          if (v !== '*' && !v.startsWith('$') && !col.attributes.has(v)) throw queryInvalid(`Attribute not found in schema: ${v}`);
        out.select = values.includes('*') ? null : (values as string[]);
        break;
      }
      case 'search': {
        const s = search(q);
        const same = out.fulltext?.tables.fts === s.tables.fts ? out.fulltext : null;
        if (s.match && same) {
          // Several searches of one attribute (one per term, as Appwrite Cloud answers each with AND) are one lookup.
          same.match = `${same.match} ${s.match}`;
          out.params[same.paramAt] = same.match;
        } else if (s.match && !out.fulltext) {
          out.fulltext = {
            tables: s.tables,
            match: s.match,
            whereAt: out.where.length,
            paramAt: out.params.length,
            attribute: s.attribute,
          };
          out.where.push(s.ftsSql);
          out.params.push(s.match);
        } else if (s.match) {
          out.where.push(s.ftsSql);
          out.params.push(s.match);
        }
        for (const l of s.likes) {
          out.where.push(l.sql);
          out.params.push(l.param);
        }
        break;
      }
      default:
        out.where.push(filter(q, out.params));
    }
  }
  return out;
}
