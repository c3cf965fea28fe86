// The warranty certificate: a one-page PDF (US Letter) made with pdfkit, attached to the confirmation e-mail and
// served by "Download certificate". Text is set in Cormorant Garamond (the app's display serif: Latin, Cyrillic and
// Vietnamese), Noto Sans SC for Chinese and Japanese and Noto Sans KR for Korean; each character takes the first face
// that has it.
// pdfkit embeds only the glyphs a certificate uses (font subsets), so any name prints as typed and the file stays small.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { create as createFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import type { Product } from '../../src/shared/contracts/product';
import { ID_PATTERN } from '../../src/shared/contracts/submission';
import {
  coveredUntil,
  formatDate,
  oneLine,
  parseDate,
  productLines,
  productsOf,
  registeredAt,
  WARRANTY_TERMS,
  type RegisteredProduct,
} from '../../src/shared/warranty';
import { isWoff, woffToSfnt } from './sfnt';

export type CertificateInput = {
  /** The registration id (the submission's $id). */
  id: string;
  brandName: string;
  /** The brand's accent colour, #rrggbb; a muted gold when absent or malformed. */
  accent?: string;
  customerName: string;
  /** Titles and SKUs; none means the customer sent photos only. */
  products: readonly RegisteredProduct[];
  /** False only for a record with neither products nor photos (an imported row). */
  hasPhotos?: boolean;
  /** When the registration was made (ISO); coverage runs one year from it. */
  submittedAt: string;
  /** The store whose counter took the registration, when known. */
  store?: string;
};

export const certificateFilename = (id: string) => `warranty-certificate-${id}.pdf`;

/** The certificate's contents for a stored registration. */
export function certificateInputOf(
  record: {
    $id: string;
    $createdAt?: string;
    submitted_at?: string;
    full_name: string;
    product_sku?: string;
    selected_product?: string;
    image_file_id?: string;
    store?: string;
  },
  brand: { name: string; accent?: string },
  catalog: readonly Product[] = [],
): CertificateInput {
  const at = registeredAt(record);
  if (!at) throw new RangeError(`Registration ${record.$id} has no registration date.`);
  return {
    id: record.$id,
    brandName: brand.name,
    ...(brand.accent ? { accent: brand.accent } : {}),
    customerName: record.full_name,
    products: productsOf(record, catalog),
    hasPhotos: Boolean(record.image_file_id?.trim()),
    submittedAt: at.toISOString(),
    ...(record.store?.trim() ? { store: record.store } : {}),
  };
}

// ---- Faces ----------------------------------------------------------------------------------------------------

type Weight = 'regular' | 'semibold';
type Face = { id: string; font: Font };

const CORMORANT_SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'cyrillic-ext'];
const CORMORANT_WEIGHTS: Record<Weight, number> = { regular: 500, semibold: 600 };
// Chinese and Japanese (Han and kana), then Korean (Hangul): static TrueType files, read only for names that need them.
const CJK_FILES = [
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
];

// The Cormorant faces come as WOFF (the subsetter reads glyphs from the glyf table, which WOFF2 stores transformed)
// and are unpacked once to TrueType (./sfnt), so reading a glyph does not inflate the whole table again.
const faceFiles: Record<Weight, string[]> = {
  regular: [...CORMORANT_SUBSETS.map((s) => cormorant(s, CORMORANT_WEIGHTS.regular)), ...CJK_FILES],
  semibold: [...CORMORANT_SUBSETS.map((s) => cormorant(s, CORMORANT_WEIGHTS.semibold)), ...CJK_FILES],
};

function cormorant(subset: string, weight: number) {
  return `@fontsource/cormorant-garamond/files/cormorant-garamond-${subset}-${weight}-normal.woff`;
}

/** A font file of an installed package: resolved through the package, or under node_modules where a bundle runs. */
function fontFile(spec: string): string {
  try {
    return createRequire(import.meta.url).resolve(spec);
  } catch {
    return join(process.cwd(), 'node_modules', spec);
  }
}

const faces = new Map<string, Face>();

/**
 * A face, read and parsed once per process and handed to every document as the parsed font: reading the CJK font
 * and its tables is most of a certificate's cost.
 */
