// Where file bytes live under DATA_DIR/storage: whole files, the parts of unfinished uploads, and cached previews.
// Every write goes to a temporary name first and is renamed into place, so a crash never leaves half a file.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export function fileStore(dataDir: string) {
  const root = join(dataDir, 'storage');
  const filePath = (bucketId: string, fileId: string) => join(root, 'files', bucketId, fileId);
  const partsDir = (bucketId: string, fileId: string) => join(root, 'uploads', bucketId, fileId);
  const previewDir = (bucketId: string, fileId: string) => join(root, 'previews', bucketId, fileId);

  // Folders known to exist, so a write costs no mkdir; one removed since is made again when the write misses it.
  const folders = new Set<string>();
  const writeAtomic = async (path: string, bytes: Uint8Array) => {
    const dir = dirname(path);
    const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    if (!folders.has(dir)) await mkdir(dir, { recursive: true });
    try {
      await writeFile(tmp, bytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await mkdir(dir, { recursive: true });
      await writeFile(tmp, bytes);
    }
    folders.add(dir);
    await rename(tmp, path);
  };

  return {
    filePath,
    read: (bucketId: string, fileId: string) => readFile(filePath(bucketId, fileId)),
    writeWhole: (bucketId: string, fileId: string, bytes: Uint8Array) => writeAtomic(filePath(bucketId, fileId), bytes),
    writePart: (bucketId: string, fileId: string, chunk: number, bytes: Uint8Array) =>
      writeAtomic(join(partsDir(bucketId, fileId), String(chunk)), bytes),

    /** Joins parts 0..count-1 into a file kept aside until `commit` (or `discard`); returns its bytes and MD5. */
    async join(bucketId: string, fileId: string, count: number) {
      const target = filePath(bucketId, fileId);
      await mkdir(dirname(target), { recursive: true });
      const tmp = `${target}.joining`;
      const hash = createHash('md5');
      const out = createWriteStream(tmp);
      for (let i = 0; i < count; i++) {
        const part = await readFile(join(partsDir(bucketId, fileId), String(i)));
        hash.update(part);
        if (!out.write(part)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      return {
        bytes: new Uint8Array(await readFile(tmp)),
        md5: hash.digest('hex'),
        commit: async () => {
          await rename(tmp, target);
          await rm(partsDir(bucketId, fileId), { recursive: true, force: true });
        },
        discard: async () => {
          await rm(tmp, { force: true });
          await rm(partsDir(bucketId, fileId), { recursive: true, force: true });
        },
      };
    },

    removeParts: (bucketId: string, fileId: string) => rm(partsDir(bucketId, fileId), { recursive: true, force: true }),

    async remove(bucketId: string, fileId: string) {
      await rm(filePath(bucketId, fileId), { force: true });
      await rm(previewDir(bucketId, fileId), { recursive: true, force: true });
    },

    readPreview: (bucketId: string, fileId: string, key: string) => readFile(join(previewDir(bucketId, fileId), key)),
    writePreview: (bucketId: string, fileId: string, key: string, bytes: Uint8Array) =>
      writeAtomic(join(previewDir(bucketId, fileId), key), bytes),

    /** Part folders older than `olderThanMs` whose upload `isUnfinished` no longer knows (a crash between a part and its row). */
    async orphanParts(olderThanMs: number, isUnfinished: (bucketId: string, fileId: string) => boolean) {
      const uploads = join(root, 'uploads');
      const found: string[] = [];
      for (const bucket of await readdir(uploads).catch(() => [] as string[])) {
        for (const id of await readdir(join(uploads, bucket)).catch(() => [] as string[])) {
          const dir = join(uploads, bucket, id);
          const modified = (await stat(dir).catch(() => null))?.mtimeMs ?? Infinity;
          if (modified < Date.now() - olderThanMs && !isUnfinished(bucket, id)) found.push(dir);
        }
      }
      return found;
    },
    removeDir: (dir: string) => rm(dir, { recursive: true, force: true }),
  };
}

export type FileStore = ReturnType<typeof fileStore>;
