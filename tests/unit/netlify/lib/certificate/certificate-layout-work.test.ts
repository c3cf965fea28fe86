// The certificate sets any stored text in work that grows with its length, never with its square: a line holding
// thousands of characters that take no width (stacked accents) is measured a few times, not once per character, and
// no run of accents longer than Unicode's stream-safe 30 reaches the layout (whose cost grows with its square).
// Work is counted, never timed: the characters pdfkit is asked to measure.
import PDFDocument from 'pdfkit';
import { describe, expect, it, vi } from 'vitest';
import { makeCertificate, type CertificateInput } from '../../../../../netlify/lib/certificate/pdf';

const base: CertificateInput = {
  id: '674a1b2c3d4e5f6a7b8c',
  brandName: 'Maison Aurelle',
  customerName: 'Amélie Ørsted-Nuñez',
  products: [{ title: 'Aurora Diamond Ring', sku: 'RNG-1000-YG' }],
  submittedAt: '2026-11-25T10:30:00.000Z',
  store: 'Fifth Avenue, New York',
};

/** A letter under `marks` combining accents, `times` over: one word, mostly of characters without width. */
const stacked = (marks: number, times: number) => `a${'\u0301'.repeat(marks)}`.repeat(times);

const lengthOf = (input: CertificateInput) =>
  input.customerName.length + (input.store ?? '').length + input.products.map((p) => p.title + (p.sku ?? '')).join('').length;

/**
 * What making the certificate measures: the characters, and the longest run of combining marks in one measure. Past
 * `budget` characters the making stops, as a runaway would not.
 */
async function measured(input: CertificateInput, budget: number) {
  const proto = PDFDocument.prototype as PDFKit.PDFDocument;
  const measure = proto.widthOfString;
  let chars = 0;
  let marks = 0;
  const spy = vi.spyOn(proto, 'widthOfString').mockImplementation(function (
    this: PDFKit.PDFDocument,
    text: string,
    options?: PDFKit.Mixins.TextOptions,
  ) {
    chars += text.length;
    for (const run of text.match(/\p{M}+/gu) ?? []) marks = Math.max(marks, run.length);
    if (chars > budget) throw new RangeError(`more than ${budget} characters measured`);
    return measure.call(this, text, options);
  });
  try {
    await makeCertificate(input);
    return { chars, marks };
  } finally {
    spy.mockRestore();
  }
}

describe('the certificate of a registration written to its limits', () => {
  it('measures a product, a store and a name of stacked accents in proportion to their length', async () => {
    const plain = (await measured(base, Infinity)).chars;
    const cases: [string, CertificateInput][] = [
      ['product', { ...base, products: [{ title: stacked(30, 132) }] }], // 4,092 characters, two lines wide
      ['SKU', { ...base, products: [{ title: 'Ring', sku: stacked(30, 132) }] }],
      ['store', { ...base, store: stacked(30, 132) }],
      ['name', { ...base, customerName: stacked(4, 51) }], // 255 characters
    ];
    for (const [what, input] of cases) {
      const length = lengthOf(input);
      const { chars } = await measured(input, plain + 200 * length);
      expect(chars - plain, what).toBeLessThanOrEqual(40 * length);
    }
  });

  it('measures four times the accents on the same lines in about four times the work', async () => {
    const work = async (marks: number) => (await measured({ ...base, products: [{ title: stacked(marks, 99) }] }, 1_000_000)).chars;
    const fewer = await work(7);
    const more = await work(28);
    expect(more / fewer).toBeLessThan(6);
  });

  it('lays out at most 30 accents on one letter, however many were written', async () => {
    const input = {
      ...base,
      customerName: `Ada${'\u0301'.repeat(250)}`,
      products: [{ title: `${'W'.repeat(60)}${'\u0300'.repeat(4000)}` }],
    };
    const { chars, marks } = await measured(input, 200 * lengthOf(input));
    expect(marks).toBe(30);
    expect(chars).toBeLessThanOrEqual(40 * lengthOf(input));
  });
});