function face(spec: string): Face {
  let f = faces.get(spec);
  if (!f) {
    const file = new Uint8Array(readFileSync(fontFile(spec)));
    f = { id: `face${faces.size + 1}`, font: createFont(isWoff(file) ? woffToSfnt(file) : file) };
    faces.set(spec, f);
  }
  return f;
}

/**
 * The first face of a weight that has the character, trying them in order and reading each only when a character
 * needs it (a Latin name never loads the CJK font). A character no face has goes to the first face, which draws its
 * missing-glyph box rather than dropping it.
 */
function faceFor(cp: number, weight: Weight): Face {
  for (const spec of faceFiles[weight]) {
    const f = face(spec);
    if (f.font.hasGlyphForCodePoint(cp)) return f;
  }
  return face(faceFiles[weight][0]!);
}

// ---- Text -----------------------------------------------------------------------------------------------------

type Run = { face: Face; text: string };
const JOINS = /^[\s\p{M}]$/u; // spaces and combining marks stay with the run before them when its face has them

/** The text cut into runs, each in the first face of the weight's chain that has its characters. */
function runsOf(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    if (last && JOINS.test(ch) && last.face.font.hasGlyphForCodePoint(cp)) {
      last.text += ch;
      continue;
    }
    const f = faceFor(cp, weight);
    if (last && last.face === f) last.text += ch;
    else runs.push({ face: f, text: ch });
  }
  return runs;
}

// Break opportunities: after spaces, and around each CJK character (those scripts wrap between characters).
const CJK = '\\u2E80-\\u2FFF\\u3001-\\u9FFF\\uAC00-\\uD7AF\\uF900-\\uFAFF\\uFF00-\\uFFEF\\u{20000}-\\u{3FFFF}';
const UNITS = new RegExp(`\\s+|[${CJK}][\\p{M}]*|[^\\s${CJK}]+`, 'gu');

// At most 30 combining marks in a row, as Unicode's stream-safe text format allows (UAX #15): no writing needs more,
// and laying out a run of them on one letter costs the square of its length.
const MARK_RUN = /(\p{M}{30})\p{M}+/gu;

/** Text as the certificate prints it: one line (oneLine), its runs of combining marks cut to 30. */
const printable = (text: string) => oneLine(text).replace(MARK_RUN, '$1');

type Style = { weight: Weight; size: number; color: string; spacing?: number };

/**
 * The largest k ≤ `count` for which `fits(k)` holds (0 when none does), for widths that grow with k: doubling, then
 * halving. A line of k characters costs about k·log k measured characters instead of k² when added one at a time,
 * which matters where characters take no width (stacked accents put thousands of them on one line).
 */
function mostThatFit(count: number, fits: (k: number) => boolean): number {
  let fit = 0;
  let over = 1;
  while (over <= count && fits(over)) {
    fit = over;
    over *= 2;
  }
  over = Math.min(over, count + 1);
  while (over - fit > 1) {
    const mid = (fit + over) >>> 1;
    if (fits(mid)) fit = mid;
    else over = mid;
  }
  return fit;
}

/** A word in pieces that each fit, cut between characters (a piece has at least one, even when it is too wide). */
function cutWord(word: string, fits: (text: string) => boolean): string[] {
  const chars = [...word];
  const pieces: string[] = [];
  for (let c = 0; c < chars.length;) {
    const take = mostThatFit(chars.length - c, (k) => fits(chars.slice(c, c + k).join(''))) || 1;
    pieces.push(chars.slice(c, c + take).join(''));
    c += take;
  }
  return pieces;
}

/** Measures and draws text in one document, each run in its own face. */
class Typesetter {
  private readonly registered = new Set<string>();
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private use(f: Face, size: number) {
    if (!this.registered.has(f.id)) {
      // pdfkit takes an already parsed font as it takes font bytes (its types name only the bytes).
      this.doc.registerFont(f.id, f.font as unknown as Uint8Array);
      this.registered.add(f.id);
    }
    return this.doc.font(f.id).fontSize(size);
  }

