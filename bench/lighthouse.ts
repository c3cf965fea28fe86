// Lighthouse (default mobile config, simulated throttling) on / and /login of the built app served by server/, each
// page several times in its own headless Chromium: the median performance and accessibility scores; and accessibility
// alone on the staff sign-in (/login/staff).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../tests/helpers/browser';
import { startTestServer } from '../tests/helpers/server';
import { appBuild } from './app-build';
import type { Row } from './common';

const BIN = fileURLToPath(new URL('../node_modules/lighthouse/cli/index.js', import.meta.url));
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const RUNS = 5;

type Scores = { performance: number; accessibility: number; lcpMs: number; tbtMs: number; failed: string[] };

function runOnce(url: string, categories = ['performance', 'accessibility']): Promise<Scores> {
  return new Promise((resolve, reject) => {
    const args = [
      BIN,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--only-categories=${categories.join(',')}`,
      `--chrome-flags=${CHROME_FLAGS}`,
    ];
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    const timer = setTimeout(() => child.kill('SIGINT'), 120_000); // SIGINT: Lighthouse closes its Chrome
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`lighthouse ${url} exited ${code}: ${err.slice(-300)}`));
      const lhr = JSON.parse(out) as {
        categories: { performance?: { score: number | null }; accessibility: { score: number | null; auditRefs: { id: string }[] } };
        audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number }>;
      };
      const a11y = lhr.categories.accessibility;
      const failed = a11y.auditRefs
        .map((r) => r.id)
        .filter((id) => lhr.audits[id]?.scoreDisplayMode === 'binary' && lhr.audits[id]?.score === 0);
      resolve({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((a11y.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        failed,
      });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Figures before the prerendered start page, on this machine (Lighthouse 12.8, mobile). */
const BEFORE: Record<string, { lcp?: string }> = { '/': { lcp: '2.0 s' } };

export async function lighthouseScores(baseUrl: string, paths = ['/', '/login']): Promise<Row[]> {
  const rows: Row[] = [];
  for (const path of paths) {
    const runs: Scores[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(baseUrl + path));
    const perf = median(runs.map((r) => r.performance));
    const a11y = median(runs.map((r) => r.accessibility));
    const lcp = median(runs.map((r) => r.lcpMs)) / 1000;
    const failed = [...new Set(runs.flatMap((r) => r.failed))];
    rows.push(
      {
        name: `Lighthouse mobile ${path}: performance, median of ${RUNS} (${runs.map((r) => r.performance).join(', ')})`,
        value: perf,
        unit: '',
        target: '100',
        pass: perf === 100,
      },
      {
        name: `Lighthouse mobile ${path}: LCP, median`,
        value: lcp.toFixed(1),
        unit: 's',
        before: BEFORE[path]?.lcp,
        ...(path === '/' ? { target: '≤ 1.2 s', pass: lcp <= 1.2 } : {}),
      },
      { name: `Lighthouse mobile ${path}: TBT, median`, value: Math.round(median(runs.map((r) => r.tbtMs))), unit: 'ms' },
      {
        name: `Lighthouse mobile ${path}: accessibility${failed.length ? ` (failed: ${failed.join(', ')})` : ''}`,
        value: a11y,
        unit: '',
        target: '100',
        pass: a11y === 100,
      },
    );
  }
  return rows;
}

/** Accessibility alone (it does not vary between runs): one run. */
export async function lighthouseAccessibility(baseUrl: string, path: string): Promise<Row> {
  const run = await runOnce(baseUrl + path, ['accessibility']);
  return {
    name: `Lighthouse ${path}: accessibility${run.failed.length ? ` (failed: ${run.failed.join(', ')})` : ''}`,
    value: run.accessibility,
    unit: '',
    target: '100',
    pass: run.accessibility === 100,
  };
}

export async function benchLighthouse(): Promise<Row[]> {
  if (!chromiumPath) return [{ name: 'Lighthouse (no Chromium found)', value: 'skipped', unit: '' }];
  const server = await startTestServer({ staticDir: appBuild() });
  try {
    return [...(await lighthouseScores(server.url)), await lighthouseAccessibility(server.url, '/login/staff')];
  } finally {
    await server.dispose();
  }
}
