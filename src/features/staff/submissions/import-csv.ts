// A chosen CSV file to rows and their problems (the preview shown
// before anything is written), rows matched to submissions already on the device, and the rows cut into requests.
import Papa from 'papaparse';
import { importRow } from '@/shared/contracts/import-row';
import type { Submission } from '@/shared/contracts/submission';

export type CsvRow = Record<string, string>;
export type RowProblem = { row: number; error: string };
export type ParsedCsv = { headers: string[]; rows: CsvRow[]; problems: RowProblem[]; valid: number };

/** Files over this size are parsed in a worker, so the screen never freezes. */
export const WORKER_THRESHOLD = 1024 * 1024;
export const MAX_CHUNK_ROWS = 5000;
export const MAX_CHUNK_BYTES = 5 * 1024 * 1024;

const NAME_HEADERS = ['full name', 'full_name', 'name'];

export const isCsvFileName = (name: string): boolean => /\.csv$/i.test(name.trim());

/** Rows keyed by header (BOM stripped, quoted commas, newlines and CRLF kept), each judged by importRow. */
export function parseCsvText(text: string): ParsedCsv {
  const result = Papa.parse<CsvRow>(text.replace(/^\uFEFF/, ''), {
    header: true,
    delimiter: ',',
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const headers = (result.meta.fields ?? []).filter((h) => h !== '__parsed_extra');
  // Missing cells are empty; a file without a name or email column reads as empty names or emails.
  const blank: CsvRow = Object.fromEntries(headers.map((h) => [h, '']));
  const lower = headers.map((h) => h.toLowerCase());
  if (!lower.some((h) => NAME_HEADERS.includes(h))) blank['Full Name'] = '';
  if (!lower.includes('email')) blank.Email = '';
  const rows = result.data.map((row) => {
    const { __parsed_extra: _extra, ...cells } = row as CsvRow & { __parsed_extra?: unknown };
    return { ...blank, ...cells };
  });
  const problems: RowProblem[] = [];
  const quoteErrors = new Map<number, string>();
  // Papa numbers quote errors counting the header line.
  for (const e of result.errors)
    if (e.type === 'Quotes' && e.row !== undefined)
      quoteErrors.set(Math.max(0, Math.min(rows.length - 1, e.row - 1)), 'A quoted cell is not closed or is malformed.');
  let valid = 0;
  rows.forEach((row, i) => {
    const verdict = importRow(row);
    const error = quoteErrors.get(i) ?? (verdict.ok ? null : verdict.error);
    if (error) problems.push({ row: i + 1, error });
    else valid++;
  });
  return { headers, rows, problems, valid };
}

/** The fields a re-import compares: what an export writes, after importRow's normalising. */
const matchKey = (f: Pick<Submission, 'full_name' | 'email' | 'phone' | 'address' | 'product_sku' | 'image_file_id'>) =>
  [f.full_name, f.email, f.phone, f.address, f.product_sku, f.image_file_id].map((v) => (v ?? '').trim()).join('\u0000');

const normalisedIds = (ids: string) =>
  ids
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');

/**
 * Rows without an id that equal a cached submission on every exported column get that submission's id (and its
 * product, which the export leaves out), so importing an export changes nothing and duplicates nothing.
 * Returns the rows to send and how many were matched.
 */
export function matchExisting(rows: readonly CsvRow[], cached: readonly Submission[]): { rows: CsvRow[]; matched: number } {
  const byKey = new Map<string, Submission[]>();
  for (const s of cached) {
    const key = matchKey({ ...s, image_file_id: normalisedIds(s.image_file_id ?? '') });
    const list = byKey.get(key);
    if (list) list.push(s);
    else byKey.set(key, [s]);
  }
  let matched = 0;
  const out = rows.map((row) => {
    const verdict = importRow(row);
    if (!verdict.ok || verdict.id) return row;
    const hit = byKey.get(matchKey(verdict.fields))?.shift();
    if (!hit) return row;
    matched++;
    const hasProduct = Object.keys(row).some((h) => ['product', 'selected_product'].includes(h.trim().toLowerCase()));
    return { ...row, $id: hit.$id, ...(hasProduct ? {} : { selected_product: hit.selected_product ?? '' }) };
  });
  return { rows: out, matched };
}

/** [start, end) ranges of at most MAX_CHUNK_ROWS rows and about MAX_CHUNK_BYTES of JSON each. */
export function chunkRanges(rows: readonly CsvRow[], maxRows = MAX_CHUNK_ROWS, maxBytes = MAX_CHUNK_BYTES): [number, number][] {
  const encoder = new TextEncoder();
  const ranges: [number, number][] = [];
  let start = 0;
  let bytes = 0;
  rows.forEach((row, i) => {
    const size = encoder.encode(JSON.stringify(row)).length + 1;
    if (i > start && (i - start >= maxRows || bytes + size > maxBytes)) {
      ranges.push([start, i]);
      start = i;
      bytes = 0;
    }
    bytes += size;
  });
  if (rows.length > start) ranges.push([start, rows.length]);
  return ranges;
}
