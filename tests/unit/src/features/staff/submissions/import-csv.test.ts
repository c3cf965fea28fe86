// Import parsing and sending: the fixtures (quoted commas, newlines in quotes, BOM + CRLF, non-ASCII, formula
// cells, missing columns, bad rows), matching an export back to cached rows, chunking, and the error texts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chunkRanges, isCsvFileName, matchExisting, parseCsvText, type CsvRow } from '@/features/staff/submissions/import-csv';
import { errorReportCsv, ImportError, runImport } from '@/features/staff/submissions/run-import';
import { buildExportCsv } from '@/shared/csv';
import { importRow } from '@/shared/contracts/import-row';
import { submission } from '../../../../../helpers/fixtures';

const fixture = (name: string) =>
  new TextDecoder('utf-8', { ignoreBOM: true }).decode(readFileSync(new URL(`../../../../../fixtures/csv/${name}`, import.meta.url)));
const fields = (text: string) =>
  parseCsvText(text)
    .rows.map((r) => importRow(r))
    .map((r) => (r.ok ? r.fields : r.error));

describe('parseCsvText', () => {
  it('keeps quoted commas and doubled quotes', () => {
    expect(fields(fixture('quoted-commas.csv'))).toMatchObject([
      { address: '12 Elm St, Apt 4, Springfield, IL, 62701, United States', product_sku: 'Aurora Pendant, 18K' },
      { product_sku: 'Ring "Classic", size 7' },
    ]);
  });

  it('keeps newlines (LF and CRLF) inside quoted cells', () => {
    const parsed = parseCsvText(fixture('newlines-in-quotes.csv'));
    expect(parsed.rows).toHaveLength(2);
    expect(parsed.rows[0]!.Address).toBe('12 Elm St\nApt 4\nSpringfield, IL');
    expect(parsed.rows[1]!.Address).toBe('1 Navy Way\r\nArlington, VA');
  });

  it('strips the BOM and reads CRLF files', () => {
    const text = fixture('bom-crlf.csv');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = parseCsvText(text);
    expect(parsed.headers).toEqual(['Full Name', 'Email', 'Phone', 'Address', 'SKU', 'Image URL']);
    expect(parsed.rows.map((r) => r['Full Name'])).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(parsed.rows[1]!['Image URL']).toBe('');
    expect(parsed.valid).toBe(2);
  });

  it('keeps non-ASCII names intact', () => {
    expect(parseCsvText(fixture('non-ascii.csv')).rows.map((r) => r['Full Name'])).toEqual(['Zoë Ångström', '李小龙', 'José Núñez 💍']);
  });

  it('reads formula-looking cells as text and undoes the export guard', () => {
    expect(fields(fixture('formula-cells.csv'))).toMatchObject([
      { full_name: '=HYPERLINK("http://evil.example","x")', phone: '+1 5551234567' },
      { full_name: '=1+1', address: '@home', product_sku: '-minus' },
    ]);
  });

  it('treats missing columns and cells as empty', () => {
    const parsed = parseCsvText(fixture('missing-columns.csv'));
    expect(parsed.rows).toHaveLength(3);
    expect(parsed.valid).toBe(2);
    expect(parsed.problems).toEqual([{ row: 3, error: 'Email is required.' }]);
    expect(fields(fixture('missing-columns.csv'))[1]).toMatchObject({ full_name: 'Grace Hopper', phone: '', image_file_id: '' });
  });

  it('lists each bad row by number before anything is sent, and skips blank lines', () => {
    const parsed = parseCsvText(fixture('problems.csv'));
    expect(parsed.rows).toHaveLength(4);
    expect(parsed.valid).toBe(1);
    expect(parsed.problems.map((p) => p.row)).toEqual([1, 2, 3]);
    expect(parsed.problems[0]!.error).toMatch(/Full name is required/);
    expect(parsed.problems[1]!.error).toMatch(/Email is required/);
    expect(parsed.problems[2]!.error).toMatch(/not a valid email/);
  });

  it('reports an unclosed quote', () => {
    const parsed = parseCsvText(fixture('unclosed-quote.csv'));
    expect(parsed.problems).toEqual([{ row: 2, error: 'A quoted cell is not closed or is malformed.' }]);
  });

  it('accepts raw field names', () => {
    expect(fields(fixture('field-names.csv'))[0]).toMatchObject({ selected_product: 'Pendant', image_file_id: 'img1,img2' });
  });
});

describe('isCsvFileName', () => {
  it.each([
    ['submissions.csv', true],
    ['EXPORT.CSV', true],
    ['notes.txt', false],
    ['data.csv.xlsx', false],
    ['csv', false],
  ])('%s → %s', (name, ok) => expect(isCsvFileName(name)).toBe(ok));
});

