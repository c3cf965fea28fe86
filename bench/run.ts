// Runs every benchmark, prints a Markdown table and writes bench/results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { benchBundleSize } from './bundle-size';
import { benchCertificate } from './certificate';
import { benchCreateDocument } from './create-document';
import { benchListDocuments } from './list-documents';
import { startServerProcess, type BenchServer } from './server-process';
import { benchUploadImage } from './upload-image';
import { benchImport } from './import';
import { benchStaffTable } from './staff-table';
import { benchClaimsQueue } from './claims-queue';
import { benchNewStaffDevice } from './new-staff-device';
import { benchOfflineStart } from './offline-start';
import { benchOutboxDrain } from './outbox-drain';
import { benchWizard } from './wizard';
import { benchPhotoPath } from './photo-path';
import { benchLighthouse } from './lighthouse';
import { benchStartPage } from './start-page';
import { benchWarranties } from './warranties';
import { benchClaimReport } from './claim-report';
import { benchScaleServer } from './scale-server';
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

/** The 1-minute load average, so a reader can tell a slow figure on a busy machine from a regression. */
const load = () => loadavg()[0]!.toFixed(2);

async function section(name: string, fn: () => Promise<Row[]>): Promise<Row[]> {
  process.stderr.write(`running ${name}…\n`);
  const before = load();
  let rows: Row[];
  try {
    rows = await fn();
  } catch (err) {
    rows = [{ name: `${name} (failed: ${(err as Error).message.slice(0, 120)})`, value: 'error', unit: '', pass: false }];
  }
  return [{ name: `${name}: load average (1 min) before → after`, value: `${before} → ${load()}`, unit: '' }, ...rows];
}

// `npm run bench -- --only=staff-table,lighthouse` runs only the parts named (all of them without it).
const PARTS = {
  'create-document': 'createDocument',
  'list-documents': 'list documents',
  'image-upload': 'image upload',
  import: 'import',
  'staff-table': 'staff table',
  claims: 'claims queue',
  'new-staff-device': 'new staff device',
  'offline-start': 'offline start',
  'outbox-drain': 'outbox drain',
  'outbox-drain-busy': 'outbox drain beside a busy core',
  'counter-drain': 'counter drain',
  certificate: 'certificate',
  wizard: 'customer wizard',
  'photo-path': 'photo path against the original',
  'start-page': 'start page',
  lighthouse: 'Lighthouse',
  'bundle-size': 'bundle size',
  warranties: '/warranties',
  'claim-report': 'claim report with two 12 MP photos',
  'scale-server': 'server search at scale',
} as const;
type Part = keyof typeof PARTS;
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',').filter(Boolean) : null;
const unknown = only?.filter((p) => !(p in PARTS)) ?? [];
if (unknown.length) {
  console.error(`unknown part ${unknown.join(', ')}; parts: ${Object.keys(PARTS).join(', ')}`);
  process.exit(2);
}
/** `--sizes=100000` limits the new staff device part to these server sizes. */
const sizesArg = () =>
  process.argv
    .find((a) => a.startsWith('--sizes='))
    ?.slice('--sizes='.length)
    .split(',')
    .map(Number);
const wanted = (part: Part) => !only || only.includes(part);
const run = async (part: Part, fn: () => Promise<Row[]>) => (wanted(part) ? section(PARTS[part], fn) : []);

const rows: Row[] = [];
const serverParts: Part[] = ['create-document', 'list-documents', 'image-upload', 'import'];
if (serverParts.some(wanted)) {
  try {
    server = await startServerProcess();
    const s = server;
    rows.push(...(await run('create-document', () => benchCreateDocument(s))));
    rows.push(...(await run('list-documents', () => benchListDocuments(s))));
    rows.push(...(await run('image-upload', () => benchUploadImage(s))));
    rows.push(...(await run('import', () => benchImport(s))));
  } finally {
    await server?.stop();
    server = null;
  }
}
rows.push(...(await run('staff-table', benchStaffTable)));
rows.push(...(await run('claims', benchClaimsQueue)));
rows.push(...(await run('new-staff-device', () => benchNewStaffDevice(sizesArg()))));
rows.push(...(await run('offline-start', benchOfflineStart)));
rows.push(...(await run('outbox-drain', () => benchOutboxDrain({ via: 'customer', records: 100 }))));
rows.push(...(await run('outbox-drain-busy', () => benchOutboxDrain({ via: 'customer', records: 100, busyCore: true }))));
rows.push(...(await run('counter-drain', () => benchOutboxDrain({ via: 'counter', records: 50 }))));
rows.push(...(await run('wizard', benchWizard)));
rows.push(...(await run('photo-path', benchPhotoPath)));
rows.push(...(await run('start-page', benchStartPage)));
rows.push(...(await run('lighthouse', benchLighthouse)));
rows.push(...(await run('bundle-size', benchBundleSize)));
rows.push(...(await run('warranties', benchWarranties)));
rows.push(...(await run('claim-report', benchClaimReport)));
rows.push(...(await run('certificate', benchCertificate)));
// SCALE_SIZES=100000 runs one size only (e.g. while working on the search); by default 100,000 and 1,000,000.
rows.push(...(await run('scale-server', () => benchScaleServer(process.env.SCALE_SIZES?.split(',').map(Number)))));

const cell = (s: string) => s.replace(/\|/g, '\\|');
const lines = [
  '| benchmark | result | before | target | met |',
  '| --- | ---: | ---: | --- | :---: |',
  ...rows.map(
    (r) =>
      `| ${cell(r.name)} | ${r.value}${r.unit ? ` ${r.unit}` : ''} | ${r.before ?? ''} | ${r.target ?? ''} | ${r.pass === undefined ? '' : r.pass ? 'yes' : 'no'} |`,
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
writeFileSync(
  new URL(only ? `latest-${only.join('+')}.json` : 'latest.json', results),
  `${JSON.stringify({ date: new Date().toISOString(), machine, rows }, null, 2)}\n`,
);
clearTimeout(watchdog);
