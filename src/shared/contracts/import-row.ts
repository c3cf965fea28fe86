// One CSV row (keyed by its header) to submission fields. Accepts the export's
// headers (Full Name, Email, Phone, Address, SKU, Image URL) and the raw field names; used by the staff screen's
// preview and by importToAppwrite, so both judge a row the same way.
import type { z } from 'zod';
import { EXPORT_HEADERS } from '../csv';
import { fieldsSchema, ID_PATTERN, type SubmissionFields } from './submission';

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

/**
 * File ids from an export's "Image URL" cell (staff photo page URLs, or the bucket view URLs of older exports, joined
 * by ";") or a plain comma-separated id list.
 */
export function imageIdsFrom(cell: string): string {
  const ids = cell
    .split(/[;,]\s*/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => /\/(?:files|staff\/photo)\/([a-zA-Z0-9._-]+)(?:[/?#]|$)/.exec(part)?.[1] ?? part);
  return ids.join(',');
}

/** Each field as a person names it (the export's column, where it has one). */
const LABELS: Record<keyof SubmissionFields, string> = {
  full_name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  product_sku: 'SKU',
  selected_product: 'Product',
  image_file_id: 'Image URL',
};

/** The field a CSV header names (the export's headers and the raw field names), if any. */
function fieldOf(header: string): keyof SubmissionFields | '$id' | undefined {
  const name = header
    .trim()
    .replace(/^\uFEFF/, '')
    .toLowerCase();
  return Object.hasOwn(HEADERS, name) ? HEADERS[name] : undefined;
}

/** What the staff screen says of a file whose headers are not those of registrations. */
export const NOT_REGISTRATIONS = `This file is not a CSV of registrations. Its first line should name the columns ${EXPORT_HEADERS.join(', ')}.`;

/** Whether the headers are those of registrations: a name or an e-mail column, which every row needs one of. */
export const isRegistrationsHeader = (headers: readonly string[]): boolean =>
  headers.some((h) => ['full_name', 'email'].includes(fieldOf(h) ?? ''));

/** The first problem of a row's fields as a sentence a person reads (never a field name or a schema path). */
function problemOf(err: z.ZodError): string {
  const issue = err.issues[0]!;
  const field = issue.path[0] as keyof SubmissionFields | undefined;
  const label = field ? LABELS[field] : 'A value';
  // A text limit is a refinement (it counts as Appwrite does) that names its maximum.
  const maximum =
    issue.code === 'too_big'
      ? issue.maximum
      : issue.code === 'custom'
        ? (issue.params as { maximum?: number } | undefined)?.maximum
        : undefined;
  if (maximum !== undefined) return `${label} is too long (at most ${String(maximum)} characters).`;
  if (field === 'image_file_id') return 'Image URL must hold photo links from an export, or photo ids separated by commas.';
  // The schema's own messages for a missing name or e-mail and a malformed e-mail are sentences already.
  return issue.message.startsWith(label) ? issue.message : `${label} is not valid.`;
}

export type ImportRowResult = { ok: true; id?: string; fields: SubmissionFields } | { ok: false; error: string };

export function importRow(row: unknown): ImportRowResult {
  if (!row || typeof row !== 'object' || Array.isArray(row))
    return { ok: false, error: 'The row is not an object keyed by column headers.' };
  const out: Record<string, string> = {};
  for (const [header, value] of Object.entries(row as Record<string, unknown>)) {
    const key = fieldOf(header);
    if (!key) continue;
    if (value !== null && value !== undefined && typeof value !== 'string' && typeof value !== 'number')
      return { ok: false, error: `The ${header.trim()} column must be text.` };
    let text = value === null || value === undefined ? '' : String(value).trim();
    // Undo the export's formula guard: a leading apostrophe before = + - @ TAB CR LF NUL.
    if (/^'[=+\-@\t\r\n\0]/.test(text)) text = text.slice(1);
    out[key] = key === 'image_file_id' ? imageIdsFrom(text) : text;
  }
  const id = out.$id;
  delete out.$id;
  if (!out.full_name && !out.email) return { ok: false, error: 'Full Name and Email are missing.' };
  const parsed = fieldsSchema.safeParse(out);
  if (!parsed.success) return { ok: false, error: problemOf(parsed.error) };
  if (id !== undefined && id !== '' && !ID_PATTERN.test(id))
    return { ok: false, error: `The id "${id.slice(0, 40)}" is not a valid submission id.` };
  return { ok: true, ...(id ? { id } : {}), fields: parsed.data };
}
