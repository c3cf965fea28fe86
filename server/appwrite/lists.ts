// Lists of schema and storage resources (databases, collections or tables, attributes or columns, indexes,
// buckets) as Appwrite pages them: limit, offset, cursorAfter/cursorBefore, equal/notEqual and orderAsc/orderDesc
// on the fields each list names, and `search` over names and ids. These lists are small, so they are paged in memory.
import { AppwriteError } from './errors';
import { LIST_DEFAULT, LIST_MAX, MAX_QUERIES, parseOne, queriesFromUrl, queryInvalid, type Query } from './queries';
import { optionalBool } from './util';

type Item = Record<string, unknown>;

const compare = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return (a as string | number) < (b as string | number) ? -1 : 1;
};

const integer = (q: Query, max: number, what: string) => {
  const [v] = q.values ?? [];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > max)
    throw queryInvalid(`${what} must be an integer between 0 and ${max}`);
  return v;
};

/**
 * One page of `items` for the queries in `url`. `fields` are what queries may name; `idField` identifies an item for
 * cursors (`$id`, or `key` for attributes and indexes). `total` counts every match, before paging, as Appwrite's does.
 */
export function pageOf<T extends Item>(
  items: T[],
  url: URL,
  fields: readonly string[],
  idField: '$id' | 'key' = '$id',
  searchFields: readonly string[] = ['$id', 'key', 'name'],
) {
  const raw = queriesFromUrl(url);
  if (raw.length > MAX_QUERIES) throw queryInvalid(`At most ${MAX_QUERIES} queries are allowed`);
  const field = (q: Query) => {
    if (!q.attribute || !fields.includes(q.attribute)) throw queryInvalid(`Attribute not found in schema: ${q.attribute ?? ''}`);
    return q.attribute;
  };
  let list = [...items];
  let limit = LIST_DEFAULT;
  let offset = 0;
  let cursor: { id: string; before: boolean } | null = null;
  const orders: { field: string; desc: boolean }[] = [];
  for (const text of raw) {
    const q = parseOne(text);
    switch (q.method) {
      case 'limit':
        limit = integer(q, LIST_MAX, 'Limit');
        break;
      case 'offset':
        offset = integer(q, 1_000_000_000, 'Offset');
        break;
      case 'cursorAfter':
      case 'cursorBefore': {
        const [v] = q.values ?? [];
        if (typeof v !== 'string' || v === '') throw queryInvalid('Cursor must be an id');
        cursor = { id: v, before: q.method === 'cursorBefore' };
        break;
      }
      case 'orderAsc':
      case 'orderDesc':
        orders.push({ field: field(q), desc: q.method === 'orderDesc' });
        break;
      case 'equal':
      case 'notEqual': {
        const name = field(q);
        const values = q.values ?? [];
        if (values.length === 0) throw queryInvalid(`${q.method} needs at least one value`);
        const wanted = q.method === 'equal';
        list = list.filter((item) => values.includes(item[name]) === wanted);
        break;
      }
      default:
        throw queryInvalid(`Query method not valid here: ${q.method}`);
    }
  }

  const search = url.searchParams.get('search');
  if (search) {
    if (search.length > 256) throw queryInvalid('Search term must be at most 256 characters');
    const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
    list = list.filter((item) => {
      const text = searchFields
        .map((f) => item[f])
        .filter((v) => typeof v === 'string')
        .join(' ')
        .toLowerCase();
      return terms.every((t) => text.includes(t));
    });
  }
  if (orders.length)
    list.sort((a, b) => {
      for (const o of orders) {
        const d = compare(a[o.field], b[o.field]);
        if (d !== 0) return o.desc ? -d : d;
      }
      return 0;
    });

  const total = list.length;
  if (cursor) {
    const at = list.findIndex((item) => item[idField] === cursor.id);
    if (at < 0) throw new AppwriteError(400, 'general_cursor_not_found', `Cursor not found: '${cursor.id}' does not exist.`);
    list = cursor.before ? list.slice(0, at).reverse() : list.slice(at + 1);
  }
  let page = list.slice(offset, offset + limit);
  if (cursor?.before) page = page.reverse();
  const withTotal = optionalBool('total', url.searchParams.get('total') ?? undefined, true);
  return { total: withTotal ? total : 0, items: page };
}
