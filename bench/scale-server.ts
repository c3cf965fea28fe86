// The staff's server search at 100,000 and 1,000,000 registrations: a DATA_DIR is filled in the server's own format
// (straight into its SQLite store, in transactions, through the same documents table and fulltext triggers the server
// writes through), the server started on it, and measured: searchAppwriteSubmissions p50/p95 over 50 varied terms
// with a staff token, createDocument throughput at that size against an empty store, and the write-ahead log's size.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../server/store/sqlite';
import { createFulltext, dropFulltext } from '../server/appwrite/fulltext';
import type { IndexSpec } from '../server/appwrite/schema';
import { bundledCatalog } from '../netlify/lib/products/catalog';
import { fold, searchTextOf } from '../src/shared/search-text';
import { percentile, round, staffToken, type Row } from './common';
import { benchCreateDocument } from './create-document';
import { startServerProcess, type BenchServer } from './server-process';
import { prng } from '../tests/helpers/fixtures';
import { markMigrated } from './fill-submissions';

const SIZES = [100_000, 1_000_000];
const ROUNDS = 3;
/** Registrations changed over the last 150 days: none is due a yearly or six-monthly reminder, so no mail sweep runs during the measures. */
const SPAN_MS = 150 * 86_400_000;
const SEARCH_INDEX: IndexSpec = { key: 'search_text', type: 'fulltext', attributes: ['search_text'], orders: [] };

const FIRST = ['Ada', 'Grace', 'Zoë', 'Émilie', 'Søren', 'José', 'Marie', 'Chloé', 'Björn', 'Ana', 'Noël', 'Ines', 'Lena', 'Omar', 'Yuki'];
const MORE_FIRST = ['Liam', 'Olivia', 'Mateo', 'Sofía', 'Ahmed', 'Priya', 'Chen', 'Hannah', 'Lucas', 'Amélie', 'Kofi', 'Mila', 'Aiden'];
const LAST = ['Lovelace', 'Hopper', 'Ångström-Núñez', 'du Châtelet', 'Kierkegaard', 'García', 'Curie', 'Dubois', 'Müller', 'Øster'];
const MORE_LAST = ['Smith', 'Nguyen', 'Kowalski', 'O’Brien', 'Rossi', 'Schäfer', 'Haddad', 'Takahashi', 'Fernández', 'Jensen', 'Silva'];
const DOMAINS = ['mail.example', 'post.example.org', 'inbox.example.net', 'maison.example'];

/** Seeds the schema with a first start, then writes `n` registrations as the server stores them. */
export async function fill(dataDir: string, n: number): Promise<{ staff: BenchServer['staff']; ms: number }> {
  const first = await startServerProcess(60_000, { dataDir });
  const staff = first.staff;
  await first.stop();
  const started = performance.now();
  const db = openDb(dataDir);
  db.pragma('cache_size = -400000');
  // Rows first, then the fulltext index filled from them in one statement, as for an index made after its documents.
  dropFulltext(db, 'warranty', 'submissions', SEARCH_INDEX.key);
  const catalog = bundledCatalog();
  const first_ = [...FIRST, ...MORE_FIRST];
  const last_ = [...LAST, ...MORE_LAST];
  const rand = prng(n);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const insert = db.prepare(
    "INSERT INTO documents (database_id, collection_id, id, data, permissions, created_at, updated_at) VALUES ('warranty', 'submissions', ?, ?, ?, ?, ?)",
  );
  const permissions = JSON.stringify(['read("label:server")']);
  const from = Date.now() - SPAN_MS;
  const BATCH = 50_000;
  for (let k0 = 0; k0 < n; k0 += BATCH) {
    db.transaction(() => {
      for (let k = k0; k < Math.min(n, k0 + BATCH); k++) {
        const name = `${pick(first_)} ${pick(last_)}`;
        const products = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => pick(catalog));
        const fields = {
          full_name: name,
          email: `${fold(name).replace(/[^a-z]+/g, '.')}${k}@${pick(DOMAINS)}`,
          selected_product: products.map((p) => p.title).join(', '),
          product_sku: products.map((p) => p.sku || p.title).join(', '),
        };
        const at = new Date(from + Math.floor((k / n) * SPAN_MS)).toISOString().replace('Z', '+00:00');
        const data = {
          ...fields,
          phone: '+1 555 0100',
          address: `${k} Main Street, Springfield`,
          user_id: null,
          image_file_id: '',
          submitted_at: at,
          status: 'confirmed',
          store: '',
          search_text: searchTextOf(fields),
        };
        insert.run(`s${k.toString(36)}`, JSON.stringify(data), permissions, at, at);
      }
    })();
  }
  const indexed = performance.now();
  db.transaction(() => createFulltext(db, 'warranty', 'submissions', SEARCH_INDEX))();
  markMigrated(db);
  process.stderr.write(
    `  ${n}: rows ${round((indexed - started) / 1000, 1)} s, fulltext index ${round((performance.now() - indexed) / 1000, 1)} s\n`,
  );
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { staff, ms: performance.now() - started };
}

