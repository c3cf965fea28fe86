// Whole-file uploads of a real ~300 KB JPEG by a signed-in customer, 8 at a time.
import { makeJpeg } from '../tests/helpers/fixtures';
import { percentile, round, signInCustomer, type Row } from './common';
import type { BenchServer } from './server-process';

const WORKERS = 8;
const COUNT = 300;
const MAX_MS = 60_000;

export async function benchUploadImage(server: BenchServer): Promise<Row[]> {
  const headers = await signInCustomer(server.base, 'bench-upload@example.com');
  const jpeg = await makeJpeg({ bytes: 300 * 1024, quality: 85 }); // noise barely compresses: about this size
  const blob = new Blob([jpeg], { type: 'image/jpeg' });
  const run = Date.now().toString(36);
  const times: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + MAX_MS;

  const worker = async () => {
    while (next < COUNT && performance.now() < deadline) {
      const form = new FormData();
      form.set('fileId', `u${run}-${next++}`);
      form.set('file', blob, 'receipt.jpg');
      const t = performance.now();
      const res = await fetch(`${server.base}/v1/storage/buckets/images/files`, {
        method: 'POST',
        headers,
        body: form,
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      await res?.arrayBuffer();
      if (res?.status === 201) times.push(performance.now() - t);
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const label = `upload ${Math.round(jpeg.length / 1024)} KB JPEG (${WORKERS} parallel, n=${times.length + failures})`;
  return [
    { name: `${label}: throughput`, value: round(times.length / seconds, 1), unit: 'uploads/s' },
    { name: `${label}: p50 latency`, value: round(percentile(times, 50)), unit: 'ms' },
    { name: `${label}: p99 latency`, value: round(percentile(times, 99)), unit: 'ms' },
    { name: `${label}: failures`, value: failures, unit: 'count', target: '0', pass: failures === 0 },
  ];
}
