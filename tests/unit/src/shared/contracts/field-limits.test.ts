// The registration's field limits: the numbers appwrite.json stores, read by the record's schema and by the wizard.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, fieldOverLimit } from '@/shared/contracts/field-limits';
import { textLength } from '@/shared/contracts/text-length';
import { fieldsSchema } from '@/shared/contracts/submission';

type Attribute = { key: string; size?: number };
const project = JSON.parse(readFileSync(new URL('../../../../../appwrite.json', import.meta.url), 'utf8')) as {
  collections: { $id: string; attributes: Attribute[] }[];
};
const attributes = project.collections.find((c) => c.$id === 'submissions')!.attributes;

/** A well-formed address of exactly `n` characters: a short local part, then labels of at most 63 characters. */
function emailOfLength(n: number): string {
  let domain = 'com';
  while (n - 'ada@'.length - domain.length > 64) domain = `${'x'.repeat(62)}.${domain}`;
  const rest = n - 'ada@'.length - domain.length - 1;
  return `ada@${'y'.repeat(rest)}.${domain}`;
}

describe('FIELD_LIMITS', () => {
  it('are the sizes of the stored attributes', () => {
    for (const [key, limit] of Object.entries(FIELD_LIMITS)) expect(attributes.find((a) => a.key === key)?.size, key).toBe(limit);
  });

  it('are what the record schema takes, no more', () => {
    const fields = { full_name: 'Ada', email: 'ada@example.com' };
    for (const [key, size] of Object.entries(FIELD_LIMITS)) {
      // An e-mail address has at most 254 characters by the e-mail rule (./email.ts), within its attribute's size.
      const limit = key === 'email' ? 254 : size;
      const fits = key === 'image_file_id' ? 'a'.repeat(limit) : 'x'.repeat(limit);
      const over = fits + (key === 'image_file_id' ? 'a' : 'x');
      const email = key === 'email' ? (v: string) => emailOfLength(v.length) : (v: string) => v;
      expect(fieldsSchema.safeParse({ ...fields, [key]: email(fits) }).success, `${key} at its limit`).toBe(true);
      expect(fieldsSchema.safeParse({ ...fields, [key]: email(over) }).success, `${key} over its limit`).toBe(false);
    }
  });

  it('name the first field over its limit', () => {
    expect(fieldOverLimit({ full_name: 'A'.repeat(255), email: 'a@b.co' })).toBeNull();
    expect(fieldOverLimit({ full_name: 'A'.repeat(452), address: 'x'.repeat(2000) })).toBe('full_name');
    expect(fieldOverLimit({ address: 'x'.repeat(1025) })).toBe('address');
    expect(textLength('Ada')).toBe(3);
  });
});
