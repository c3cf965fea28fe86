// One CSV row to submission fields: each problem said as a sentence a person reads, the headers of a CSV of
// registrations told from anything else, and the staff photo page's links read back as file ids.
import { describe, expect, it } from 'vitest';
import { importRow, imageIdsFrom, isRegistrationsHeader, NOT_REGISTRATIONS } from '@/shared/contracts/import-row';
import { staffPhotoUrl } from '@/shared/csv';

const row = (over: Record<string, unknown>) => ({ 'Full Name': 'Ada Lovelace', Email: 'ada@example.com', ...over });
const error = (over: Record<string, unknown>) => {
  const r = importRow(row(over));
  return r.ok ? null : r.error;
};

describe('importRow problems', () => {
  it('are sentences, never field names or schema paths', () => {
    expect(error({ 'Full Name': 'x'.repeat(256) })).toBe('Full name is too long (at most 255 characters).');
    expect(error({ Address: 'x'.repeat(1025) })).toBe('Address is too long (at most 1024 characters).');
    expect(error({ SKU: 'x'.repeat(4097) })).toBe('SKU is too long (at most 4096 characters).');
    expect(error({ 'Full Name': '' })).toBe('Full name is required.');
    expect(error({ Email: 'not-an-email' })).toBe('Email is not a valid email address.');
    expect(error({ 'Image URL': 'two words' })).toBe('Image URL must hold photo links from an export, or photo ids separated by commas.');
    expect(error({ Phone: { x: 1 } })).toBe('The Phone column must be text.');
    expect(error({ id: '../etc' })).toBe('The id "../etc" is not a valid submission id.');
    expect(error({ 'Full Name': '', Email: '' })).toBe('Full Name and Email are missing.');
  });

  it('ignores headers that only look like object properties', () => {
    expect(importRow(row({ constructor: 'x', __proto__: 'y', toString: 'z' }))).toMatchObject({ ok: true });
  });
});

describe('isRegistrationsHeader', () => {
  it('knows an export’s headers or the field names, and nothing else', () => {
    expect(isRegistrationsHeader(['Full Name', 'Email', 'Phone'])).toBe(true);
    expect(isRegistrationsHeader(['\uFEFFemail'])).toBe(true);
    expect(isRegistrationsHeader(['full_name'])).toBe(true);
    expect(isRegistrationsHeader(['ÿØÿà\u0000\u0010JFIF', 'Exif'])).toBe(false);
    expect(isRegistrationsHeader(['Phone', 'SKU'])).toBe(false);
    expect(NOT_REGISTRATIONS).toBe(
      'This file is not a CSV of registrations. Its first line should name the columns Full Name, Email, Phone, Address, SKU, Image URL.',
    );
  });
});

describe('imageIdsFrom', () => {
  it('reads the staff photo page’s links, the bucket view links of older exports and plain ids', () => {
    const links = [staffPhotoUrl('https://warranty.example', 'f1'), staffPhotoUrl('http://localhost:8080', 'f_2')].join(';');
    expect(links).toBe('https://warranty.example/staff/photo/f1;http://localhost:8080/staff/photo/f_2');
    expect(imageIdsFrom(links)).toBe('f1,f_2');
    expect(imageIdsFrom('https://cloud.example/v1/storage/buckets/images/files/f3/view?project=p')).toBe('f3');
    expect(imageIdsFrom('f4, f5')).toBe('f4,f5');
  });
});
