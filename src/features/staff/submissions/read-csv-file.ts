// A chosen file to parsed rows, in a worker when it is large.
import { parseCsvText, WORKER_THRESHOLD, type ParsedCsv } from './import-csv';

type Reply = { ok: true; parsed: ParsedCsv } | { ok: false; error: string };

export async function readCsvFile(file: File): Promise<ParsedCsv> {
  if (file.size <= WORKER_THRESHOLD || typeof Worker === 'undefined') return parseCsvText(await file.text());
  const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
  try {
    const reply = await new Promise<Reply>((resolve, reject) => {
      worker.onmessage = (e: MessageEvent<Reply>) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(e.message || 'The file could not be read.'));
      worker.postMessage(file);
    });
    if (!reply.ok) throw new Error(reply.error);
    return reply.parsed;
  } finally {
    worker.terminate();
  }
}
