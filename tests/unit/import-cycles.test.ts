// No module of the app imports itself back through others: layers stay layers (the lint rule checks their
// directions; this checks cycles inside a layer, such as the wizard's rules, types and products once had).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SRC = join(ROOT, 'src');
/** The app, the functions, the embedded server, the build and the scripts: every module the product runs. */
const LAYERS = ['src', 'netlify', 'server', 'build', 'scripts'].map((d) => join(ROOT, d));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** What ties a module to another: an import (type-only ones too) or a re-export (`export … from`). */
const EDGE = /^(?:import\s[^'"]*|export\s[^'";]*\sfrom\s*)['"]([^'"]+)['"]/gm;

function target(from: string, spec: string): string | null {
  const base = spec.startsWith('@/') ? join(SRC, spec.slice(2)) : spec.startsWith('.') ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      /* not this one */
    }
  }
  return null;
}

describe('imports', () => {
  it('form no cycle anywhere in the app, the functions, the server, the build or the scripts', () => {
    const files = LAYERS.flatMap(sources);
    const graph = new Map(
      files.map((f) => [f, [...readFileSync(f, 'utf8').matchAll(EDGE)].map((m) => target(f, m[1]!)).filter((t): t is string => !!t)]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, path: string[]) => {
      state.set(node, 'open');
      for (const next of graph.get(node) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].map((p) => p.slice(ROOT.length)).join(' → '));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(node, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f, [f]);
    expect(cycles).toEqual([]);
  });
});