  width(text: string, s: Style): number {
    let w = 0;
    for (const r of runsOf(text, s.weight)) w += this.use(r.face, s.size).widthOfString(r.text, { characterSpacing: s.spacing ?? 0 });
    return w - (s.spacing ?? 0); // no spacing after the last character
  }

  /** The text in lines no wider than `max`; a word wider than a line is cut between characters. */
  wrap(text: string, s: Style, max: number): string[] {
    if (this.width(text, s) <= max) return [text];
    const fits = (t: string) => this.width(t, s) <= max;
    // Words, and one space for each run of spaces between them.
    const units = (text.match(UNITS) ?? []).map((u) => (/^\s+$/u.test(u) ? ' ' : u));
    if (units[0] === ' ') units.shift();
    const lines: string[] = [];
    let line = '';
    for (let i = 0; i < units.length; i++) {
      const n = mostThatFit(units.length - i, (k) => fits(line + units.slice(i, i + k).join('')));
      line += units.slice(i, i + n).join('');
      i += n;
      if (i === units.length) break;
      if (units[i] === ' ') {
        line += ' '; // a space never starts a line: the word after it does
        continue;
      }
      // The word starts a new line, cut between characters where it is wider than one.
      if (line.trim()) lines.push(line.trimEnd());
      const pieces = cutWord(units[i]!, fits);
      line = pieces.pop()!;
      lines.push(...pieces);
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines;
  }

  /** The line cut to fit `max` with an ellipsis. */
  ellipsize(line: string, s: Style, max: number): string {
    const chars = [...line];
    const cut = (k: number) => `${chars.slice(0, k).join('').trimEnd()}…`;
    return cut(mostThatFit(chars.length, (k) => this.width(cut(k), s) <= max));
  }

  /** One line centred on the page with its baseline at `y` (points from the top). */
  center(text: string, y: number, s: Style) {
    let x = CENTER - this.width(text, s) / 2;
    for (const r of runsOf(text, s.weight)) {
      const opts = { lineBreak: false, baseline: 'alphabetic' as const, characterSpacing: s.spacing ?? 0 };
      this.use(r.face, s.size).fillColor(s.color).text(r.text, x, y, opts);
      x += this.doc.widthOfString(r.text, opts);
    }
  }
}

// ---- The page -------------------------------------------------------------------------------------------------

const PAGE = { width: 612, height: 792 }; // US Letter, in points; y runs down from the top as in pdfkit
const CENTER = PAGE.width / 2;
const TEXT_WIDTH = 440;
const CHARCOAL = '#2b2b2b';
const MUTED = '#675f57';
const DEFAULT_ACCENT = '#9a7b4f';

/**
 * The certificate as PDF bytes: one page with the brand, "Warranty certificate", the customer's name, the products
 * (or "Photos of your piece"), "Registered on {date}", "Covered until {date}", the store when known, the
 * registration id and the terms.
 * @throws RangeError when the id is not a registration id or `submittedAt` is not a date.
 */
export async function makeCertificate(input: CertificateInput): Promise<Uint8Array> {
  if (!ID_PATTERN.test(input.id)) throw new RangeError('The registration id is not valid.');
  const submitted = parseDate(input.submittedAt);
  if (!submitted) throw new RangeError('The registration date is not a date.');
  const accent = /^#[0-9a-f]{6}$/i.test(input.accent ?? '') ? input.accent! : DEFAULT_ACCENT;

  const brandName = printable(input.brandName);
  const brand = brandName.toUpperCase() || 'WARRANTY';
  const title = 'Warranty certificate';
  const name = printable(input.customerName) || '—';
  const products = productLines(
    input.products.map((p) => ({ title: printable(p.title), ...(p.sku ? { sku: printable(p.sku) } : {}) })).filter((p) => p.title),
    input.hasPhotos ?? true,
  );
  const registered = `Registered on ${formatDate(submitted)}`;
  const covered = `Covered until ${formatDate(coveredUntil(submitted))}`;
  const store = input.store ? printable(input.store) : '';
  const storeLine = store ? `Store: ${store}` : '';
  const idLine = `Registration ID: ${input.id}`;

  const first = face(faceFiles.semibold[0]!);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    // The first face as the starting font, so pdfkit never loads (or embeds) a standard font.
    font: first.font as unknown as string,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `${title} ${input.id}`,
      Author: brandName,
      Subject: `${registered}. ${covered}.`,
      Creator: brandName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const type = new Typesetter(doc);
  const label: Style = { weight: 'regular', size: 9.5, color: accent, spacing: 2 };
  const body: Style = { weight: 'regular', size: 13.5, color: CHARCOAL };
  const small: Style = { weight: 'regular', size: 10.5, color: MUTED };
  const rule = (y: number, width: number) =>
    doc
      .moveTo(CENTER - width / 2, y)
      .lineTo(CENTER + width / 2, y)
      .lineWidth(0.75)
      .strokeColor(accent)
      .stroke();

  // A double rule frames the page, in the accent colour.
  doc
    .rect(28, 28, PAGE.width - 56, PAGE.height - 56)
    .lineWidth(1.5)
    .strokeColor(accent)
    .stroke();
  doc
    .rect(34, 34, PAGE.width - 68, PAGE.height - 68)
    .lineWidth(0.5)
    .strokeColor(accent)
    .stroke();

  // Top: the brand and the title.
  type.center(brand, 80, { weight: 'semibold', size: 13, color: accent, spacing: 3 });
  rule(94, 48);
  type.center(title, 144, { weight: 'semibold', size: 38, color: CHARCOAL });

  // Bottom, laid from the page's foot upwards: the terms, the id, then the coverage.
  let bottom = PAGE.height - 64;
  for (const line of type.wrap(WARRANTY_TERMS, small, TEXT_WIDTH).reverse()) {
    type.center(line, bottom, small);
    bottom -= 14;
  }
  bottom -= 8;
  type.center(idLine, bottom, small);
  bottom -= 34;
  rule(bottom, 300);
  bottom -= 26;
  if (storeLine) {
    const lines = type.wrap(storeLine, body, TEXT_WIDTH);
    type.center(lines.length === 1 ? lines[0]! : type.ellipsize(lines[0]!, body, TEXT_WIDTH), bottom, body);
    bottom -= 22;
  }
  type.center(covered, bottom, { ...body, weight: 'semibold', size: 16 });
  bottom -= 24;
  type.center(registered, bottom, body);
  bottom -= 26;
  type.center('COVERAGE', bottom, label);
  const productsEnd = bottom - 30; // the products stay above this

  // Middle, from the title down: the name, as large as fits in two lines, then the products.
  let y = 196;
  type.center('ISSUED TO', y, label);
  const fitted = fitName(type, name);
  y += 12 + fitted.style.size;
  for (const line of fitted.lines) {
    type.center(line, y, fitted.style);
    y += fitted.style.size * 1.2;
  }
  y += 22 - fitted.style.size * 0.2;
  type.center('PRODUCTS', y, label);
  y += 12 + body.size;
  const lineHeight = body.size * 1.35;
  const room = Math.max(1, Math.floor((productsEnd - y) / lineHeight) + 1);
  const rows = products.map((p) => type.wrap(p, body, TEXT_WIDTH));
  const allRows = rows.flat();
  let shown = allRows;
  if (allRows.length > room) {
    // Whole products while they fit, then how many more there are.
    shown = [];
    let whole = 0;
    for (const r of rows) {
      if (shown.length + r.length > room - 1) break;
      shown.push(...r);
      whole++;
    }
    shown.push(`and ${products.length - whole} more`);
  }
  for (const line of shown) {
    type.center(line, y, body);
    y += lineHeight;
  }

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The name's size and lines: the largest size that fits two lines, else small and at most four lines. */
function fitName(type: Typesetter, name: string) {
  for (const size of [30, 26, 22, 18]) {
    const style: Style = { weight: 'semibold', size, color: CHARCOAL };
    const lines = type.wrap(name, style, TEXT_WIDTH);
    if (lines.length <= 2) return { style, lines };
  }
  const style: Style = { weight: 'semibold', size: 15, color: CHARCOAL };
  const lines = type.wrap(name, style, TEXT_WIDTH);
  if (lines.length > 4) lines.splice(3, lines.length - 3, type.ellipsize(lines[3]!, style, TEXT_WIDTH));
  return { style, lines };
}