describe('matchExisting', () => {
  it('gives an exported row back its id and product, one cached row per file row', () => {
    const subs = [
      submission({ $id: 'one', selected_product: 'Pendant', image_file_id: 'f1,f2' }),
      submission({ $id: 'two' }),
      submission({ $id: 'three' }),
      submission({ $id: 'four', full_name: '=SUM(1)', phone: '-5' }),
    ];
    const csv = buildExportCsv(subs, (id) => `https://x.example/v1/storage/buckets/images/files/${id}/view?project=p`);
    const parsed = parseCsvText(csv);
    const { rows, matched } = matchExisting(parsed.rows, subs);
    expect(matched).toBe(4);
    expect(rows.map((r) => r.$id)).toEqual(['one', 'two', 'three', 'four']);
    expect(rows[0]!.selected_product).toBe('Pendant');
  });

  it('leaves changed rows, rows with their own id, and bad rows alone', () => {
    const subs = [submission({ $id: 'one' })];
    const rows: CsvRow[] = [
      {
        'Full Name': 'Ada Lovelace',
        Email: 'ada@example.com',
        Phone: '+1 5551234567',
        Address: '12 Elm St, Apt 4, Springfield, IL, 62701, United States',
        SKU: 'Other',
      },
      {
        id: 'mine',
        'Full Name': 'Ada Lovelace',
        Email: 'ada@example.com',
        Phone: '+1 5551234567',
        Address: '12 Elm St, Apt 4, Springfield, IL, 62701, United States',
        SKU: 'Aurora Pendant',
      },
      { 'Full Name': '', Email: '' },
    ];
    const out = matchExisting(rows, subs);
    expect(out.matched).toBe(0);
    expect(out.rows).toEqual(rows);
  });
});

describe('chunkRanges', () => {
  it('cuts by row count and by size', () => {
    const rows = Array.from({ length: 12_001 }, (_, i) => ({ Email: `a${i}@b.co` }));
    expect(chunkRanges(rows)).toEqual([
      [0, 5000],
      [5000, 10000],
      [10000, 12001],
    ]);
    const big = Array.from({ length: 10 }, () => ({ Address: 'x'.repeat(1000) }));
    expect(chunkRanges(big, 5000, 3000)).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
      [6, 8],
      [8, 10],
    ]);
    expect(chunkRanges([])).toEqual([]);
  });
});

describe('runImport', () => {
  const rows = Array.from({ length: 7000 }, (_, i) => ({ 'Full Name': `N${i}`, Email: `n${i}@example.com` }));
  const answer = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('posts chunks with the bearer token and adds up the answers, numbering rows from 1', async () => {
    const calls: { auth: string | null; n: number }[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const data = (JSON.parse(init.body as string) as { data: unknown[] }).data;
      calls.push({ auth: new Headers(init.headers).get('authorization'), n: data.length });
      return answer({ created: data.length - 1, updated: 0, skipped: 0, errors: 1, results: [{ row: 0, status: 'error', error: 'bad' }] });
    }) as typeof fetch;
    const sum = await runImport(rows, { token: 'tok', fetchImpl });
    expect(calls).toEqual([
      { auth: 'Bearer tok', n: 5000 },
      { auth: 'Bearer tok', n: 2000 },
    ]);
    expect(sum).toMatchObject({ created: 6998, errors: 2 });
    expect(sum.results.map((r) => r.row)).toEqual([1, 5001]);
  });

  it.each([
    [
      'the server’s error text',
      async () => answer({ error: 'Import at most 20000 rows at a time; split the file.' }, 413),
      'Import at most 20000 rows at a time; split the file.',
    ],
    ['an error field in a 200', async () => answer({ error: 'Nope' }), 'Nope'],
    ['"Import failed" without a text', async () => new Response('<html>', { status: 502 }), 'Import failed'],
    [
      '"Error importing data." when the request fails',
      async () => Promise.reject(new TypeError('Failed to fetch')),
      'Error importing data.',
    ],
  ])('fails with %s', async (_n, fetchImpl, message) => {
    const err = await runImport(rows.slice(0, 3), { token: 't', fetchImpl: fetchImpl as unknown as typeof fetch }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportError);
    expect((err as Error).message).toBe(message);
  });
});

describe('errorReportCsv', () => {
  it('lists refused rows with the reason and the file’s columns', () => {
    const csv = errorReportCsv(
      [
        { 'Full Name': 'A', Email: '=x' },
        { 'Full Name': 'B', Email: 'bad' },
      ],
      ['Full Name', 'Email'],
      [{ row: 2, error: 'email: Email is not a valid email address.' }],
    );
    expect(csv).toBe('\uFEFF"Row","Error","Full Name","Email"\r\n"2","email: Email is not a valid email address.","B","bad"\r\n');
  });
});
