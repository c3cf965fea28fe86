// One production build of the PWA per benchmark process, in a temporary folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let dist: string | null = null;

export function appBuild(): string {
  if (dist && existsSync(join(dist, 'index.html'))) return dist;
  const out = mkdtempSync(join(tmpdir(), 'warranty-bench-app-'));
  const res = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', out, '--emptyOutDir'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  if (res.status !== 0 || !existsSync(join(out, 'index.html')))
    throw new Error(`vite build failed: ${(res.stderr || res.stdout).slice(0, 200)}`);
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  dist = out;
  return out;
}

/** tsx names arrow functions with a __name helper that page code does not have. */
export const NAME_SHIM = { content: 'globalThis.__name = (f) => f;' };
