// Buckets and files. Uploads up to 5 MiB come whole; larger ones come in 5 MiB chunks (Content-Range,
// X-Appwrite-Id) in any order, all from the account that sent the first one, and are joined when the last one
// lands; unfinished ones are swept after uploadTtlMs. A file's type is checked on all of its bytes. Previews are
// resized with sharp, in a fixed set of sizes, and cached on disk.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import sharp from 'sharp';

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';
import { AppwriteError, invalidArgument, invalidParam, unauthorized } from './errors';
import type { AppwriteEnv, Caller } from './context';
import { allows, defaultPermissions, parsePermissions } from './permissions';
import { sniff } from './sniff';
import { imageStructureProblem } from './image-structure';
import { DAY_MS, hit } from '../net/rate-limit';
import { customId, isoNow, optionalBool, optionalInt, readJson, requiredId, stringParam } from './util';
import type { AppwriteBackend } from './backend';

export const CHUNK_SIZE = 5 * 1024 * 1024;
export const DEFAULT_MAX_FILE_SIZE = 30_000_000;

type BucketRow = {
  id: string;
  name: string;
  permissions: string;
  file_security: number;
  enabled: number;
  maximum_file_size: number;
  allowed_file_extensions: string;
  compression: string;
  encryption: number;
  antivirus: number;
  transformations: number;
  created_at: string;
  updated_at: string;
};
type FileRow = {
  seq: number;
  bucket_id: string;
  id: string;
  name: string;
  folder: string;
  mime_type: string;
  size: number;
  signature: string;
  chunks_total: number;
  chunks_uploaded: number;
  permissions: string;
  uploader: string;
  created_at: string;
  updated_at: string;
};

export type BucketSpec = {
  id: string;
  name: string;
  permissions: string[];
  fileSecurity: boolean;
  enabled: boolean;
  maximumFileSize: number;
  allowedFileExtensions: string[];
  compression: string;
  encryption: boolean;
  antivirus: boolean;
  transformations: boolean;
};

const bucketModel = (b: BucketRow) => ({
  $id: b.id,
  $createdAt: b.created_at,
  $updatedAt: b.updated_at,
  $permissions: JSON.parse(b.permissions) as string[],
  fileSecurity: b.file_security === 1,
  name: b.name,
  enabled: b.enabled === 1,
  maximumFileSize: b.maximum_file_size,
  allowedFileExtensions: JSON.parse(b.allowed_file_extensions) as string[],
  compression: b.compression,
  encryption: b.encryption === 1,
  antivirus: b.antivirus === 1,
  transformations: b.transformations === 1,
  totalSize: 0,
});

const fileModel = (f: FileRow) => ({
  $id: f.id,
  bucketId: f.bucket_id,
  $createdAt: f.created_at,
  $updatedAt: f.updated_at,
  $permissions: JSON.parse(f.permissions) as string[],
  name: f.name,
  folder: f.folder,
  key: f.folder ? `${f.folder}/${f.name}` : f.name,
  signature: f.signature,
  mimeType: f.mime_type,
  sizeOriginal: f.size,
  sizeActual: f.size,
  chunksTotal: f.chunks_total,
  chunksUploaded: f.chunks_uploaded,
  encryption: false,
  compression: 'none',
});

const errors = {
  bucket: () => new AppwriteError(404, 'storage_bucket_not_found', 'Storage bucket with the requested ID could not be found.'),
  file: () => new AppwriteError(404, 'storage_file_not_found', 'The requested file could not be found.'),
  exists: () => new AppwriteError(409, 'storage_file_already_exists', 'A storage file with the requested ID already exists.'),
  size: (max: number) => new AppwriteError(400, 'storage_invalid_file_size', `File size not allowed. The bucket accepts files up to ${max} bytes.`),
  type: (why: string) => new AppwriteError(400, 'storage_file_type_unsupported', `The given file type is not supported: ${why}`),
  range: () => new AppwriteError(400, 'storage_invalid_content_range', 'The content range is invalid for the file being uploaded.'),
  empty: () => new AppwriteError(400, 'storage_file_empty', 'Empty file passed to the endpoint.'),
};

/** The preview sizes the app asks for (0: keep that side in proportion); anything else is refused, so the cache is bounded. */
export const PREVIEW_SIZES = [0, 100, 120, 200, 240, 400, 480, 800];
const PREVIEW_QUALITIES = [-1, 60, 80, 90, 100];

/** Who a chunked upload belongs to: the account (or API key) that sent its first chunk. */
const uploaderOf = (caller: Caller) => (caller.kind === 'user' ? `user:${caller.user.id}` : caller.kind);

