// Runs every benchmark, prints a Markdown table and writes bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { benchBundleSize } from './bundle-size';
import { benchCertificate } from './certificate';
import { benchCreateDocument } from './create-document';
import { benchListDocuments } from './list-documents';
import { startServerProcess, type BenchServer } from './server-process';
import { benchUploadImage } from './upload-image';
import { benchImport } from './import';
import { benchStaffTable } from './staff-table';
import { benchOfflineStart } from './offline-start';
import { benchOutboxDrain } from './outbox-drain';
import { benchWizard } from './wizard';
import { benchWarranties } from './warranties';
import type { Row } from './common';

const OVERALL_MS = 20 * 60_000;

let server: BenchServer | null = null;
const killServer = () => {
  if (server) process.kill(server.pid, 'SIGTERM');
};
process.once('exit', () => {
  try {
    killServer();
  } catch {
    /* already gone */
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const watchdog = setTimeout(() => {
  console.error(`benchmarks did not finish within ${OVERALL_MS / 60_000} minutes`);
  process.exit(1);
}, OVERALL_MS);
watchdog.unref();

async function section(name: string, fn: () => Promise<Row[]>): Promise<Row[]> {
  process.stderr.write(`running ${name}…\n`);
  try {
    return await fn();
  } catch (err) {
    return [{ name: `${name} (failed: ${(err as Error).message.slice(0, 120)})`, value: 'error', unit: '', pass: false }];
  }
}

const rows: Row[] = [];
try {
  server = await startServerProcess();
  const s = server;
  rows.push(...(await section('createDocument', () => benchCreateDocument(s))));
  rows.push(...(await section('list documents', () => benchListDocuments(s))));
  rows.push(...(await section('image upload', () => benchUploadImage(s))));
  rows.push(...(await section('import', () => benchImport(s))));
} finally {
  await server?.stop();
  server = null;
}
rows.push(...(await section('staff table', benchStaffTable)));
rows.push(...(await section('offline start', benchOfflineStart)));
rows.push(...(await section('outbox drain', () => benchOutboxDrain({ via: 'customer', records: 100 }))));
rows.push(...(await section('counter drain', () => benchOutboxDrain({ via: 'counter', records: 50 }))));
rows.push(...(await section('customer wizard', benchWizard)));
rows.push(...(await section('warranties', benchWarranties)));
rows.push(...(await section('bundle size', benchBundleSize)));
rows.push(...(await section('certificate', benchCertificate)));

const cell = (s: string) => s.replace(/\|/g, '\\|');
const lines = [
  '| benchmark | result | target | met |',
  '| --- | ---: | --- | :---: |',
  ...rows.map(
    (r) =>
      `| ${cell(r.name)} | ${r.value}${r.unit ? ` ${r.unit}` : ''} | ${r.target ?? ''} | ${r.pass === undefined ? '' : r.pass ? 'yes' : 'no'} |`,
  ),
];
console.log(lines.join('\n'));

const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(totalmem() / 2 ** 30),
  os: `${platform()} ${release()}`,
  node: process.version,
};
const results = new URL('./results/', import.meta.url);
mkdirSync(results, { recursive: true });
writeFileSync(new URL('latest.json', results), `${JSON.stringify({ date: new Date().toISOString(), machine, rows }, null, 2)}\n`);
clearTimeout(watchdog);
