// Lighthouse (default mobile config, simulated throttling) on / and /login of a running
// server, each page several times in its own headless Chromium; the median performance and accessibility scores.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../tests/helpers/browser';
import type { Row } from './common';

const BIN = fileURLToPath(new URL('../node_modules/lighthouse/cli/index.js', import.meta.url));
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const RUNS = 5;

type Scores = { performance: number; accessibility: number; lcpMs: number; tbtMs: number; failed: string[] };

function runOnce(url: string): Promise<Scores> {
  return new Promise((resolve, reject) => {
    const args = [
      BIN,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility',
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
        categories: Record<'performance' | 'accessibility', { score: number | null; auditRefs: { id: string }[] }>;
        audits: Record<string, { score: number | null; scoreDisplayMode: string; numericValue?: number }>;
      };
      const a11y = lhr.categories.accessibility;
      const failed = a11y.auditRefs
        .map((r) => r.id)
        .filter((id) => lhr.audits[id]?.scoreDisplayMode === 'binary' && lhr.audits[id]?.score === 0);
      resolve({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((a11y.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        failed,
      });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function lighthouseScores(baseUrl: string, paths = ['/', '/login']): Promise<Row[]> {
  const rows: Row[] = [];
  for (const path of paths) {
    const runs: Scores[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await runOnce(baseUrl + path));
    const perf = median(runs.map((r) => r.performance));
    const a11y = median(runs.map((r) => r.accessibility));
    const failed = [...new Set(runs.flatMap((r) => r.failed))];
    rows.push(
      {
        name: `Lighthouse mobile ${path}: performance, median of ${RUNS} (${runs.map((r) => r.performance).join(', ')})`,
        value: perf,
        unit: '',
        target: '≥ 95',
        pass: perf >= 95,
      },
      {
        name: `Lighthouse mobile ${path}: LCP / TBT, medians`,
        value: `${(median(runs.map((r) => r.lcpMs)) / 1000).toFixed(1)} s / ${Math.round(median(runs.map((r) => r.tbtMs)))} ms`,
        unit: '',
      },
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
