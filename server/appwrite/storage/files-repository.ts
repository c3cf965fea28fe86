// The rows behind buckets and files (SQLite tables buckets, files, file_chunks) and their Appwrite models.
import { AppwriteError, invalidParam } from '../errors';
import type { Caller } from '../context';
import { parsePermissions } from '../permissions';
import { customId, isoNow, optionalBool, optionalInt, stringParam } from '../util';
import { returnedRow, type Db } from '../../store/sqlite';

export const DEFAULT_MAX_FILE_SIZE = 30_000_000;

export type BucketRow = {
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

export type FileRow = {
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
  /** Who sent the first chunk (`user:<id>`, `key` or `guest`): only they may send the rest. */
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

/** A bucket row's settings, as bucketSettingsFrom takes them for an update. */
export const bucketSettings = (r: BucketRow): Omit<BucketSpec, 'id' | 'name'> => ({
  permissions: JSON.parse(r.permissions) as string[],
  fileSecurity: r.file_security === 1,
  enabled: r.enabled === 1,
  maximumFileSize: r.maximum_file_size,
  allowedFileExtensions: JSON.parse(r.allowed_file_extensions) as string[],
  compression: r.compression,
  encryption: r.encryption === 1,
  antivirus: r.antivirus === 1,
  transformations: r.transformations === 1,
});

/** A bucket as Appwrite answers it: its settings, in Appwrite's order of fields. */
export const bucketModel = (b: BucketRow) => {
  const { permissions, fileSecurity, ...settings } = bucketSettings(b);
  return {
    $id: b.id,
    $createdAt: b.created_at,
    $updatedAt: b.updated_at,
    $permissions: permissions,
    fileSecurity,
    name: b.name,
    ...settings,
    totalSize: 0,
  };
};

export const fileModel = (f: FileRow) => ({
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

/** Who an upload belongs to, as FileRow.uploader records it. */
export const uploaderOf = (caller: Caller) => (caller.kind === 'user' ? `user:${caller.user.id}` : caller.kind);

type NewFile = { bucketId: string; id: string; name: string; folder: string; permissions: string[]; uploader: string };

export function filesRepository(db: Db) {
  const getFile = db.prepare('SELECT * FROM files WHERE bucket_id = ? AND id = ?');
  const getBucket = db.prepare('SELECT * FROM buckets WHERE id = ?');
  return {
    bucket: (id: string) => getBucket.get(id) as BucketRow | undefined,
    file: (bucketId: string, id: string) => getFile.get(bucketId, id) as FileRow | undefined,

    /** A whole upload, complete at once; a taken id throws SQLite's unique-constraint error. */
    insertWhole(f: NewFile & { mime: string; size: number; signature: string }): FileRow {
      const now = isoNow();
      return returnedRow<FileRow>(
        db.prepare(
          `INSERT INTO files (bucket_id, id, name, folder, mime_type, size, signature, chunks_total, chunks_uploaded, permissions, uploader, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, 1, 1, ?, ?, ?, ?) RETURNING *`,
        ),
        f.bucketId,
        f.id,
        f.name,
        f.folder,
        f.mime,
        f.size,
        f.signature,
        JSON.stringify(f.permissions),
        f.uploader,
        now,
        now,
      );
    },

    hasChunk: (bucketId: string, fileId: string, chunk: number) =>
      db.prepare('SELECT 1 FROM file_chunks WHERE bucket_id = ? AND file_id = ? AND chunk = ?').get(bucketId, fileId, chunk) !== undefined,

    /**
     * Records a received chunk (the upload's row is made by its first chunk). `completes` is true for the one
     * chunk that makes the set whole; null when the upload belongs to someone else.
     */
    recordChunk(f: NewFile & { size: number; chunksTotal: number }, chunk: number): { row: FileRow; completes: boolean } | null {
      return db.transaction(() => {
        const now = isoNow();
        db.prepare(
          `INSERT OR IGNORE INTO files (bucket_id, id, name, folder, mime_type, size, signature, chunks_total, chunks_uploaded, permissions, uploader, created_at, updated_at)
           VALUES (?, ?, ?, ?, '', ?, '', ?, 0, ?, ?, ?, ?)`,
        ).run(f.bucketId, f.id, f.name, f.folder, f.size, f.chunksTotal, JSON.stringify(f.permissions), f.uploader, now, now);
        if ((getFile.get(f.bucketId, f.id) as FileRow).uploader !== f.uploader) return null;
        const added =
          db.prepare('INSERT OR IGNORE INTO file_chunks (bucket_id, file_id, chunk) VALUES (?, ?, ?)').run(f.bucketId, f.id, chunk)
            .changes === 1;
        if (added)
          db.prepare('UPDATE files SET chunks_uploaded = chunks_uploaded + 1, updated_at = ? WHERE bucket_id = ? AND id = ?').run(
            now,
            f.bucketId,
            f.id,
          );
        const row = getFile.get(f.bucketId, f.id) as FileRow;
        return { row, completes: added && row.chunks_uploaded === row.chunks_total };
      })();
    },

    /** The joined file passed its checks: it becomes a file anyone allowed may read. */
    complete(bucketId: string, fileId: string, mime: string, signature: string): FileRow {
      return db.transaction(() => {
        db.prepare('DELETE FROM file_chunks WHERE bucket_id = ? AND file_id = ?').run(bucketId, fileId);
        return returnedRow<FileRow>(
          db.prepare('UPDATE files SET mime_type = ?, signature = ?, updated_at = ? WHERE bucket_id = ? AND id = ? RETURNING *'),
          mime,
          signature,
          isoNow(),
          bucketId,
          fileId,
        );
      })();
    },

    /** Forgets an unfinished upload (refused content, or swept). */
    dropUpload(bucketId: string, fileId: string): void {
      db.transaction(() => {
        db.prepare("DELETE FROM files WHERE bucket_id = ? AND id = ? AND signature = ''").run(bucketId, fileId);
        db.prepare('DELETE FROM file_chunks WHERE bucket_id = ? AND file_id = ?').run(bucketId, fileId);
      })();
    },

    isUnfinished: (bucketId: string, fileId: string) =>
      db.prepare("SELECT 1 FROM files WHERE bucket_id = ? AND id = ? AND signature = ''").get(bucketId, fileId) !== undefined,

    /** Unfinished uploads started before `cutoffIso`. */
    staleUploads: (cutoffIso: string) =>
      db.prepare("SELECT bucket_id, id FROM files WHERE signature = '' AND created_at < ?").all(cutoffIso) as {
        bucket_id: string;
        id: string;
      }[],

    update: (seq: number, name: string, permissions: string[]) =>
      returnedRow<FileRow>(
        db.prepare('UPDATE files SET name = ?, permissions = ?, updated_at = ? WHERE seq = ? RETURNING *'),
        name,
        JSON.stringify(permissions),
        isoNow(),
        seq,
      ),

    remove: (seq: number) => void db.prepare('DELETE FROM files WHERE seq = ?').run(seq),
  };
}

export type FilesRepository = ReturnType<typeof filesRepository>;

const COMPRESSIONS = ['none', 'gzip', 'zstd'];

/**
 * A bucket's settings from a create or update body. A setting left out takes `base`'s value: the defaults
 * Appwrite gives a new bucket, or the bucket's current settings for an update.
 */
export function bucketSettingsFrom(
  b: Record<string, unknown>,
  caller: Caller,
  base: Omit<BucketSpec, 'id' | 'name'>,
): Omit<BucketSpec, 'id'> {
  const exts = b.allowedFileExtensions ?? base.allowedFileExtensions;
  if (!Array.isArray(exts) || exts.length > 100 || !exts.every((e) => typeof e === 'string' && /^[a-z0-9]{1,16}$/i.test(e)))
    throw invalidParam('allowedFileExtensions', 'Value must be an array of at most 100 file extensions (letters and digits)');
  const compression = b.compression ?? base.compression;
  if (typeof compression !== 'string' || !COMPRESSIONS.includes(compression))
    throw invalidParam('compression', `Value must be one of (${COMPRESSIONS.join(', ')})`);
  return {
    name: stringParam('name', b.name, { min: 1, max: 128 }),
    permissions: b.permissions == null ? base.permissions : parsePermissions(b.permissions, caller, ['create', 'read', 'update', 'delete']),
    fileSecurity: optionalBool('fileSecurity', b.fileSecurity, base.fileSecurity),
    enabled: optionalBool('enabled', b.enabled, base.enabled),
    maximumFileSize: optionalInt('maximumFileSize', b.maximumFileSize, base.maximumFileSize, 1, 5_000_000_000),
    allowedFileExtensions: [...new Set((exts as string[]).map((e) => e.toLowerCase()))],
    compression,
    encryption: optionalBool('encryption', b.encryption, base.encryption),
    antivirus: optionalBool('antivirus', b.antivirus, base.antivirus),
    transformations: optionalBool('transformations', b.transformations, base.transformations),
  };
}

const NEW_BUCKET: Omit<BucketSpec, 'id' | 'name'> = {
  permissions: [],
  fileSecurity: false,
  enabled: true,
  maximumFileSize: DEFAULT_MAX_FILE_SIZE,
  allowedFileExtensions: [],
  compression: 'none',
  encryption: true,
  antivirus: true,
  transformations: true,
};

export function bucketFrom(b: Record<string, unknown>, caller: Caller): BucketSpec {
  return { id: customId('bucketId', b.bucketId), ...bucketSettingsFrom(b, caller, NEW_BUCKET) };
}

export const listBuckets = (db: Db) => db.prepare('SELECT * FROM buckets ORDER BY created_at, id').all() as BucketRow[];

/** A bucket's settings as their columns store them, in the order both statements below name them. */
const bucketColumns = (s: BucketSpec) => [
  s.name,
  JSON.stringify(s.permissions),
  s.fileSecurity ? 1 : 0,
  s.enabled ? 1 : 0,
  s.maximumFileSize,
  JSON.stringify(s.allowedFileExtensions),
  s.compression,
  s.encryption ? 1 : 0,
  s.antivirus ? 1 : 0,
  s.transformations ? 1 : 0,
];

export function updateBucket(db: Db, s: BucketSpec) {
  db.prepare(
    `UPDATE buckets SET name = ?, permissions = ?, file_security = ?, enabled = ?, maximum_file_size = ?, allowed_file_extensions = ?,
       compression = ?, encryption = ?, antivirus = ?, transformations = ?, updated_at = ? WHERE id = ?`,
  ).run(...bucketColumns(s), isoNow(), s.id);
}

export function createBucket(db: Db, s: BucketSpec) {
  const now = isoNow();
  try {
    db.prepare(
      `INSERT INTO buckets (id, name, permissions, file_security, enabled, maximum_file_size, allowed_file_extensions, compression, encryption, antivirus, transformations, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(s.id, ...bucketColumns(s), now, now);
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
      throw new AppwriteError(409, 'storage_bucket_already_exists', 'A storage bucket with the requested ID already exists.');
    throw err;
  }
}