/** `filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987): any name downloads under its own name. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

const PREVIEW_OUTPUTS: Record<string, Format> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', gif: 'gif' };
const MIME_OUTPUT: Record<string, Format> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif' };

export function storageRoutes(be: AppwriteBackend) {
  const app = new Hono<AppwriteEnv>();
  const db = be.db;
  const root = join(be.dataDir, 'storage');
  const filePath = (bucketId: string, fileId: string) => join(root, 'files', bucketId, fileId);
  const chunkDir = (bucketId: string, fileId: string) => join(root, 'uploads', bucketId, fileId);
  const previewDir = (bucketId: string, fileId: string) => join(root, 'previews', bucketId, fileId);
  const getFile = db.prepare('SELECT * FROM files WHERE bucket_id = ? AND id = ?');

  const bucketOf = (id: string): BucketRow => {
    const b = db.prepare('SELECT * FROM buckets WHERE id = ?').get(id) as BucketRow | undefined;
    if (!b || !b.enabled) throw errors.bucket();
    return b;
  };

  /** A complete file the caller may read; hidden files are 404 like Appwrite's file security. */
  const readable = (bucket: BucketRow, fileId: string, caller: Caller, action: 'read' | 'delete' = 'read'): FileRow => {
    const f = getFile.get(bucket.id, fileId) as FileRow | undefined;
    if (caller.kind === 'key' || allows(JSON.parse(bucket.permissions), caller, action)) {
      if (!f || !f.signature) throw errors.file();
      return f;
    }
    if (!bucket.file_security) throw unauthorized();
    if (!f || !f.signature || !allows(JSON.parse(f.permissions), caller, 'read')) throw errors.file();
    if (action !== 'read' && !allows(JSON.parse(f.permissions), caller, action)) throw unauthorized();
    return f;
  };

  const mayRead = (bucket: BucketRow, f: FileRow, caller: Caller) =>
    caller.kind === 'key' ||
    allows(JSON.parse(bucket.permissions), caller, 'read') ||
    (bucket.file_security === 1 && allows(JSON.parse(f.permissions), caller, 'read'));

  const checkName = (bucket: BucketRow, name: string) => {
    const allowed = JSON.parse(bucket.allowed_file_extensions) as string[];
    if (allowed.length === 0) return;
    const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
    if (!allowed.includes(ext)) throw errors.type(`extension ".${ext}" is not one of ${allowed.join(', ')}`);
  };
  const checkContent = (bucket: BucketRow, head: Uint8Array) => {
    const allowed = JSON.parse(bucket.allowed_file_extensions) as string[];
    const found = sniff(head);
    if (allowed.length > 0 && !found.extensions.some((e) => allowed.includes(e)))
      throw errors.type(`the content is ${found.mime}, not one of ${allowed.join(', ')}`);
    return found.mime;
  };

  /** The whole file must be one well-formed image of its sniffed type: an image head on other content is refused. */
  const checkWhole = (mime: string, bytes: Uint8Array) => {
    const problem = imageStructureProblem(mime, bytes);
    if (problem) throw errors.type(problem);
  };

  /**
   * A day's files and bytes per customer account, with the other limits (RATE_LIMITS; API keys are exempt): a full
   * disk would stop every store. Only new files count: a retried id is answered before this.
   */
  const countUpload = (caller: Caller, bytes: number) => {
    if (!be.rateLimits || caller.kind !== 'user') return;
    hit(db, `quota:files:${caller.user.id}`, be.quotas.filesPerDay, DAY_MS);
    hit(db, `quota:bytes:${caller.user.id}`, be.quotas.bytesPerDay, DAY_MS, bytes);
  };

  const writeAtomic = async (path: string, bytes: Uint8Array) => {
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, path);
  };

  app.post('/buckets', async (c) => {
    if (c.get('caller').kind !== 'key') throw unauthorized();
    const b = await readJson(c.req.raw);
    const spec = bucketFrom(b, c.get('caller'));
    createBucket(be, spec);
    return c.json(bucketModel(bucketOf(spec.id)), 201);
  });
  app.get('/buckets/:bucketId', (c) => {
    if (c.get('caller').kind !== 'key') throw unauthorized();
    const b = db.prepare('SELECT * FROM buckets WHERE id = ?').get(c.req.param('bucketId')) as BucketRow | undefined;
    if (!b) throw errors.bucket();
    return c.json(bucketModel(b));
  });

  app.post('/buckets/:bucketId/files', async (c) => {
    const bucket = bucketOf(c.req.param('bucketId'));
    const caller = c.get('caller');
    if (caller.kind !== 'key' && !allows(JSON.parse(bucket.permissions), caller, 'create')) throw unauthorized();
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw invalidArgument('The request must be multipart/form-data with a file part.');
    }
    const file = form.get('file');
    if (!file || typeof file === 'string') throw invalidParam('file', 'A file part is required');
    const name = stringParam('name', file.name || 'file', { min: 1, max: 255 });
    const folder = typeof form.get('folder') === 'string' ? (form.get('folder') as string).slice(0, 255) : '';
    const perms = form.getAll('permissions[]');
    const permissions = perms.length ? parsePermissions(perms, caller, ['read', 'update', 'delete']) : defaultPermissions(caller);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length === 0) throw errors.empty();
    checkName(bucket, name);

    const range = c.req.header('content-range');
    if (!range) {
      const fileId = customId('fileId', form.get('fileId'));
      if (bytes.length > bucket.maximum_file_size) throw errors.size(bucket.maximum_file_size);
      if (getFile.get(bucket.id, fileId)) throw errors.exists();
      const mime = checkContent(bucket, bytes);
      checkWhole(mime, bytes);
      countUpload(caller, bytes.length);
      await mkdir(join(root, 'files', bucket.id), { recursive: true });
      await writeAtomic(filePath(bucket.id, fileId), bytes);
      const now = isoNow();
      try {
        const row = db
          .prepare(
            `INSERT INTO files (bucket_id, id, name, folder, mime_type, size, signature, chunks_total, chunks_uploaded, permissions, uploader, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, 1, 1, ?, ?, ?, ?) RETURNING *`,
          )
          .get(bucket.id, fileId, name, folder, mime, bytes.length, md5(bytes), JSON.stringify(permissions), uploaderOf(caller), now, now) as FileRow;
        return c.json(fileModel(row), 201);
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
    if (start % CHUNK_SIZE !== 0 || end < start || end >= total || end - start + 1 !== bytes.length || (!isLast && bytes.length !== CHUNK_SIZE)) throw errors.range();
    if (total > bucket.maximum_file_size) throw errors.size(bucket.maximum_file_size);
    const fileId = c.req.header('x-appwrite-id') ? requiredId('fileId', c.req.header('x-appwrite-id')) : customId('fileId', form.get('fileId'));
    const chunksTotal = Math.ceil(total / CHUNK_SIZE);
    const chunk = Math.floor(start / CHUNK_SIZE);
    if (chunk === 0) checkContent(bucket, bytes);

    const existing = getFile.get(bucket.id, fileId) as FileRow | undefined;
    if (existing) {
      // A finished file is shown only to whoever may read it; an unfinished one takes chunks only from its
      // uploader. Everyone else hears what a whole upload with a taken id hears, and nothing changes.
      if (existing.signature) {
        if (!mayRead(bucket, existing, caller)) throw errors.exists();
        return c.json(fileModel(existing), 200);
      }
      if (existing.uploader !== uploaderOf(caller)) throw errors.exists();
      if (existing.size !== total) throw errors.range();
      // A chunk already received stays as it was: a later copy cannot swap content after the checks.
      if (db.prepare('SELECT 1 FROM file_chunks WHERE bucket_id = ? AND file_id = ? AND chunk = ?').get(bucket.id, fileId, chunk))
        return c.json(fileModel(existing), 201);
    } else {
      countUpload(caller, total);
    }

    await mkdir(chunkDir(bucket.id, fileId), { recursive: true });
    await writeAtomic(join(chunkDir(bucket.id, fileId), String(chunk)), bytes);
    const now = isoNow();
    const { row, completes } = db.transaction(() => {
      db.prepare(
        `INSERT OR IGNORE INTO files (bucket_id, id, name, folder, mime_type, size, signature, chunks_total, chunks_uploaded, permissions, uploader, created_at, updated_at)
         VALUES (?, ?, ?, ?, '', ?, '', ?, 0, ?, ?, ?, ?)`,
      ).run(bucket.id, fileId, name, folder, total, chunksTotal, JSON.stringify(permissions), uploaderOf(caller), now, now);
      const owner = getFile.get(bucket.id, fileId) as FileRow;
      if (owner.uploader !== uploaderOf(caller)) throw errors.exists();
      const added = db.prepare('INSERT OR IGNORE INTO file_chunks (bucket_id, file_id, chunk) VALUES (?, ?, ?)').run(bucket.id, fileId, chunk).changes === 1;
      if (added) db.prepare('UPDATE files SET chunks_uploaded = chunks_uploaded + 1, updated_at = ? WHERE bucket_id = ? AND id = ?').run(now, bucket.id, fileId);
      const r = getFile.get(bucket.id, fileId) as FileRow;
      return { row: r, completes: added && r.chunks_uploaded === r.chunks_total };
    })();
    if (!completes) return c.json(fileModel(row), 201);

    // The chunk that completes the file joins the parts, checks the content and signs it.
    const dir = chunkDir(bucket.id, fileId);
    await mkdir(join(root, 'files', bucket.id), { recursive: true });
    const target = filePath(bucket.id, fileId);
    const tmp = `${target}.joining`;
    const hash = createHash('md5');
    const out = createWriteStream(tmp);
    for (let i = 0; i < chunksTotal; i++) {
      const part = await readFile(join(dir, String(i)));
      hash.update(part);
      if (!out.write(part)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    let mime: string;
    try {
      const whole = new Uint8Array(await readFile(tmp));
      mime = checkContent(bucket, whole.subarray(0, 4096));
      checkWhole(mime, whole);
    } catch (err) {
      db.prepare('DELETE FROM files WHERE bucket_id = ? AND id = ?').run(bucket.id, fileId);
      db.prepare('DELETE FROM file_chunks WHERE bucket_id = ? AND file_id = ?').run(bucket.id, fileId);
      await rm(tmp, { force: true });
      await rm(dir, { recursive: true, force: true });
      throw err;
    }
    await rename(tmp, target);
    const done = db.transaction(() => {
      db.prepare('DELETE FROM file_chunks WHERE bucket_id = ? AND file_id = ?').run(bucket.id, fileId);
      return db
        .prepare('UPDATE files SET mime_type = ?, signature = ?, updated_at = ? WHERE bucket_id = ? AND id = ? RETURNING *')
        .get(mime, hash.digest('hex'), isoNow(), bucket.id, fileId) as FileRow;
    })();
    await rm(dir, { recursive: true, force: true });
    return c.json(fileModel(done), 201);
  });

  app.get('/buckets/:bucketId/files/:fileId', (c) => {
    const f = readable(bucketOf(c.req.param('bucketId')), c.req.param('fileId'), c.get('caller'));
    return c.json(fileModel(f));
  });

  const sendFile = async (c: Context<AppwriteEnv>, disposition: 'inline' | 'attachment') => {
    const f = readable(bucketOf(c.req.param('bucketId')!), c.req.param('fileId')!, c.get('caller'));
    const body = new Uint8Array(await readFile(filePath(f.bucket_id, f.id)));
    return c.body(body, 200, {
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
    const width = optionalInt('width', c.req.query('width'), 0, 0, 4000);
    const height = optionalInt('height', c.req.query('height'), 0, 0, 4000);
    const quality = optionalInt('quality', c.req.query('quality'), -1, -1, 100);
    for (const [name, value] of [['width', width], ['height', height]] as const)
      if (!PREVIEW_SIZES.includes(value)) throw invalidParam(name, `Previews are made in these sizes only: ${PREVIEW_SIZES.join(', ')}`);
    if (!PREVIEW_QUALITIES.includes(quality)) throw invalidParam('quality', `Value must be one of ${PREVIEW_QUALITIES.filter((q) => q >= 0).join(', ')}`);
    const outputParam = c.req.query('output') || '';
    if (outputParam && !Object.hasOwn(PREVIEW_OUTPUTS, outputParam)) throw invalidParam('output', `Value must be one of (${Object.keys(PREVIEW_OUTPUTS).join(', ')})`);
    const bucket = bucketOf(c.req.param('bucketId'));
    const f = readable(bucket, c.req.param('fileId'), c.get('caller'));
    const format = (outputParam ? PREVIEW_OUTPUTS[outputParam] : undefined) ?? (Object.hasOwn(MIME_OUTPUT, f.mime_type) ? MIME_OUTPUT[f.mime_type] : undefined) ?? 'jpeg';
    if (!f.mime_type.startsWith('image/')) throw errors.type('previews are made of images only');

    const key = `${width}x${height}q${quality}.${format}`;
    const cached = join(previewDir(bucket.id, f.id), key);
    let body: Buffer;
    try {
      body = await readFile(cached);
    } catch {
      let img = sharp(filePath(bucket.id, f.id), { limitInputPixels: 100_000_000 }).rotate();
      if (width || height) img = img.resize({ width: width || undefined, height: height || undefined, fit: width && height ? 'cover' : 'inside' });
      const q = quality === -1 ? undefined : Math.max(1, quality);
      try {
        body = await img.toFormat(format, q ? { quality: q } : {}).toBuffer();
      } catch {
        throw errors.type('the image could not be decoded');
      }
      await mkdir(previewDir(bucket.id, f.id), { recursive: true });
      await writeAtomic(cached, body);
    }
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': `image/${format}`,
      'Cache-Control': 'private, max-age=2592000',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.delete('/buckets/:bucketId/files/:fileId', async (c) => {
    const bucket = bucketOf(c.req.param('bucketId'));
    const f = readable(bucket, c.req.param('fileId'), c.get('caller'), 'delete');
    db.prepare('DELETE FROM files WHERE seq = ?').run(f.seq);
    await rm(filePath(bucket.id, f.id), { force: true });
    await rm(previewDir(bucket.id, f.id), { recursive: true, force: true });
    return c.body(null, 204);
  });

  return app;
}

/** Removes chunked uploads started more than uploadTtlMs ago and never finished, with their parts on disk. */
export async function sweepUploads(be: AppwriteBackend): Promise<number> {
  const cutoff = isoNow(Date.now() - be.uploadTtlMs);
  const stale = be.db.prepare("SELECT bucket_id, id FROM files WHERE signature = '' AND created_at < ?").all(cutoff) as { bucket_id: string; id: string }[];
  for (const f of stale) {
    be.db.transaction(() => {
      be.db.prepare("DELETE FROM files WHERE bucket_id = ? AND id = ? AND signature = ''").run(f.bucket_id, f.id);
      be.db.prepare('DELETE FROM file_chunks WHERE bucket_id = ? AND file_id = ?').run(f.bucket_id, f.id);
    })();
    await rm(join(be.dataDir, 'storage', 'uploads', f.bucket_id, f.id), { recursive: true, force: true });
  }
  // Part folders with no upload behind them (a crash between writing a part and recording it) go too.
  const uploads = join(be.dataDir, 'storage', 'uploads');
  for (const bucket of await readdir(uploads).catch(() => [] as string[])) {
    for (const id of await readdir(join(uploads, bucket)).catch(() => [] as string[])) {
      const dir = join(uploads, bucket, id);
      const old = (await stat(dir).catch(() => null))?.mtimeMs ?? Infinity;
      if (old < Date.now() - be.uploadTtlMs && !be.db.prepare("SELECT 1 FROM files WHERE bucket_id = ? AND id = ? AND signature = ''").get(bucket, id))
        await rm(dir, { recursive: true, force: true });
    }
  }
  return stale.length;
}

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

export function bucketFrom(b: Record<string, unknown>, caller: Caller): BucketSpec {
  const exts = b.allowedFileExtensions ?? [];
  if (!Array.isArray(exts) || !exts.every((e) => typeof e === 'string' && /^[a-z0-9]{1,16}$/i.test(e)))
    throw invalidParam('allowedFileExtensions', 'Value must be an array of file extensions');
  return {
    id: customId('bucketId', b.bucketId),
    name: stringParam('name', b.name, { min: 1, max: 128 }),
    permissions: b.permissions == null ? [] : parsePermissions(b.permissions, caller, ['create', 'read', 'update', 'delete']),
    fileSecurity: optionalBool('fileSecurity', b.fileSecurity, false),
    enabled: optionalBool('enabled', b.enabled, true),
    maximumFileSize: optionalInt('maximumFileSize', b.maximumFileSize, DEFAULT_MAX_FILE_SIZE, 1, 5_000_000_000),
    allowedFileExtensions: (exts as string[]).map((e) => e.toLowerCase()),
    compression: typeof b.compression === 'string' ? b.compression : 'none',
    encryption: optionalBool('encryption', b.encryption, true),
    antivirus: optionalBool('antivirus', b.antivirus, true),
    transformations: optionalBool('transformations', b.transformations, true),
  };
}

export function createBucket(be: AppwriteBackend, s: BucketSpec) {
  const now = isoNow();
  try {
    be.db
      .prepare(
        `INSERT INTO buckets (id, name, permissions, file_security, enabled, maximum_file_size, allowed_file_extensions, compression, encryption, antivirus, transformations, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(s.id, s.name, JSON.stringify(s.permissions), s.fileSecurity ? 1 : 0, s.enabled ? 1 : 0, s.maximumFileSize, JSON.stringify(s.allowedFileExtensions), s.compression, s.encryption ? 1 : 0, s.antivirus ? 1 : 0, s.transformations ? 1 : 0, now, now);
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw new AppwriteError(409, 'storage_bucket_already_exists', 'A storage bucket with the requested ID already exists.');
    throw err;
  }
}

