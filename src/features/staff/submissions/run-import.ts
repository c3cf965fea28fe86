// Sends checked rows to importToAppwrite in chunks and adds up the
// answers; failures carry SPEC.md's texts (the server's error, "Import failed", "Error importing data.").
import { buildCsv } from '@/shared/csv';
import { chunkRanges, type CsvRow } from './import-csv';
import { callFunction } from '@/lib/functions';

export type RowResult = { row: number; status: 'created' | 'updated' | 'skipped' | 'error'; id?: string; error?: string };
export type ImportSummary = { created: number; updated: number; skipped: number; errors: number; results: RowResult[] };
type Answer = Partial<ImportSummary> & { error?: string };

export class ImportError extends Error {
  constructor(
    message: string,
    readonly partial: ImportSummary,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

export type ImportOptions = { token: string; base?: string; fetchImpl?: typeof fetch; onProgress?: (done: number, total: number) => void };

/** Rows numbered from 1 in `results`, as the preview numbers them. */
export async function runImport(rows: readonly CsvRow[], opts: ImportOptions): Promise<ImportSummary> {
  const doFetch = opts.fetchImpl ?? fetch;
  const sum: ImportSummary = { created: 0, updated: 0, skipped: 0, errors: 0, results: [] };
  for (const [start, end] of chunkRanges(rows)) {
    let answer: Answer;
    let ok: boolean;
    try {
      const res = await callFunction('importToAppwrite', {
        staffToken: opts.token,
        base: opts.base,
        fetchImpl: doFetch,
        body: { data: rows.slice(start, end) },
      });
      ok = res.ok;
      answer = (await res.json().catch(() => ({}))) as Answer;
    } catch {
      throw new ImportError('Error importing data.', sum);
    }
    if (!ok || answer.error) throw new ImportError(answer.error || 'Import failed', sum);
    sum.created += answer.created ?? 0;
    sum.updated += answer.updated ?? 0;
    sum.skipped += answer.skipped ?? 0;
    sum.errors += answer.errors ?? 0;
    for (const r of answer.results ?? []) sum.results.push({ ...r, row: r.row + start + 1 });
    opts.onProgress?.(end, rows.length);
  }
  return sum;
}

/** The rows the server refused, with the reason first and the file's own columns after it. */
export function errorReportCsv(
  rows: readonly CsvRow[],
  headers: readonly string[],
  failed: readonly { row: number; error: string }[],
): string {
  return buildCsv(
    ['Row', 'Error', ...headers],
    failed.map((f) => [String(f.row), f.error, ...headers.map((h) => rows[f.row - 1]?.[h] ?? '')]),
  );
}
