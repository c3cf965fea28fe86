// Raw and gzip (level 9) size of every production file in dist/ (code and styles one by one, images together), building
// first when dist/ is missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Row } from './common';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

function chunks(): string[] {
  const assets = join(DIST, 'assets');
  const inAssets = existsSync(assets) ? readdirSync(assets).map((f) => join('assets', f)) : [];
  const topJs = readdirSync(DIST).filter((f) => f.endsWith('.js'));
  return [...inAssets, ...topJs].filter((f) => statSync(join(DIST, f)).isFile()).sort();
}

export async function benchBundleSize(): Promise<Row[]> {
  if (!existsSync(DIST)) {
    const build = spawnSync('npx', ['vite', 'build'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 180_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    if (build.status !== 0 || !existsSync(DIST)) {
      const colour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'); // ANSI colour codes
      const output = `${build.stdout ?? ''}\n${build.stderr ?? ''}`.replace(colour, '');
      const reason =
        output
          .split('\n')
          .find((l) => /^\[[A-Z_]+\]|^error /i.test(l.trim()) && !/^error during build/.test(l))
          ?.trim() ?? 'vite build failed';
      return [{ name: `production bundle (${reason.slice(0, 100)})`, value: 'build missing', unit: '' }];
    }
  }
  const files = chunks();
  let raw = 0;
  let gz = 0;
  // Code and styles a row each; images (the phone step's country flags, the fonts' files) summed in one row.
  const images = { count: 0, raw: 0, gz: 0 };
  const rows: Row[] = [];
  for (const f of files) {
    const bytes = readFileSync(join(DIST, f));
    const g = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gz += g;
    if (/\.(js|css)$/.test(f)) rows.push({ name: `chunk ${f} (raw ${kb(bytes.length)} KB)`, value: kb(g), unit: 'KB gzip' });
    else Object.assign(images, { count: images.count + 1, raw: images.raw + bytes.length, gz: images.gz + g });
  }
  rows.push({ name: `${images.count} images and other files (raw ${kb(images.raw)} KB)`, value: kb(images.gz), unit: 'KB gzip' });
  rows.push({ name: `all ${files.length} files (raw ${kb(raw)} KB)`, value: kb(gz), unit: 'KB gzip' });
  return rows;
}
