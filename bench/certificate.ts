// The warranty certificate (netlify/lib/certificate.ts), made in this process as a function makes it. The first
// certificates of a process read and parse their fonts (a Latin name the serif, a Chinese name the CJK font): those
// are reported on their own. Then, every font loaded and the code warm, 50 certificates for Latin, accented, Chinese,
// Japanese and Korean names, timed one by one.
import { performance } from 'node:perf_hooks';
import { makeCertificate, type CertificateInput } from '../netlify/lib/certificate';
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
  ];
}
