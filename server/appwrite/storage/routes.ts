// Buckets and files over HTTP. Uploads up to 5 MiB come whole; larger ones come in 5 MiB chunks (Content-Range,
// X-Appwrite-Id) in any order, all from the account that sent the first one, and are joined when the last one
// lands. A file's type is checked on all of its bytes, never on its name alone.
import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { AppwriteError, invalidArgument, invalidParam, unauthorized } from '../errors';
import type { AppwriteEnv, Caller } from '../context';
import { allows, defaultPermissions, parsePermissions } from '../permissions';
import { sniff } from '../sniff';
import { imageStructureProblem } from '../image-structure';
import { customId, readJson, requiredId, stringParam } from '../util';
import type { AppwriteBackend } from '../backend';
import { DAY_MS, hit } from '../../net/rate-limit';
import { fileStore } from './file-store';
import { boundaryOf, formOf, parseMultipart } from './multipart';
import {
  bucketFrom,
  bucketModel,
  bucketSettings,
  bucketSettingsFrom,
  createBucket,
  fileModel,
  filesRepository,
  listBuckets,
  updateBucket,
  uploaderOf,
  type BucketRow,
  type FileRow,
} from './files-repository';
import { pageOf } from '../lists';
import { listFiles } from './file-list';
import { preview, previewParams } from './previews';

export const CHUNK_SIZE = 5 * 1024 * 1024;

const BUCKET_FIELDS = ['$id', '$createdAt', '$updatedAt', 'name', 'enabled', 'fileSecurity', 'maximumFileSize', 'encryption', 'antivirus'];

const errors = {
  bucket: () => new AppwriteError(404, 'storage_bucket_not_found', 'Storage bucket with the requested ID could not be found.'),
  file: () => new AppwriteError(404, 'storage_file_not_found', 'The requested file could not be found.'),
  exists: () => new AppwriteError(409, 'storage_file_already_exists', 'A storage file with the requested ID already exists.'),
  size: (max: number) =>
    new AppwriteError(400, 'storage_invalid_file_size', `File size not allowed. The bucket accepts files up to ${max} bytes.`),
  type: (why: string) => new AppwriteError(400, 'storage_file_type_unsupported', `The given file type is not supported: ${why}`),
  range: () => new AppwriteError(400, 'storage_invalid_content_range', 'The content range is invalid for the file being uploaded.'),
  empty: () => new AppwriteError(400, 'storage_file_empty', 'Empty file passed to the endpoint.'),
};

/** `filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987): any name downloads under its own name. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
const allowedExtensions = (bucket: BucketRow) => JSON.parse(bucket.allowed_file_extensions) as string[];

function checkName(bucket: BucketRow, name: string) {
  const allowed = allowedExtensions(bucket);
  if (allowed.length === 0) return;
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (!allowed.includes(ext)) throw errors.type(`extension ".${ext}" is not one of ${allowed.join(', ')}`);
}

/** The file's real type from its first bytes, which must be one the bucket takes. */
function checkContent(bucket: BucketRow, head: Uint8Array): string {
  const allowed = allowedExtensions(bucket);
  const found = sniff(head);
  if (allowed.length > 0 && !found.extensions.some((e) => allowed.includes(e)))
    throw errors.type(`the content is ${found.mime}, not one of ${allowed.join(', ')}`);
  return found.mime;
}

/** The whole file must be one well-formed image of its sniffed type: an image head on other content is refused. */
function checkWhole(mime: string, bytes: Uint8Array) {
  const problem = imageStructureProblem(mime, bytes);
  if (problem) throw errors.type(problem);
}

