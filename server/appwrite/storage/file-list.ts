// A bucket's files as Appwrite lists them (GET /v1/storage/buckets/{bucketId}/files): the queries Appwrite allows on
// files (name, signature, mimeType, sizeOriginal, chunksTotal, chunksUploaded, $id, $createdAt, $updatedAt; limit,
// offset, cursors, order) and `search` on the name. The documents' query compiler works over a view of the files
// table shaped like the documents table, so a large bucket is filtered and paged by SQLite, never in memory.
import { AppwriteError } from '../errors';
import { compileQueries, LIST_MAX, queriesFromUrl, queryInvalid } from '../queries';
import type { AttributeSpec, AttributeType, CollectionInfo } from '../schema';
import { optionalBool } from '../util';
import type { Db } from '../../store/sqlite';
import { fileModel, type FileRow } from './files-repository';

const FILE_ATTRIBUTES: [string, AttributeType, string][] = [
  ['name', 'string', 'name'],
  ['signature', 'string', 'signature'],
  ['mimeType', 'string', 'mime_type'],
  ['sizeOriginal', 'integer', 'size'],
  ['chunksTotal', 'integer', 'chunks_total'],
  ['chunksUploaded', 'integer', 'chunks_uploaded'],
];

/** Only `attributes` is read by the compiler. */
const FILES = {
  attributes: new Map<string, AttributeSpec>(
    FILE_ATTRIBUTES.map(([key, type]) => [key, { key, type, required: true, array: false, default: null }]),
  ),
} as CollectionInfo;

/** The files of one bucket as rows of the documents table: seq, id, created_at, updated_at and `data`. */
const VIEW = `(SELECT *, json_object(${FILE_ATTRIBUTES.map(([key, , column]) => `'${key}', ${column}`).join(', ')}) AS data
  FROM files WHERE bucket_id = ?) d`;

type Sql = string | number | null;

/** One page of a bucket's files for the queries in `url`, with `total` as Appwrite counts it. */
export function listFiles(db: Db, bucketId: string, url: URL) {
  const q = compileQueries(queriesFromUrl(url), FILES);
  if (q.select) throw queryInvalid('Select is not allowed on files');
  const where = ['1', ...q.where];
  const params: Sql[] = [bucketId, ...q.params];
  const search = url.searchParams.get('search');
  if (search) {
    if (search.length > 256) throw queryInvalid('Search term must be at most 256 characters');
    for (const term of search.split(/\s+/).filter(Boolean)) {
      where.push("d.name LIKE ? ESCAPE '\\'");
      params.push(`%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    }
  }
  const filterSql = where.join(' AND ');
  const filterParams = [...params];

  // Keyset paging after (or before) the cursor's file, in each order term's direction, then by sequence.
  const order = [...q.order, { expr: 'd.seq', desc: false }];
  const reverse = q.cursor?.direction === 'before';
  if (q.cursor) {
    const values = db
      .prepare(`SELECT ${order.map((o) => o.expr).join(', ')} FROM ${VIEW} WHERE d.id = ?`)
      .raw()
      .get(bucketId, q.cursor.id) as Sql[] | undefined;
    if (!values) throw new AppwriteError(400, 'general_cursor_not_found', `Cursor not found: file '${q.cursor.id}' does not exist.`);
    const ors = order.map((o, i) => {
      const ands = order.slice(0, i).map((p) => `${p.expr} IS ?`);
      ands.push(`${o.expr} ${o.desc !== reverse ? '<' : '>'} ?`);
      params.push(...values.slice(0, i + 1));
      return `(${ands.join(' AND ')})`;
    });
    where.push(`(${ors.join(' OR ')})`);
  }
  const orderSql = order.map((o) => `${o.expr} ${o.desc !== reverse ? 'DESC' : 'ASC'}`).join(', ');
  let rows = db
    .prepare(`SELECT d.* FROM ${VIEW} WHERE ${where.join(' AND ')} ORDER BY ${orderSql} LIMIT ? OFFSET ?`)
    .all(...params, q.limit, q.offset) as FileRow[];
  if (reverse) rows = rows.reverse();
  const withTotal = optionalBool('total', url.searchParams.get('total') ?? undefined, true);
  const total = withTotal
    ? (
        db.prepare(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM ${VIEW} WHERE ${filterSql} LIMIT ${LIST_MAX})`).get(...filterParams) as {
          n: number;
        }
      ).n
    : 0;
  return { total, files: rows.map(fileModel) };
}
