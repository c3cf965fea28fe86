// The warranty's own rules, the same in the browser, the functions and the server: when a registration counts as
// made, how long it covers, how dates are written for customers and which products a registration names.
import type { Product } from './contracts/product';

/** The complimentary warranty lasts this many years from the registration. */
export const COVERAGE_YEARS = 1;

/** What a registration shows instead of products when the customer only sent photos. */
export const PHOTOS_ONLY = 'Photos of your piece';

/** The one line of terms printed on the certificate and in the confirmation e-mail. */
export const WARRANTY_TERMS = 'Complimentary 1-year warranty against manufacturing defects. Keep this certificate with your receipt.';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A date as an ISO string or a Date; null when it is not a real date. */
export function parseDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * When the warranty of a registration made at `submittedAt` ends: the same calendar day one year later (UTC), at the
 * same time of day. A registration of 29 February is covered until 28 February: never past a full year.
 * @throws RangeError when `submittedAt` is not a date.
 */
export function coveredUntil(submittedAt: string | Date): Date {
  const start = parseDate(submittedAt);
  if (!start) throw new RangeError(`Not a date: ${String(submittedAt)}`);
  const end = new Date(start.getTime());
  end.setUTCDate(1); // so that setting the year cannot roll 29 February over into March
  end.setUTCFullYear(start.getUTCFullYear() + COVERAGE_YEARS);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(start.getUTCDate(), lastDay));
  return end;
}

/**
 * A date as customers read it: "25 November 2026" (day, month name, year; the UTC calendar day, so every device and
 * the e-mail agree). Written out by hand rather than through Intl so the text never depends on a locale's data.
 * @throws RangeError when `value` is not a date.
 */
export function formatDate(value: string | Date): string {
  const d = parseDate(value);
  if (!d) throw new RangeError(`Not a date: ${String(value)}`);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The short form for tables, "25 Nov 2026" (UTC, as formatDate). */
export function formatShortDate(value: string | Date): string {
  const [day, month, year] = formatDate(value).split(' ');
  return `${day} ${month!.slice(0, 3)} ${year}`;
}

/** Days a registration may wait on a device before it arrives (the default of the server's MAX_QUEUE_DAYS). */
export const MAX_QUEUE_DAYS = 30;

/**
 * When a registration counts as made: the `submitted_at` its device gave it, believed only within `maxQueueDays`
 * before the record arrived (`$createdAt`, written by the server) and never after it; the arrival for an older
 * record without one. Null when neither is a date.
 */
export function registeredAt(record: { submitted_at?: string; $createdAt?: string }, maxQueueDays = MAX_QUEUE_DAYS): Date | null {
  const claimed = parseDate(record.submitted_at);
  const arrived = parseDate(record.$createdAt);
  if (!claimed || !arrived) return claimed ?? arrived;
  const earliest = arrived.getTime() - maxQueueDays * 86_400_000;
  return new Date(Math.min(Math.max(claimed.getTime(), earliest), arrived.getTime()));
}

/**
 * Text as one printable line: composed accents (NFC), no control characters, bidirectional overrides or line
 * breaks, runs of spaces collapsed. Names and titles go through it before a certificate or e-mail shows them.
 */
export function oneLine(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

export type RegisteredProduct = { title: string; sku?: string };

const key = (s: string) => s.trim().toLowerCase();

/**
 * The products a registration names. `product_sku` and `selected_product` hold comma-joined product titles (or the
 * customer's own search text); with the catalog at hand, each title gets its SKU (the one the product search
 * showed), a title holding commas is kept whole, and a SKU typed on its own gets its product's title.
 */
export function productsOf(
  record: { product_sku?: string; selected_product?: string },
  catalog: readonly Product[] = [],
): RegisteredProduct[] {
  const byTitle = new Map<string, Product>();
  const bySku = new Map<string, Product>();
  let mostParts = 1; // the most comma-separated parts a catalog title has
  for (const p of catalog) {
    const title = key(p.title);
    if (!byTitle.has(title)) byTitle.set(title, p);
    mostParts = Math.max(mostParts, title.split(',').length);
    for (const sku of [p.sku, ...p.variants.map((v) => v.sku)]) if (sku && !bySku.has(key(sku))) bySku.set(key(sku), p);
  }
  const found: RegisteredProduct[] = [];
  const seen = new Set<string>();
  const add = (item: RegisteredProduct) => {
    const id = `${key(item.title)}\u0000${key(item.sku ?? '')}`;
    if (seen.has(id)) return;
    seen.add(id);
    found.push(item);
  };
  for (const joined of [record.product_sku ?? '', record.selected_product ?? '']) {
    const parts = joined.split(',').map((p) => p.trim());
    for (let i = 0; i < parts.length; i++) {
      // The longest run of parts that is one catalog title ("Ring, 18K gold" stays one product). A run holds as many
      // commas as it joins, so none longer than the catalog's longest title can be one: the search is bounded by the
      // catalog, never by how many commas a customer wrote.
      let match: { end: number; product: Product } | null = null;
      for (let j = Math.min(parts.length, i + mostParts); j > i + 1 && !match; j--) {
        const product = byTitle.get(key(parts.slice(i, j).join(', ')));
        if (product) match = { end: j, product };
      }
      if (match) {
        add({ title: match.product.title, ...(match.product.sku ? { sku: match.product.sku } : {}) });
        i = match.end - 1;
        continue;
      }
      const part = parts[i]!;
      if (!part) continue;
      const product = byTitle.get(key(part));
      if (product) add({ title: product.title, ...(product.sku ? { sku: product.sku } : {}) });
      else {
        const bySkuHit = bySku.get(key(part));
        add(bySkuHit ? { title: bySkuHit.title, sku: part } : { title: part });
      }
    }
  }
  return found;
}

/** A product as one line: "Aurora Diamond Ring (SKU RNG-1000-YG)", or the title alone when no SKU is known. */
export const productLine = (p: RegisteredProduct): string => (p.sku ? `${p.title} (SKU ${p.sku})` : p.title);

/** What a registration with neither products nor photos shows (an imported row may have neither). */
export const NO_PRODUCT = 'No product recorded';

/**
 * The lines a registration shows for its products: one per product, or "Photos of your piece" when the customer
 * sent photos only.
 */
export const productLines = (products: readonly RegisteredProduct[], hasPhotos = true): string[] =>
  products.length ? products.map(productLine) : [hasPhotos ? PHOTOS_ONLY : NO_PRODUCT];
