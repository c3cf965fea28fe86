// The warranty certificate (netlify/lib/certificate/pdf.ts), made in this process as a function makes it. The first
// certificates of a process read and parse their fonts (a Latin name the serif, a Chinese name the CJK font): those
// are reported on their own. Then, every font loaded and the code warm, 50 certificates for Latin, accented, Chinese,
// Japanese and Korean names, timed one by one. Last, the worst a customer can store (they write their registration
// straight to the database): a registration at every field's limit, read through the catalog as the functions read it.
import { performance } from 'node:perf_hooks';
import { certificateInputOf, makeCertificate, type CertificateInput } from '../netlify/lib/certificate/pdf';
import { bundledCatalog } from '../netlify/lib/products/catalog';
import { percentile, round, type Row } from './common';

const RUNS = 50;
const NAMES = ['Olivia Bennett', 'Amélie Ørsted-Nuñez', '王小明', '山田太郎', '김민준', 'Łukasz Dvořák'];

const input = (i: number): CertificateInput => ({
  id: `674a1b2c3d4e5f${String(i).padStart(6, '0')}`,
  brandName: 'Maison Aurelle',
  customerName: NAMES[i % NAMES.length]!,
  products:
    i % 3 === 2
      ? []
      : [
          { title: 'Aurora Diamond Ring', sku: 'RNG-1000-YG' },
          { title: 'Celeste Pearl Necklace', sku: 'NCK-1002-WG' },
        ],
  submittedAt: new Date(Date.UTC(2026, 10, 25, 10, 30) + i * 86_400_000).toISOString(),
  ...(i % 2 ? { store: 'Fifth Avenue, New York' } : {}),
});

const LIMIT_RUNS = 10;
/** The stored sizes of the fields a certificate reads (appwrite.json). */
const LIMITS = { full_name: 255, product_sku: 4096, selected_product: 4096, address: 1024, image_file_id: 2048, store: 80 };

/** Comma-separated base-36 counts (0,1,…,z,10,…), the last part lengthened to fill `length` exactly. */
function counts(length: number): string {
  let text = '0';
  for (let i = 1; text.length + 1 + i.toString(36).length <= length; i++) text += `,${i.toString(36)}`;
  return text.padEnd(length, 'z');
}

/**
 * A registration at every field's limit: a one-word name of accented letters, 2,048 commas between one-character
 * parts in product_sku, 1,357 distinct short parts in selected_product, file ids of the longest kind.
 */
function atLimits() {
  const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const ids = Array.from({ length: 56 }, (_, i) => `674a1b2c3d4e5f6a7b8c9d0e1f2a3b4c${String(i).padStart(4, '0')}`);
  const record = {
    $id: '674a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e',
    submitted_at: '2026-11-25T10:30:00.000Z',
    full_name: `i${'\u0301'.repeat(4)}`.repeat(51),
    product_sku: `,${Array.from({ length: 2048 }, (_, i) => letters[i % letters.length]).join(',')}`,
    selected_product: counts(LIMITS.selected_product),
    address: '1600 Amphitheatre Parkway, Apt 1, '.repeat(31).slice(0, LIMITS.address),
    image_file_id: ids.join(',').slice(0, LIMITS.image_file_id),
    store: 'Fifth Avenue, New York, '.repeat(4).slice(0, LIMITS.store),
  };
  for (const [field, limit] of Object.entries(LIMITS))
    if (record[field as keyof typeof LIMITS].length !== limit) throw new Error(`${field} is not at its limit of ${limit}`);
  return record;
}

/** The slowest of `runs` certificates of a stored registration, read through the bundled catalog as a function does. */
async function slowestStored(record: ReturnType<typeof atLimits>, runs: number): Promise<number> {
  let slowest = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await makeCertificate(certificateInputOf(record, { name: 'Maison Aurelle' }, bundledCatalog()));
    slowest = Math.max(slowest, performance.now() - t0);
  }
  return slowest;
}

export async function benchCertificate(): Promise<Row[]> {
  const cold = async (i: number) => {
    const t0 = performance.now();
    await makeCertificate(input(i));
    return performance.now() - t0;
  };
  const firstLatin = await cold(0); // Olivia Bennett
  const firstCjk = await cold(2); // 王小明
  for (let i = 0; i < 2 * NAMES.length; i++) await makeCertificate(input(i)); // every font loaded, the code warm

  const times: number[] = [];
  let largest = 0;
  for (let i = 1; i <= RUNS; i++) {
    const t0 = performance.now();
    const pdf = await makeCertificate(input(i));
    times.push(performance.now() - t0);
    largest = Math.max(largest, pdf.byteLength);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const kb = largest / 1024;
  const atLimit = await slowestStored(atLimits(), LIMIT_RUNS);
  // The reported attack: 1,500 commas in product_sku (between base-36 counts), the other fields at their limits.
  const commas1500 = await slowestStored({ ...atLimits(), product_sku: counts(4096).split(',').slice(0, 1501).join(',') }, LIMIT_RUNS);
  return [
    {
      name: `certificate PDF made (${RUNS} runs, Latin, accented and CJK names): p95`,
      value: round(p95, 1),
      unit: 'ms',
      target: '≤ 100',
      pass: p95 <= 100,
    },
    { name: 'certificate PDF: the first of a process, Latin name (serif fonts read)', value: round(firstLatin, 0), unit: 'ms' },
    { name: 'certificate PDF: the first Chinese name of a process (CJK font read)', value: round(firstCjk, 0), unit: 'ms' },
    { name: 'certificate PDF size (largest of the runs)', value: round(kb, 1), unit: 'KB', target: '≤ 150', pass: kb <= 150 },
    {
      name: `certificate PDF of a registration at every field's limit (${LIMIT_RUNS} runs): slowest`,
      value: round(atLimit, 1),
      unit: 'ms',
      before: '55.5 s',
      target: '≤ 1000',
      pass: atLimit <= 1000,
    },
    {
      name: `certificate PDF with 1,500 commas in product_sku (${LIMIT_RUNS} runs): slowest`,
      value: round(commas1500, 1),
      unit: 'ms',
      before: '21.0 s',
      target: '≤ 1000',
      pass: commas1500 <= 1000,
    },
  ];
}
