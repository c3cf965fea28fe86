// File storage: routes over a files repository (SQLite rows), a file store (bytes on disk) and previews.
import { isoNow } from '../util';
import type { AppwriteBackend } from '../backend';
import { fileStore } from './file-store';
import { filesRepository } from './files-repository';

export { storageRoutes, CHUNK_SIZE } from './routes';
export { bucketFrom, createBucket, type BucketSpec } from './files-repository';
export { PREVIEW_SIZES } from './previews';

/** Removes chunked uploads started more than uploadTtlMs ago and never finished, with their parts on disk. */
export async function sweepUploads(be: AppwriteBackend): Promise<number> {
  const files = filesRepository(be.db);
  const store = fileStore(be.dataDir);
  const stale = files.staleUploads(isoNow(Date.now() - be.uploadTtlMs));
  for (const f of stale) {
    files.dropUpload(f.bucket_id, f.id);
    await store.removeParts(f.bucket_id, f.id);
  }
  for (const dir of await store.orphanParts(be.uploadTtlMs, files.isUnfinished)) await store.removeDir(dir);
  return stale.length;
}
