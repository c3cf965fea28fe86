// One CSV row (keyed by its header) to submission fields. Accepts the export's
// headers (Full Name, Email, Phone, Address, SKU, Image URL) and the raw field names; used by the staff screen's
// preview and by importToAppwrite, so both judge a row the same way.
import { fieldsSchema, firstIssue, ID_PATTERN, type SubmissionFields } from './submission';

const HEADERS: Record<string, keyof SubmissionFields | '$id'> = {
  'full name': 'full_name',
  full_name: 'full_name',
  name: 'full_name',
  email: 'email',
  phone: 'phone',
  address: 'address',
  sku: 'product_sku',
  product_sku: 'product_sku',
  'product sku': 'product_sku',
  product: 'selected_product',
  selected_product: 'selected_product',
  'image url': 'image_file_id',
  image: 'image_file_id',
  image_file_id: 'image_file_id',
  $id: '$id',
  id: '$id',
};

/** File ids from an export's "Image URL" cell (view URLs joined by ";") or a plain comma-separated id list. */
export function imageIdsFrom(cell: string): string {
  const ids = cell
    .split(/[;,]\s*/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => /\/files\/([a-zA-Z0-9._-]+)\//.exec(part)?.[1] ?? part);
  return ids.join(',');
}

export type ImportRowResult = { ok: true; id?: string; fields: SubmissionFields } | { ok: false; error: string };

export function importRow(row: unknown): ImportRowResult {
  if (!row || typeof row !== 'object' || Array.isArray(row))
    return { ok: false, error: 'The row is not an object keyed by column headers.' };
  const out: Record<string, string> = {};
  for (const [header, value] of Object.entries(row as Record<string, unknown>)) {
    const key =
      HEADERS[
        header
          .trim()
          .replace(/^\uFEFF/, '')
          .toLowerCase()
      ];
    if (!key) continue;
    if (value !== null && value !== undefined && typeof value !== 'string' && typeof value !== 'number')
      return { ok: false, error: `${header}: must be text.` };
    let text = value === null || value === undefined ? '' : String(value).trim();
    // Undo the export's formula guard: a leading apostrophe before = + - @ TAB CR LF NUL.
    if (/^'[=+\-@\t\r\n\0]/.test(text)) text = text.slice(1);
    out[key] = key === 'image_file_id' ? imageIdsFrom(text) : text;
  }
  const id = out.$id;
  delete out.$id;
  if (!out.full_name && !out.email) return { ok: false, error: 'Full Name and Email are missing.' };
  const parsed = fieldsSchema.safeParse(out);
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  if (id !== undefined && id !== '' && !ID_PATTERN.test(id)) return { ok: false, error: `id: "${id}" is not a valid submission id.` };
  return { ok: true, ...(id ? { id } : {}), fields: parsed.data };
}
