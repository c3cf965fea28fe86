// The CSV files staff download (the submissions export and an import's error report):
// RFC 4180 quoting on every cell, a UTF-8 BOM, CRLF line ends, and formula cells neutralised.
import type { Submission } from './contracts/submission';

export const EXPORT_HEADERS = ['Full Name', 'Email', 'Phone', 'Address', 'SKU', 'Image URL'] as const;

const BOM = '\uFEFF';
const CRLF = '\r\n';
/** First characters a spreadsheet may read as a formula or a cell break (OWASP CSV injection, plus NUL). */
const FORMULA_START = /^[=+\-@\t\r\n\0]/;

/** A cell a spreadsheet shows as text: a leading apostrophe before a formula character. */
export const neutralise = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** One quoted cell: neutralised, embedded quotes doubled. */
export const csvCell = (value: string): string => `"${neutralise(value).replace(/"/g, '""')}"`;

/** A whole file: BOM, header line, one line per row, each line ending in CRLF. */
export function buildCsv(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = new Array<string>(rows.length + 1);
  lines[0] = headers.map(csvCell).join(',');
  for (let i = 0; i < rows.length; i++) lines[i + 1] = rows[i]!.map(csvCell).join(',');
  return BOM + lines.join(CRLF) + CRLF;
}

/**
 * Where the export's "Image URL" leads: the app's staff photo page, which shows the photo to a signed-in staff member
 * (after the staff sign-in when needed) and to nobody else. The bucket's own view URL is private: it answers 404.
 */
export const STAFF_PHOTO_PATH = '/staff/photo/';
export const staffPhotoUrl = (origin: string, fileId: string): string => `${origin}${STAFF_PHOTO_PATH}${encodeURIComponent(fileId)}`;

/** The export of SPEC.md section 3; image ids become the staff photo page's URLs joined with semicolons. */
export function buildExportCsv(rows: readonly Submission[], imageUrl: (fileId: string) => string): string {
  return buildCsv(
    EXPORT_HEADERS,
    rows.map((r) => [
      r.full_name ?? '',
      r.email ?? '',
      r.phone ?? '',
      r.address ?? '',
      r.product_sku ?? '',
      (r.image_file_id ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
        .map(imageUrl)
        .join(';'),
    ]),
  );
}

/** A UTC timestamp safe in any file system: 2026-03-04T05-06-07Z. */
export const fileStamp = (now: Date): string => `${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;

/** warranty_submissions_{timestamp}.csv (SPEC.md section 9). */
export const exportFileName = (now: Date = new Date()): string => `warranty_submissions_${fileStamp(now)}.csv`;