/** Fifty terms as staff type them: name parts, e-mail parts, product words, SKUs, accented names, several terms, misses. */
export function terms(): string[] {
  const catalog = bundledCatalog();
  const skus = catalog.filter((p) => p.sku).map((p) => p.sku);
  const words = [...new Set(catalog.flatMap((p) => p.title.split(/\s+/)).filter((w) => w.length >= 4))];
  return [
    ...['lovelace', 'Hopper', 'kierke', 'curie', 'garcia', 'müller', 'Ångström', 'nunez', 'chatelet', 'oster', 'Søren', 'chloe'],
    ...['ada lovelace', 'zoe nunez', 'grace hopper', 'emilie du', 'jose garcia', 'noël dubois'],
    ...['@maison.example', 'inbox.example', 'ada.lovelace', 'yuki.hopper1', '4242@', 'kowalski77'],
    ...words.slice(0, 8),
    ...skus.slice(0, 6),
    ...[skus[7]!.slice(0, 6), `${words[0]} ${words[1]}`, `lovelace ${words[2]}`],
    ...['xylophone', 'qqzzq', 'nobody here', 'zzz-999', 'lovelace hopper', 'ada xq', 'émile zola', 'núñez-ångström', 'RNG-0000'],
  ].slice(0, 50);
}

/** Search p50/p95 (ms) over every term, ROUNDS times, one at a time; and how many terms found something. */
export async function searchTimes(server: BenchServer, token: string) {
  const list = terms();
  const times: number[] = [];
  const slowest = new Map<string, number>();
  let hits = 0;
  for (let r = 0; r < ROUNDS; r++)
    for (const q of list) {
      const started = performance.now();
      const res = await fetch(`${server.base}/.netlify/functions/searchAppwriteSubmissions?q=${encodeURIComponent(q)}`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await res.json()) as { submissions?: unknown[]; error?: string };
      const ms = performance.now() - started;
      times.push(ms);
      slowest.set(q, Math.max(ms, slowest.get(q) ?? 0));
      if (!res.ok) throw new Error(`search "${q}": ${res.status} ${body.error}`);
      if (r === 0 && body.submissions!.length) hits++;
    }
  times.sort((a, b) => a - b);
  const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 3);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    worst: worst.map(([q, ms]) => `"${q}" ${Math.round(ms)}`).join(', '),
    terms: list.length,
    hits,
  };
}

const walMb = (dataDir: string) => {
  try {
    return round(statSync(join(dataDir, 'warranty.sqlite-wal')).size / 2 ** 20, 1);
  } catch {
    return 0;
  }
};

async function atSize(n: number): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'warranty-scale-'));
  try {
    const { staff, ms } = await fill(dataDir, n);
    const server = await startServerProcess(120_000, { dataDir });
    try {
      // The first sweep after a start (3 s) reads every row once; measured after it.
      await new Promise((r) => setTimeout(r, 3_500));
      const token = await staffToken(server, staff);
      await searchTimes(server, token); // warm-up (and waits out the sweep), not reported
      const s = await searchTimes(server, token);
      const size = n.toLocaleString('en-US');
      const create = await benchCreateDocument(server);
      const rows: Row[] = [
        { name: `server search ${size}: filling the store (direct SQLite, fulltext triggers)`, value: round(ms / 1000, 1), unit: 's' },
        {
          name: `server search ${size}: staff search p50 (${s.terms} terms × ${ROUNDS}, ${s.hits} terms with matches)`,
          value: round(s.p50, 1),
          unit: 'ms',
        },
        {
          name: `server search ${size}: staff search p95`,
          value: round(s.p95, 1),
          unit: 'ms',
          ...(n >= 1_000_000 ? { target: '≤ 50', pass: s.p95 <= 50 } : {}),
        },
        { name: `server search ${size}: slowest search`, value: round(s.max, 1), unit: 'ms' },
        { name: `server search ${size}: slowest terms (ms)`, value: s.worst, unit: '' },
        ...create.map((r) => ({ ...r, name: `server search ${size}: ${r.name}`, target: undefined, pass: undefined })),
      ];
      rows.push({ name: `server search ${size}: write-ahead log after the creates (server running)`, value: walMb(dataDir), unit: 'MB' });
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchScaleServer(sizes = SIZES): Promise<Row[]> {
  const rows: Row[] = [];
  const empty = await startServerProcess();
  try {
    const create = await benchCreateDocument(empty);
    rows.push(...create.map((r) => ({ ...r, name: `server search, empty store: ${r.name}`, target: undefined, pass: undefined })));
  } finally {
    await empty.stop();
  }
  for (const n of sizes) rows.push(...(await atSize(n)));
  return rows;
}
