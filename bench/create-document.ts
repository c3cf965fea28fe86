// createDocument by a signed-in customer, 32 connections, a new document id per request.
import { DOCUMENTS_PATH, round, signInCustomer, type Row } from './common';
import { load, CONNECTIONS } from './load';
import type { BenchServer } from './server-process';

export async function benchCreateDocument(server: BenchServer): Promise<Row[]> {
  const session = await signInCustomer(server.base, 'bench-create@example.com');
  const run = Date.now().toString(36);
  let n = 0;
  const data = {
    full_name: 'Ada Lovelace',
    email: 'bench-create@example.com',
    phone: '+1 555 0100',
    address: '12 Analytical Row, London',
    product_sku: 'RING-001',
    selected_product: 'Gold ring',
    submitted_at: new Date().toISOString(),
  };
  const request = {
    method: 'POST',
    path: DOCUMENTS_PATH,
    headers: { ...session, 'Content-Type': 'application/json' },
    setupRequest: (req: object) => ({ ...req, body: JSON.stringify({ documentId: `b${run}-${n++}`, data }) }),
  };
  await load(server.base, [request], 2); // warm-up, not reported
  const r = await load(server.base, [request]);
  const label = `createDocument (${CONNECTIONS} conn, customer session)`;
  return [
    { name: `${label}: throughput`, value: round(r.rps, 0), unit: 'req/s', target: '≥ 1500', pass: r.rps >= 1500 },
    { name: `${label}: p50 latency`, value: r.p50, unit: 'ms' },
    { name: `${label}: p99 latency`, value: r.p99, unit: 'ms', target: '≤ 50', pass: r.p99 <= 50 },
    { name: `${label}: non-2xx + errors`, value: r.non2xx + r.errors, unit: 'count', target: '0', pass: r.non2xx + r.errors === 0 },
  ];
}
