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
  return clampedToArrival(claimed, arrived, maxQueueDays);
}

/** The date a device claimed, believed only within `maxQueueDays` before the record `arrived` and never after it. */
export function clampedToArrival(claimed: Date, arrived: Date, maxQueueDays: number): Date {
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

type CatalogIndex = { byTitle: Map<string, Product>; bySku: Map<string, Product>; mostParts: number };

/** Each catalog's index, made once: a migration or a sweep asks for it once per registration. */
const indexes = new WeakMap<readonly Product[], CatalogIndex>();

function indexOf(catalog: readonly Product[]): CatalogIndex {
  let index = indexes.get(catalog);
  if (!index) indexes.set(catalog, (index = buildIndex(catalog)));
  return index;
}

function buildIndex(catalog: readonly Product[]): CatalogIndex {
  const byTitle = new Map<string, Product>();
  const bySku = new Map<string, Product>();
  let mostParts = 1; // the most comma-separated parts a catalog title has
  for (const p of catalog) {
    const title = key(p.title);
    if (!byTitle.has(title)) byTitle.set(title, p);
    mostParts = Math.max(mostParts, title.split(',').length);
    for (const sku of [p.sku, ...p.variants.map((v) => v.sku)]) if (sku && !bySku.has(key(sku))) bySku.set(key(sku), p);
  }
  return { byTitle, bySku, mostParts };
}

/**
 * The comma-joined parts of a field, each non-empty one as a catalog product whose title it is (the longest run of
 * parts that is one title: "Ring, 18K gold" stays one product) or as its own text.
 */
function* runsOf(joined: string, { byTitle, mostParts }: CatalogIndex): Generator<{ text: string; product?: Product }> {
  const parts = joined.split(',').map((p) => p.trim());
  for (let i = 0; i < parts.length; i++) {
    // A run holds as many commas as it joins, so none longer than the catalog's longest title can be one: the search
    // is bounded by the catalog, never by how many commas a customer wrote.
    let match: { end: number; product: Product } | null = null;
    for (let j = Math.min(parts.length, i + mostParts); j > i + 1 && !match; j--) {
      const product = byTitle.get(key(parts.slice(i, j).join(', ')));
      if (product) match = { end: j, product };
    }
    if (match) {
      yield { text: match.product.title, product: match.product };
      i = match.end - 1;
      continue;
    }
    const part = parts[i]!;
    if (!part) continue;
    const product = byTitle.get(key(part));
    yield product ? { text: part, product } : { text: part };
  }
}

/** The products a field names: titles get their SKU and SKUs their title from the catalog. */
function itemsIn(joined: string, index: CatalogIndex): RegisteredProduct[] {
  const items: RegisteredProduct[] = [];
  for (const { text, product } of runsOf(joined, index)) {
    if (product) items.push({ title: product.title, ...(product.sku ? { sku: product.sku } : {}) });
    else {
      const bySku = index.bySku.get(key(text));
      items.push(bySku ? { title: bySku.title, sku: text } : { title: text });
    }
  }
  return items;
}

/** Each product once, in order. */
function once(items: readonly RegisteredProduct[]): RegisteredProduct[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = `${key(item.title)}\u0000${key(item.sku ?? '')}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The products a registration names. A product picked in the wizard is stored as its title in `selected_product`
 * and its SKU at the same place in `product_sku`: the titles name the products, each with its SKU. Otherwise
 * `product_sku` is what the customer typed (or, in rows from before, comma-joined titles): with the catalog at hand,
 * each title gets its SKU, a title holding commas is kept whole, and a SKU typed on its own gets its product's title.
 */
export function productsOf(
  record: { product_sku?: string; selected_product?: string },
  catalog: readonly Product[] = [],
): RegisteredProduct[] {
  const index = indexOf(catalog);
  const named = itemsIn(record.product_sku ?? '', index);
  const titles = itemsIn(record.selected_product ?? '', index);
  if (titles.length) {
    const skus = (record.product_sku ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const picked = once(titles);
    // A SKU equal to its title is a product the shop gave no SKU.
    if (picked.length === skus.length)
      return picked.map((t, i) => (key(skus[i]!) === key(t.title) ? t : { title: t.title, sku: skus[i]! }));
  }
  return once([...named, ...titles]);
}

/**
 * The catalog products `joined` names when every part of it is a catalog title (comma-joined titles, as product_sku
 * held them before SKUs were stored), else null.
 */
export function catalogTitlesIn(joined: string, catalog: readonly Product[]): Product[] | null {
  const products: Product[] = [];
  for (const { product } of runsOf(joined, indexOf(catalog))) {
    if (!product) return null;
    products.push(product);
  }
  return products.length ? products : null;
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
