// The sizes of the registration's stored attributes (appwrite.json), as plain numbers: the record's schema reads them,
// and so does the wizard, which checks each on the step where it is typed without loading zod.
import { withinLimit } from './text-length';

export const FIELD_LIMITS = {
  full_name: 255,
  email: 320,
  phone: 32,
  address: 1024,
  product_sku: 4096,
  selected_product: 4096,
  image_file_id: 2048,
} as const;

export type LimitedField = keyof typeof FIELD_LIMITS;

/** The first of `fields` longer than its limit, in FIELD_LIMITS order; null when all fit. */
export function fieldOverLimit(fields: Partial<Record<LimitedField, string>>): LimitedField | null {
  for (const key of Object.keys(FIELD_LIMITS) as LimitedField[]) {
    const value = fields[key];
    if (value !== undefined && !withinLimit(value, FIELD_LIMITS[key])) return key;
  }
  return null;
}
