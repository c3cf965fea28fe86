// The warranty's shared rules: coverage dates, how dates read, and which products a registration names.
import { describe, expect, it } from 'vitest';
import catalogData from '@/shared/catalog/products.json';
import { productListSchema, type Product } from '@/shared/contracts/product';
import {
  coveredUntil,
  formatDate,
  NO_PRODUCT,
  oneLine,
  PHOTOS_ONLY,
  productLine,
  productLines,
  productsOf,
  registeredAt,
} from '@/shared/warranty';

const catalog = productListSchema.parse(catalogData);
const longGb = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('coverage', () => {
  it('ends on the same calendar day a year after the registration, at the same time (UTC)', () => {
    expect(coveredUntil('2026-11-25T10:30:00.000Z').toISOString()).toBe('2027-11-25T10:30:00.000Z');
    expect(coveredUntil(new Date('2026-01-01T00:00:00.000Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(coveredUntil('2026-12-31T23:59:59.999Z').toISOString()).toBe('2027-12-31T23:59:59.999Z');
  });

  it('reads an offset time as the UTC instant it is', () => {
    // 20:00 in New York on 31 December is 1 January in UTC.
    expect(coveredUntil('2026-12-31T20:00:00-05:00').toISOString()).toBe('2028-01-01T01:00:00.000Z');
  });

  it('covers a registration of 29 February until 28 February, never past a full year', () => {
    expect(coveredUntil('2028-02-29T12:00:00.000Z').toISOString()).toBe('2029-02-28T12:00:00.000Z');
    expect(coveredUntil('2027-02-28T12:00:00.000Z').toISOString()).toBe('2028-02-28T12:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    expect(() => coveredUntil('')).toThrow(RangeError);
    expect(() => coveredUntil('next Tuesday')).toThrow(RangeError);
  });
});

describe('dates as customers read them', () => {
  it('writes day, month name and year, as British English does', () => {
    expect(formatDate('2026-11-25T10:30:00.000Z')).toBe('25 November 2026');
    expect(formatDate('2027-03-01T00:00:00.000Z')).toBe('1 March 2027');
    for (const iso of ['2026-01-09T05:00:00Z', '2026-06-30T23:59:59Z', '2029-02-28T12:00:00Z', '2030-10-10T10:10:10Z']) {
      expect(formatDate(iso)).toBe(longGb.format(new Date(iso)));
    }
  });

  it('gives the UTC calendar day, the same on every device', () => {
    expect(formatDate('2026-11-25T23:30:00-05:00')).toBe('26 November 2026');
  });

  it('refuses what is not a date', () => {
    expect(() => formatDate('2026-13-45')).toThrow(RangeError);
  });

  it('takes submitted_at as the registration date, else when the record was created', () => {
    expect(registeredAt({ submitted_at: '2026-11-25T10:30:00.000Z', $createdAt: '2026-11-20T00:00:00.000Z' })?.toISOString()).toBe(
      '2026-11-25T10:30:00.000Z',
    );
    expect(registeredAt({ submitted_at: '', $createdAt: '2026-11-20T00:00:00.000Z' })?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(registeredAt({ submitted_at: '' })).toBeNull();
  });
});

describe('the products a registration names', () => {
  const first = catalog[0]!;
  const second = catalog[1]!;

  it('gives each chosen title the SKU the product search showed', () => {
    const products = productsOf({ product_sku: `${first.title}, ${second.title}`, selected_product: '' }, catalog);
    expect(products).toEqual([
      { title: first.title, sku: first.sku },
      { title: second.title, sku: second.sku },
    ]);
    expect(productLines(products)).toEqual([`${first.title} (SKU ${first.sku})`, `${second.title} (SKU ${second.sku})`]);
  });

  it('finds the product of a SKU the customer typed, keeping the variant they typed', () => {
    const variant = first.variants.at(-1)!.sku;
    expect(productsOf({ product_sku: variant.toLowerCase() }, catalog)).toEqual([{ title: first.title, sku: variant.toLowerCase() }]);
  });

  it('keeps a title holding a comma whole when the catalog knows it', () => {
    const withComma: Product = { ...first, id: 'x1', title: 'Ring, 18K Gold', sku: 'RNG-COMMA' };
    expect(productsOf({ product_sku: `Ring, 18K Gold, ${second.title}` }, [withComma, second])).toEqual([
      { title: 'Ring, 18K Gold', sku: 'RNG-COMMA' },
      { title: second.title, sku: second.sku },
    ]);
  });

  it('keeps text the catalog does not know as the customer wrote it, and each product once', () => {
    expect(productsOf({ product_sku: 'grandmother’s locket', selected_product: '' }, catalog)).toEqual([{ title: 'grandmother’s locket' }]);
    expect(productsOf({ product_sku: `${first.title}`, selected_product: `${first.title}` }, catalog)).toHaveLength(1);
    expect(productsOf({ product_sku: 'Gold hoops' })).toEqual([{ title: 'Gold hoops' }]);
    expect(productLine({ title: 'Gold hoops' })).toBe('Gold hoops');
  });

  it('says "Photos of your piece" when the customer sent photos only', () => {
    expect(productsOf({ product_sku: ' , ', selected_product: '' }, catalog)).toEqual([]);
    expect(productLines([])).toEqual([PHOTOS_ONLY]);
    expect(PHOTOS_ONLY).toBe('Photos of your piece');
    expect(productLines([], false)).toEqual([NO_PRODUCT]);
  });
});

describe('one printable line', () => {
  it('composes accents and drops control characters, bidi overrides and line breaks', () => {
    expect(oneLine('  Ame\u0301lie\r\n\tØrsted\u202E-Nuñez\u0000 ')).toBe('Amélie Ørsted -Nuñez');
    expect(oneLine('王小明')).toBe('王小明');
  });
});
