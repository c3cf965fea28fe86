// The warranty certificate: a one-page PDF (US Letter) made with pdfkit, attached to the confirmation e-mail and
// served by "Download certificate" (./download.ts). Its text is set by ./typesetter.ts in the faces of ./fonts.ts.
import PDFDocument from 'pdfkit';
import type { Product } from '../../../src/shared/contracts/product';
import { ID_PATTERN } from '../../../src/shared/contracts/submission';
import {
  coveredUntil,
  formatDate,
  parseDate,
  productLines,
  productsOf,
  registeredAt,
  WARRANTY_TERMS,
  type RegisteredProduct,
} from '../../../src/shared/warranty';
import { printable, Typesetter, type Style } from './typesetter';

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

  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    // No starting font: pdfkit would load (and embed) a standard one, or, given a face, compare it with the same face
    // chosen later by turning the font's whole name table into JSON, twice for every certificate. The typesetter
    // chooses a face before any text is set.
    font: null as unknown as string,
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

  const type = new Typesetter(doc, CENTER);
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
