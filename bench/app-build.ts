// One production build of the PWA per benchmark process, in a temporary folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { chromiumPath, launch } from '../tests/helpers/browser';
import { startTestServer, type TestServer } from '../tests/helpers/server';
import type { Row } from './common';

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

/**
 * The built app on a test server, and Chromium: `use` gets both (and the build's folder), then they close. On a machine
 * without Chromium, the one row "`what` (no Chromium found)", skipped.
 */
export async function inBuiltApp(what: string, use: (app: { server: TestServer; browser: Browser; dist: string }) => Promise<Row[]>) {
  if (!chromiumPath) return [{ name: `${what} (no Chromium found)`, value: 'skipped', unit: '' }];
  const dist = appBuild();
  const server = await startTestServer({ staticDir: dist });
  const browser = await launch();
  try {
    return await use({ server, browser, dist });
  } finally {
    await browser.close();
    await server.dispose();
  }
}

/** tsx names arrow functions with a __name helper that page code does not have. */
export const NAME_SHIM = { content: 'globalThis.__name = (f) => f;' };
