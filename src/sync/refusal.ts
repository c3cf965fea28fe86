// What a registration set aside by the server was refused for, read from the record itself (never shown raw): a field
// over the server's limits, else the field (or the photo) the server's words name.
import type { OutboxEntry } from '@/db/types';
import { FIELD_LIMITS, fieldOverLimit, type LimitedField } from '@/shared/contracts/field-limits';

const isLimited = (name: string): name is LimitedField => name in FIELD_LIMITS;

/** The stored field at fault, and whether it is over its limit; null when the refusal names none. */
export function refusedField(e: Pick<OutboxEntry, 'fields' | 'files' | 'lastError'>): { field: LimitedField; tooLong: boolean } | null {
  const over = fieldOverLimit({ ...e.fields, image_file_id: e.files.map((f) => f.fileId).join(',') });
  if (over) return { field: over, tooLong: true };
  // Appwrite names the attribute (`Attribute "email" has invalid format`) or the parameter (`Invalid `email` param`).
  const named = /attribute\s+"?([a-z_]+)"?|`([a-z_]+)`\s+param/i.exec(e.lastError ?? '');
  const name = named?.[1] ?? named?.[2] ?? '';
  if (isLimited(name)) return { field: name, tooLong: false };
  // A photo the storage refused (its type, its size): the upload's words speak of a file.
  return /\bfile\b/i.test(e.lastError ?? '') ? { field: 'image_file_id', tooLong: false } : null;
}
