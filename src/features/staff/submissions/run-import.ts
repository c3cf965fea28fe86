// Sends checked rows to importToAppwrite in chunks and adds up the answers; failures carry SPEC.md's texts (the
// server's error, "Import failed" when it gave no reason, "Error importing data." when the request could not go).
import { buildCsv } from '@/shared/csv';
import { chunkRanges, type CsvRow } from './import-csv';
import { NO_REASON } from '@/lib/functions';
import { callStaffFunction, type StaffResult } from '@/lib/staff-functions';

export type RowResult = { row: number; status: 'created' | 'updated' | 'skipped' | 'error'; id?: string; error?: string };
export type ImportSummary = { created: number; updated: number; skipped: number; errors: number; results: RowResult[] };

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
  const sum: ImportSummary = { created: 0, updated: 0, skipped: 0, errors: 0, results: [] };
  for (const [start, end] of chunkRanges(rows)) {
    let answer: StaffResult<'importToAppwrite'>;
    try {
      answer = await callStaffFunction('importToAppwrite', {
        staffToken: opts.token,
        base: opts.base,
        fetchImpl: opts.fetchImpl,
        body: { data: rows.slice(start, end) },
      });
    } catch {
      throw new ImportError('Error importing data.', sum);
    }
    if (!answer.ok) throw new ImportError(answer.code === NO_REASON ? 'Import failed' : answer.error, sum);
    sum.created += answer.data.created;
    sum.updated += answer.data.updated;
    sum.skipped += answer.data.skipped;
    sum.errors += answer.data.errors;
    for (const r of answer.data.results) sum.results.push({ ...r, row: r.row + start + 1 });
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
