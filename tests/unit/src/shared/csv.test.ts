// The export file: quoting, BOM, CRLF, semicolon-joined image URLs, formula cells neutralised, and a round trip
// through papaparse and importRow that gives back the stored fields.
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildCsv, buildExportCsv, csvCell, exportFileName, neutralise } from '@/shared/csv';
import { importRow } from '@/shared/contracts/import-row';
import { submission as sub } from '../../../helpers/fixtures';

const viewUrl = (id: string) => `https://cloud.example/v1/storage/buckets/images/files/${id}/view?project=warranty`;

describe('buildExportCsv', () => {
  it('writes a BOM, the six headers, every value quoted, CRLF line ends', () => {
    const csv = buildExportCsv([sub()], viewUrl);
    expect(csv.startsWith('\uFEFF"Full Name","Email","Phone","Address","SKU","Image URL"\r\n')).toBe(true);
    expect(csv).toBe(
      '\uFEFF"Full Name","Email","Phone","Address","SKU","Image URL"\r\n' +
        `"Ada Lovelace","ada@example.com","'+1 5551234567","12 Elm St, Apt 4, Springfield, IL, 62701, United States","Aurora Pendant",""\r\n`,
    );
    expect(csv.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('joins image URLs with semicolons', () => {
    const csv = buildExportCsv([sub({ image_file_id: 'imgA,imgB' })], viewUrl);
    expect(csv).toContain(`"${viewUrl('imgA')};${viewUrl('imgB')}"`);
  });

  it('doubles quotes and keeps commas, newlines and non-ASCII inside one cell', () => {
    const csv = buildExportCsv([sub({ full_name: 'Zoë "Zee" Ångström', address: 'Line 1\nLine 2, Town\r\nZip' })], viewUrl);
    expect(csv).toContain('"Zoë ""Zee"" Ångström"');
    const parsed = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: 'greedy' });
    expect(parsed.data[1]![0]).toBe('Zoë "Zee" Ångström');
    expect(parsed.data[1]![3]).toBe('Line 1\nLine 2, Town\r\nZip');
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['\ncmd', "'\ncmd"],
    ['\0cmd', "'\0cmd"],
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['safe = text', 'safe = text'],
    ["'already", "'already"],
    ['', ''],
  ])('neutralises %j as %j', (cell, expected) => {
    expect(neutralise(cell)).toBe(expected);
    expect(csvCell(cell)).toBe(`"${expected.replace(/"/g, '""')}"`);
  });

  it('round-trips adversarial cells through papaparse and importRow', () => {
    const rows = [
      sub({ full_name: '=cmd|" /C calc"!A0', phone: '+15551234567', address: '@home, "quoted", multi\nline', product_sku: '-SKU-1' }),
      sub({ full_name: 'Zoë Ångström 💍', email: 'zoe@example.com', phone: '', address: '', product_sku: '', image_file_id: 'f1,f2' }),
    ];
    const csv = buildExportCsv(rows, viewUrl);
    const parsed = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy' });
    expect(parsed.errors).toEqual([]);
    const back = parsed.data.map((r) => importRow(r));
    rows.forEach((row, i) => {
      const r = back[i]!;
      if (!r.ok) throw new Error(r.error);
      expect(r.fields).toMatchObject({
        full_name: row.full_name,
        email: row.email,
        phone: row.phone,
        address: row.address,
        product_sku: row.product_sku,
        image_file_id: row.image_file_id,
      });
    });
  });

  it('writes only the header for no rows, and exports 100,000 rows quickly', () => {
    expect(buildExportCsv([], viewUrl)).toBe('\uFEFF"Full Name","Email","Phone","Address","SKU","Image URL"\r\n');
    const many = Array.from({ length: 100_000 }, (_, i) =>
      sub({ $id: `s${i}`, full_name: `Customer ${i}`, image_file_id: i % 3 ? '' : `img${i}` }),
    );
    const started = performance.now();
    const csv = buildExportCsv(many, viewUrl);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(csv.split('\r\n').length).toBe(100_002);
  });
});

describe('buildCsv', () => {
  it('quotes headers too', () => {
    expect(buildCsv(['Row', 'Error'], [['1', '=bad']])).toBe('\uFEFF"Row","Error"\r\n"1","\'=bad"\r\n');
  });
});

describe('exportFileName', () => {
  it('is warranty_submissions_{timestamp}.csv', () => {
    expect(exportFileName(new Date('2026-03-04T05:06:07.890Z'))).toBe('warranty_submissions_2026-03-04T05-06-07Z.csv');
    expect(exportFileName()).toMatch(/^warranty_submissions_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv$/);
  });
});
