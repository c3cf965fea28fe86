// Backups of DATA_DIR while the server runs: the database through SQLite's online backup (a consistent snapshot,
// writers never wait), then the stored photos and the server's keys. Files are written before the rows that name
// them, so every file a snapshotted row names is already on disk when the files are copied after it.
import Database from 'better-sqlite3';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DB_FILE } from './store/sqlite';

const KEPT = ['secrets.json'];

export type BackupManifest = { createdAt: string; database: string; files: number };

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/** Writes a backup of `dataDir` into `target` (a new or empty folder). */
export async function backup(dataDir: string, target: string): Promise<BackupManifest> {
  const source = join(dataDir, DB_FILE);
  if (!existsSync(source)) throw new Error(`There is no database at ${source}: is DATA_DIR right?`);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`${target} is not empty: back up into a new folder.`);
  mkdirSync(target, { recursive: true });
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(join(target, DB_FILE));
  } finally {
    db.close();
  }
  for (const name of KEPT) if (existsSync(join(dataDir, name))) cpSync(join(dataDir, name), join(target, name));
  const files = join(dataDir, 'storage', 'files');
  if (existsSync(files))
    cpSync(files, join(target, 'storage', 'files'), {
      recursive: true,
      filter: (src) => !src.endsWith('.tmp') && !src.endsWith('.joining'),
    });
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: DB_FILE,
    files: countFiles(join(target, 'storage', 'files')),
  };
  writeFileSync(join(target, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back into `dataDir` (the server must be stopped). An existing DATA_DIR is kept aside as
 * `<DATA_DIR>.before-restore-<time>` only with `force`; without it, a DATA_DIR holding a database is refused.
 */
export function restore(
  from: string,
  dataDir: string,
  opts: { force?: boolean } = {},
): { keptAside: string | null; manifest: BackupManifest } {
  const manifestFile = join(from, 'backup.json');
  if (!existsSync(manifestFile) || !existsSync(join(from, DB_FILE))) throw new Error(`${from} is not a backup made by npm run backup.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
  let keptAside: string | null = null;
  if (existsSync(join(dataDir, DB_FILE))) {
    if (!opts.force)
      throw new Error(`${dataDir} already holds a database. Stop the server and run again with --force to keep it aside and restore.`);
    keptAside = `${resolve(dataDir)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAside);
  }
  mkdirSync(dataDir, { recursive: true });
  cpSync(join(from, DB_FILE), join(dataDir, DB_FILE));
  for (const name of KEPT) if (existsSync(join(from, name))) cpSync(join(from, name), join(dataDir, name));
  if (existsSync(join(from, 'storage'))) cpSync(join(from, 'storage'), join(dataDir, 'storage'), { recursive: true });
  return { keptAside, manifest };
}
