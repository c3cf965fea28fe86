// importToAppwrite end to end against the server: 10,000 CSV rows as staff would send them,
// then the same rows again (which must create nothing).
import type { BenchServer } from './server-process';
import { round, staffToken, type Row } from './common';

const ROWS = 10_000;

export async function benchImport(s: BenchServer): Promise<Row[]> {
  const token = await staffToken(s, s.staff);
  const data = Array.from({ length: ROWS }, (_, i) => ({
    'Full Name': `Imported Customer ${i}`,
    Email: `imported${i}@example.com`,
    Phone: `+1 555${String(i).padStart(7, '0')}`,
    Address: `${i} Elm St, Springfield, IL, 62701, United States`,
    SKU: `RNG-${1000 + (i % 300)}-18K`,
    'Image URL': '',
  }));
  const run = async () => {
    const started = performance.now();
    const res = await fetch(`${s.base}/.netlify/functions/importToAppwrite`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await res.json()) as { created: number; updated: number; skipped: number; errors: number };
    if (!res.ok) throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
    return { seconds: (performance.now() - started) / 1000, ...body };
  };
  const first = await run();
  const second = await run();
  return [
    { name: `importToAppwrite ${ROWS} rows: time`, value: round(first.seconds), unit: 's', target: '≤ 10', pass: first.seconds <= 10 },
    {
      name: `importToAppwrite ${ROWS} rows: created`,
      value: first.created,
      unit: 'rows',
      target: String(ROWS),
      pass: first.created === ROWS,
    },
    { name: 'importToAppwrite same rows again: time', value: round(second.seconds), unit: 's' },
    {
      name: 'importToAppwrite same rows again: created',
      value: second.created,
      unit: 'rows',
      target: '0',
      pass: second.created === 0 && second.skipped === ROWS,
    },
  ];
}