export function storageRoutes(be: AppwriteBackend) {
  const app = new Hono<AppwriteEnv>();
  const files = filesRepository(be.db);
  const store = fileStore(be.dataDir);

  const bucketOf = (id: string): BucketRow => {
    const b = files.bucket(id);
    if (!b || !b.enabled) throw errors.bucket();
    return b;
  };

  const mayRead = (bucket: BucketRow, f: FileRow, caller: Caller) =>
    caller.kind === 'key' ||
    allows(JSON.parse(bucket.permissions), caller, 'read') ||
    (bucket.file_security === 1 && allows(JSON.parse(f.permissions), caller, 'read'));

  /** A complete file the caller may read; hidden files are 404 like Appwrite's file security. */
  const readable = (bucket: BucketRow, fileId: string, caller: Caller, action: 'read' | 'update' | 'delete' = 'read'): FileRow => {
    const f = files.file(bucket.id, fileId);
    if (caller.kind === 'key' || allows(JSON.parse(bucket.permissions), caller, action)) {
      if (!f || !f.signature) throw errors.file();
      return f;
    }
    if (!bucket.file_security) throw unauthorized();
    if (!f || !f.signature || !allows(JSON.parse(f.permissions), caller, 'read')) throw errors.file();
    if (action !== 'read' && !allows(JSON.parse(f.permissions), caller, action)) throw unauthorized();
    return f;
  };

  /**
   * A day's files and bytes per customer account, with the other limits (RATE_LIMITS; API keys are exempt): a full
   * disk would stop every store. Only new files count: a retried id is answered before this.
   */
  const countUpload = (caller: Caller, bytes: number) => {
    if (!be.rateLimits || caller.kind !== 'user') return;
    hit(be.db, `quota:files:${caller.user.id}`, be.quotas.filesPerDay, DAY_MS);
    hit(be.db, `quota:bytes:${caller.user.id}`, be.quotas.bytesPerDay, DAY_MS, bytes);
  };

  // Buckets themselves are managed with the API key only (the Appwrite console, the CLI, setup:appwrite).
  const keyOnly = (c: Context<AppwriteEnv>) => {
    if (c.get('caller').kind !== 'key') throw unauthorized();
  };
  const anyBucket = (id: string): BucketRow => {
    const b = files.bucket(id);
    if (!b) throw errors.bucket();
    return b;
  };

  app.post('/buckets', async (c) => {
    keyOnly(c);
    const spec = bucketFrom(await readJson(c.req.raw), c.get('caller'));
    createBucket(be.db, spec);
    return c.json(bucketModel(anyBucket(spec.id)), 201);
  });
  app.get('/buckets', (c) => {
    keyOnly(c);
    const page = pageOf(listBuckets(be.db).map(bucketModel), new URL(c.req.url), BUCKET_FIELDS);
    return c.json({ total: page.total, buckets: page.items });
  });
  app.get('/buckets/:bucketId', (c) => {
    keyOnly(c);
    return c.json(bucketModel(anyBucket(c.req.param('bucketId'))));
  });
  // An update: name must be given; any other setting left out stays as it is.
  app.put('/buckets/:bucketId', async (c) => {
    keyOnly(c);
    const current = anyBucket(c.req.param('bucketId'));
    const settings = bucketSettingsFrom(await readJson(c.req.raw), c.get('caller'), bucketSettings(current));
    updateBucket(be.db, { id: current.id, ...settings });
    return c.json(bucketModel(anyBucket(current.id)));
  });

  app.post('/buckets/:bucketId/files', async (c) => {
    const bucket = bucketOf(c.req.param('bucketId'));
    const caller = c.get('caller');
    if (caller.kind !== 'key' && !allows(JSON.parse(bucket.permissions), caller, 'create')) throw unauthorized();
    const boundary = boundaryOf(c.req.header('content-type'));
    const parts = boundary ? parseMultipart(Buffer.from(await c.req.arrayBuffer()), boundary) : null;
    if (!parts) throw invalidArgument('The request must be multipart/form-data with a file part.');
    const form = formOf(parts);
    const file = form.file('file');
    if (!file) throw invalidParam('file', 'A file part is required');
    const name = stringParam('name', file.filename || 'file', { min: 1, max: 255 });
    const folder = form.text('folder')?.slice(0, 255) ?? '';
    const perms = form.all('permissions[]');
    const permissions = perms.length ? parsePermissions(perms, caller, ['read', 'update', 'delete']) : defaultPermissions(caller);
    const bytes: Uint8Array = file.data;
    if (bytes.length === 0) throw errors.empty();
    checkName(bucket, name);
    const range = c.req.header('content-range');
    const base = { bucketId: bucket.id, name, folder, permissions, uploader: uploaderOf(caller) };

    if (!range) {
      const fileId = customId('fileId', form.text('fileId'));
      if (bytes.length > bucket.maximum_file_size) throw errors.size(bucket.maximum_file_size);
      if (files.file(bucket.id, fileId)) throw errors.exists();
      const mime = checkContent(bucket, bytes);
      checkWhole(mime, bytes);
      countUpload(caller, bytes.length);
      await store.writeWhole(bucket.id, fileId, bytes);
      try {
        return c.json(fileModel(files.insertWhole({ ...base, id: fileId, mime, size: bytes.length, signature: md5(bytes) })), 201);
      } catch (err) {
        if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw errors.exists();
        throw err;
      }
    }

    // Chunked: bytes START-END/TOTAL, chunks of exactly CHUNK_SIZE except the last, in any order.
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!m) throw errors.range();
    const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const isLast = end + 1 === total;
    if (
      start % CHUNK_SIZE !== 0 ||
      end < start ||
      end >= total ||
      end - start + 1 !== bytes.length ||
      (!isLast && bytes.length !== CHUNK_SIZE)
    )
      throw errors.range();
    if (total > bucket.maximum_file_size) throw errors.size(bucket.maximum_file_size);
    const fileId = c.req.header('x-appwrite-id')
      ? requiredId('fileId', c.req.header('x-appwrite-id'))
      : customId('fileId', form.text('fileId'));
    const chunksTotal = Math.ceil(total / CHUNK_SIZE);
    const chunk = Math.floor(start / CHUNK_SIZE);
    if (chunk === 0) checkContent(bucket, bytes);

    const existing = files.file(bucket.id, fileId);
    if (existing) {
      // A finished file is shown only to whoever may read it; an unfinished one takes chunks only from its
      // uploader. Everyone else hears what a whole upload with a taken id hears, and nothing changes.
      if (existing.signature) {
        if (!mayRead(bucket, existing, caller)) throw errors.exists();
        return c.json(fileModel(existing), 200);
      }
      if (existing.uploader !== base.uploader) throw errors.exists();
      if (existing.size !== total) throw errors.range();
      // A chunk already received stays as it was: a later copy cannot swap content after the checks.
      if (files.hasChunk(bucket.id, fileId, chunk)) return c.json(fileModel(existing), 201);
    } else {
      countUpload(caller, total);
    }

    await store.writePart(bucket.id, fileId, chunk, bytes);
    const recorded = files.recordChunk({ ...base, id: fileId, size: total, chunksTotal }, chunk);
    if (!recorded) throw errors.exists();
    if (!recorded.completes) return c.json(fileModel(recorded.row), 201);

    // The chunk that completes the file joins the parts and checks the whole before the file exists.
    const joined = await store.join(bucket.id, fileId, chunksTotal);
    let mime: string;
    try {
      mime = checkContent(bucket, joined.bytes.subarray(0, 4096));
      checkWhole(mime, joined.bytes);
    } catch (err) {
      files.dropUpload(bucket.id, fileId);
      await joined.discard();
      throw err;
    }
    await joined.commit();
    return c.json(fileModel(files.complete(bucket.id, fileId, mime, joined.md5)), 201);
  });

  // Listing is for the API key (the server's sweeps, tools): customers and browsers read their own files by id.
  app.get('/buckets/:bucketId/files', (c) => {
    keyOnly(c);
    return c.json(listFiles(be.db, bucketOf(c.req.param('bucketId')).id, new URL(c.req.url)));
  });

  app.get('/buckets/:bucketId/files/:fileId', (c) =>
    c.json(fileModel(readable(bucketOf(c.req.param('bucketId')), c.req.param('fileId'), c.get('caller')))),
  );

  const sendFile = async (c: Context<AppwriteEnv>, disposition: 'inline' | 'attachment') => {
    const f = readable(bucketOf(c.req.param('bucketId')!), c.req.param('fileId')!, c.get('caller'));
    return c.body(new Uint8Array(await store.read(f.bucket_id, f.id)), 200, {
      'Content-Type': f.mime_type,
      'Content-Disposition': contentDisposition(disposition, f.name),
      'Cache-Control': 'private, max-age=3888000',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "script-src 'none';",
    });
  };
  app.get('/buckets/:bucketId/files/:fileId/view', (c) => sendFile(c, 'inline'));
  app.get('/buckets/:bucketId/files/:fileId/download', (c) => sendFile(c, 'attachment'));

  app.get('/buckets/:bucketId/files/:fileId/preview', async (c) => {
    const params = previewParams((name) => c.req.query(name));
    const f = readable(bucketOf(c.req.param('bucketId')), c.req.param('fileId'), c.get('caller'));
    const { body, type } = await preview(store, f, params);
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'private, max-age=2592000', 'X-Content-Type-Options': 'nosniff' });
  });

  // A new name or new permissions (either left out stays as it is), by the API key or whoever may update the file.
  app.put('/buckets/:bucketId/files/:fileId', async (c) => {
    const bucket = bucketOf(c.req.param('bucketId'));
    const caller = c.get('caller');
    const f = readable(bucket, c.req.param('fileId'), caller, 'update');
    const body = await readJson(c.req.raw);
    const name = body.name === undefined || body.name === null ? f.name : stringParam('name', body.name, { min: 1, max: 255 });
    if (name !== f.name) checkName(bucket, name);
    const permissions =
      body.permissions === undefined || body.permissions === null
        ? (JSON.parse(f.permissions) as string[])
        : parsePermissions(body.permissions, caller, ['read', 'update', 'delete']);
    return c.json(fileModel(files.update(f.seq, name, permissions)));
  });

  app.delete('/buckets/:bucketId/files/:fileId', async (c) => {
    const bucket = bucketOf(c.req.param('bucketId'));
    const f = readable(bucket, c.req.param('fileId'), c.get('caller'), 'delete');
    files.remove(f.seq);
    await store.remove(bucket.id, f.id);
    return c.body(null, 204);
  });

  return app;
}
