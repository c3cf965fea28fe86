// The import's steps (SPEC.md sections 4, 5, 8): pick a .csv file,
// preview its rows and problems, send them, then a summary with an error report; failures go to the error line.
import { useRef, useState } from 'react';
import { isRegistrationsHeader, NOT_REGISTRATIONS } from '@/shared/contracts/import-row';
import type { Submission } from '@/shared/contracts/submission';
import { isCsvFileName, matchExisting, type CsvRow, type ParsedCsv } from './import-csv';
import { readCsvFile } from './read-csv-file';
import { errorReportCsv, ImportError, runImport, type ImportSummary } from './run-import';
import type { TokenSource } from './staff-images';

export type ImportPreview = ParsedCsv & { fileName: string; send: CsvRow[]; matched: number };
export type ImportDone = ImportSummary & { report: string | null };

export function useCsvImport(opts: { rows: () => readonly Submission[]; token: TokenSource; onImported: () => void }) {
  const picker = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [importing, setImporting] = useState(false);
  const [done, setDone] = useState<ImportDone | null>(null);

  const resetPicker = () => {
    if (picker.current) picker.current.value = '';
  };

  async function choose(file: File | undefined) {
    setError(null);
    setDone(null);
    if (!file) return;
    if (!isCsvFileName(file.name)) {
      resetPicker();
      return setError('Please select a CSV file.');
    }
    setReading(true);
    try {
      const parsed = await readCsvFile(file);
      // A picture or any other file renamed .csv reads as thousands of rows of nonsense: said once, plainly.
      if (!isRegistrationsHeader(parsed.headers)) {
        resetPicker();
        return setError(NOT_REGISTRATIONS);
      }
      if (!parsed.rows.length) {
        resetPicker();
        return setError('The file has no rows to import.');
      }
      const { rows: send, matched } = matchExisting(parsed.rows, opts.rows());
      setPreview({ ...parsed, fileName: file.name, send, matched });
    } catch {
      resetPicker();
      setError('Error importing data.');
    } finally {
      setReading(false);
    }
  }

  function cancel() {
    setPreview(null);
    resetPicker();
  }

  async function confirm() {
    const p = preview;
    if (!p) return;
    setPreview(null);
    setImporting(true);
    try {
      const token = await opts.token();
      if (!token) throw new ImportError('Error importing data.', { created: 0, updated: 0, skipped: 0, errors: 0, results: [] });
      const summary = await runImport(p.send, { token });
      const failed = summary.results.filter((r) => r.status === 'error').map((r) => ({ row: r.row, error: r.error ?? 'Refused.' }));
      setDone({ ...summary, report: failed.length ? errorReportCsv(p.rows, p.headers, failed) : null });
      opts.onImported();
    } catch (err) {
      setError(err instanceof ImportError ? err.message : 'Error importing data.');
      if (err instanceof ImportError && err.partial.results.length) opts.onImported();
    } finally {
      setImporting(false);
      resetPicker();
    }
  }

  return { picker, error, reading, preview, importing, done, choose, cancel, confirm, dismiss: () => setDone(null) };
}
