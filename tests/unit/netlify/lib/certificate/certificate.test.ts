// The warranty certificate, read back as a person's PDF tools read it: pdf-lib opens it, and Debian's poppler
// (pdftotext, pdffonts, pdftoppm; poppler-utils) extracts its text, lists its fonts and renders it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  certificateFilename,
  certificateInputOf,
  makeCertificate,
  type CertificateInput,
} from '../../../../../netlify/lib/certificate/pdf';

const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function save(pdf: Uint8Array): string {
  const file = join(dir, `c${++n}.pdf`);
  writeFileSync(file, pdf);
  return file;
}
/** The page's text, lines of words as pdftotext reads them (the layout's spacing collapsed). */
const textOf = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', save(pdf), '-'], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
/** The fonts of the PDF as pdffonts lists them: name, whether embedded, whether a subset. */
function fontsOf(pdf: Uint8Array) {
  const out = execFileSync('pdffonts', [save(pdf)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2);
  return out.map((line) => {
    const cols = line.trim().split(/\s+/);
    // name type... encoding emb sub uni object-id generation
    return { name: cols[0]!, emb: cols.at(-5)!, sub: cols.at(-4)!, uni: cols.at(-3)! };
  });
}

/** The dark pixels of a band of the rendered page (72 dpi, grey): how much ink a line of text put down. */
function inkIn(pdf: Uint8Array, top: number, height: number): number {
  const file = save(pdf);
  const prefix = join(dir, `ink${n}`);
  execFileSync('pdftoppm', [
    '-gray',
    '-r',
    '72',
    '-f',
    '1',
    '-l',
    '1',
    '-x',
    '40',
    '-y',
    String(top),
    '-W',
    '532',
    '-H',
    String(height),
    file,
    prefix,
  ]);
  const pgm = readFileSync(`${prefix}-1.pgm`);
  // Binary PGM: "P5", width, height, max value, one whitespace, then one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const pixels = pgm.subarray(header[0].length);
  expect(pixels.length).toBe(Number(header[1]) * Number(header[2]));
  let dark = 0;
  for (const p of pixels) if (p < 128) dark++;
  return dark;
}

const base: CertificateInput = {
  id: '674a1b2c3d4e5f6a7b8c',
  brandName: 'Maison Aurelle',
  customerName: 'Amélie Ørsted-Nuñez',
  products: [
    { title: 'Aurora Diamond Ring', sku: 'RNG-1000-YG' },
    { title: 'Celeste Pearl Necklace', sku: 'NCK-1002-WG' },
  ],
  submittedAt: '2026-11-25T10:30:00.000Z',
  store: 'Fifth Avenue, New York',
};

describe('the warranty certificate', () => {
  it('is one US Letter page with the brand, the name, the products, both dates, the store, the id and the terms', async () => {
    const pdf = await makeCertificate(base);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(doc.getTitle()).toBe('Warranty certificate 674a1b2c3d4e5f6a7b8c');

    const text = textOf(pdf);
    expect(text).toEqual(
      expect.arrayContaining([
        'MAISON AURELLE',
        'Warranty certificate',
        'Amélie Ørsted-Nuñez',
        'Aurora Diamond Ring (SKU RNG-1000-YG)',
        'Celeste Pearl Necklace (SKU NCK-1002-WG)',
        'Registered on 25 November 2026',
        'Covered until 25 November 2027',
        'Store: Fifth Avenue, New York',
        'Registration ID: 674a1b2c3d4e5f6a7b8c',
      ]),
    );
    expect(text.join(' ')).toContain(
      'Complimentary 1-year warranty against manufacturing defects. Keep this certificate with your receipt.',
    );
  });

  it('embeds every font it uses, as a subset', async () => {
    const fonts = fontsOf(await makeCertificate(base));
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) expect(f, f.name).toMatchObject({ emb: 'yes', sub: 'yes', uni: 'yes' });
    expect(fonts.map((f) => f.name).join(' ')).toMatch(/\+CormorantGaramond-/);
  });

  it('prints Chinese, Japanese and Korean names in embedded CJK fonts', async () => {
    for (const [name, font] of [
      ['王小明', 'NotoSansSC'],
      ['山田太郎', 'NotoSansSC'],
      ['김민준', 'NotoSansKR'],
    ] as const) {
      const pdf = await makeCertificate({ ...base, customerName: name });
      expect(textOf(pdf), name).toContain(name);
      const fonts = fontsOf(pdf);
      expect(
        fonts.find((f) => f.name.includes(font)),
        name,
      ).toMatchObject({ emb: 'yes', sub: 'yes' });
      for (const f of fonts) expect(f.emb, f.name).toBe('yes');
      expect(pdf.byteLength, name).toBeLessThanOrEqual(150 * 1024);
    }
  });

  it('draws every glyph of a name, not just its text: the ink of a name is the ink of its characters', async () => {
    // The name line (30 pt, baseline 238 pt from the top); a glyph missing from a font subset would still be
    // extractable text but leave no ink.
    const ink = async (name: string) => inkIn(await makeCertificate({ ...base, customerName: name }), 205, 45);
    for (const name of ['王小明', '山田太郎', '김민준', 'Amélie Ørsted-Nuñez']) {
      const whole = await ink(name);
      let parts = 0;
      for (const ch of name.replace(/[\s-]/g, '')) parts += await ink(ch);
      expect(whole, name).toBeGreaterThan(0);
      expect(Math.abs(whole - parts) / parts, name).toBeLessThan(0.15);
    }
  });

  it('says "Photos of your piece" when only photos were sent, and leaves the store out when unknown', async () => {
    const { store: _store, ...noStore } = base;
    const text = textOf(await makeCertificate({ ...noStore, products: [] }));
    expect(text).toContain('Photos of your piece');
    expect(text.join('\n')).not.toMatch(/Store:/);
  });

  it('keeps an overlong name and a long product list on one page, saying how many more products there are', async () => {
    const products = Array.from({ length: 60 }, (_, i) => ({ title: `Celeste Sapphire Pendant No. ${i + 1}`, sku: `PND-${2000 + i}` }));
    const pdf = await makeCertificate({ ...base, customerName: 'Maximiliane '.repeat(21).trim(), products });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const text = textOf(pdf);
    const more = text.find((l) => /^and \d+ more$/.test(l));
    expect(more).toBeDefined();
    const printed = text.filter((l) => /^Celeste Sapphire Pendant No\. \d+ \(SKU PND-\d+\)$/.test(l)).length;
    expect(printed).toBeGreaterThan(3);
    expect(printed + Number(/\d+/.exec(more!)![0])).toBe(60);
    expect(text.some((l) => l.endsWith('…'))).toBe(true); // the name, cut short
    expect(text).toEqual(expect.arrayContaining(['Registered on 25 November 2026', 'Covered until 25 November 2027']));
    expect(text).toContain('Registration ID: 674a1b2c3d4e5f6a7b8c');
  });

  it('prints names as one line without control or direction-override characters', async () => {
    const text = textOf(await makeCertificate({ ...base, customerName: 'Eve\u202E\r\nMallory\u0007' })).join('\n');
    expect(text).toContain('Eve Mallory');
    expect(text).not.toContain('\u202E');
    expect(text).not.toContain('\u0007');
  });

  it('is the same file when made again after other certificates, whose words the fonts kept laid out', async () => {
    // Only the creation time and the file's id change from one making to the next.
    const content = (pdf: Uint8Array) =>
      Buffer.from(pdf)
        .toString('latin1')
        .replace(/\(D:\d{14}Z\)/g, '')
        .replace(/\/ID \[<\w+> <\w+>\]/, '');
    const input = { ...base, customerName: 'Ngọc Trâm Ørsted 王小明', store: 'Königsallee 27, Düsseldorf' };
    const first = content(await makeCertificate(input));
    for (const customerName of ['Ngọc Ørsted', 'Trâm 王', 'Königsallee Nuñez']) await makeCertificate({ ...input, customerName });
    const again = content(await makeCertificate(input));
    expect(again).toBe(first);
    expect(textOf(await makeCertificate({ ...input, customerName: 'Trâm Königsallee' }))).toContain('Trâm Königsallee');
  });

  it('refuses an id that is not a registration id and a date that is not a date', async () => {
    await expect(makeCertificate({ ...base, id: '../../etc/passwd' })).rejects.toThrow(RangeError);
    await expect(makeCertificate({ ...base, submittedAt: 'soon' })).rejects.toThrow(RangeError);
  });

  it('reads a stored registration: its SKUs from the catalog, its date from submitted_at, its store', () => {
    const input = certificateInputOf(
      {
        $id: 'abc123',
        $createdAt: '2026-11-26T08:00:00.000Z', // it arrived the morning after it was made
        submitted_at: '2026-11-25T10:30:00.000Z',
        full_name: 'Ada Lovelace',
        product_sku: 'Aurora Ring',
        selected_product: '',
        image_file_id: '',
        store: 'Soho',
      },
      { name: 'Maison Aurelle', accent: '#123456' },
      [{ id: '1', title: 'Aurora Ring', handle: 'aurora-ring', sku: 'RNG-1', product_type: 'Ring', tags: [], variants: [], images: [] }],
    );
    expect(input).toEqual({
      id: 'abc123',
      brandName: 'Maison Aurelle',
      accent: '#123456',
      customerName: 'Ada Lovelace',
      products: [{ title: 'Aurora Ring', sku: 'RNG-1' }],
      hasPhotos: false,
      submittedAt: '2026-11-25T10:30:00.000Z',
      store: 'Soho',
    });
    expect(certificateFilename('abc123')).toBe('warranty-certificate-abc123.pdf');
  });
});
