// The warranty's shared rules: coverage dates, how dates read, and which products a registration names.
import { describe, expect, it, vi } from 'vitest';
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
  type RegisteredProduct,
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
    expect(registeredAt({ submitted_at: '2026-11-15T10:30:00.000Z', $createdAt: '2026-11-20T00:00:00.000Z' })?.toISOString()).toBe(
      '2026-11-15T10:30:00.000Z',
    );
    expect(registeredAt({ submitted_at: '', $createdAt: '2026-11-20T00:00:00.000Z' })?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    expect(registeredAt({ submitted_at: '' })).toBeNull();
  });

  it('believes submitted_at only within the days a registration may wait on a device, and never after it arrived', () => {
    const arrived = '2026-11-20T00:00:00.000Z';
    expect(registeredAt({ submitted_at: '2029-11-25T10:00:00.000Z', $createdAt: arrived })?.toISOString()).toBe(arrived);
    expect(registeredAt({ submitted_at: '2020-01-01T00:00:00.000Z', $createdAt: arrived })?.toISOString()).toBe('2026-10-21T00:00:00.000Z');
    expect(registeredAt({ submitted_at: '2026-10-21T00:00:00.000Z', $createdAt: arrived })?.toISOString()).toBe('2026-10-21T00:00:00.000Z');
    expect(registeredAt({ submitted_at: '2020-01-01T00:00:00.000Z', $createdAt: arrived }, 7)?.toISOString()).toBe(
      '2026-11-13T00:00:00.000Z',
    );
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

  it('names a picked product by its title with the SKU stored beside it, with or without the catalog', () => {
    const greta = catalog.find((p) => p.title === 'Greta Sapphire Solitaire Ring')!;
    const record = { product_sku: `${greta.sku}, ${first.sku}`, selected_product: `${greta.title}, ${first.title}` };
    const expected = [
      { title: greta.title, sku: greta.sku },
      { title: first.title, sku: first.sku },
    ];
    expect(productsOf(record, catalog)).toEqual(expected);
    expect(productsOf(record)).toEqual(expected);
    // A product the shop gave no SKU keeps its place with its title.
    expect(productsOf({ product_sku: `Plain Band, ${greta.sku}`, selected_product: `Plain Band, ${greta.title}` })).toEqual([
      { title: 'Plain Band' },
      { title: greta.title, sku: greta.sku },
    ]);
    // Typed text without a pick stays the product.
    expect(productsOf({ product_sku: 'my grandmother’s ring', selected_product: '' })).toEqual([{ title: 'my grandmother’s ring' }]);
  });

  it('says "Photos of your piece" when the customer sent photos only', () => {
    expect(productsOf({ product_sku: ' , ', selected_product: '' }, catalog)).toEqual([]);
    expect(productLines([])).toEqual([PHOTOS_ONLY]);
    expect(PHOTOS_ONLY).toBe('Photos of your piece');
    expect(productLines([], false)).toEqual([NO_PRODUCT]);
  });
});

describe('the products of a registration written to its limits', () => {
  // Titles of two and three parts (and one ending in a comma) beside the shop's own, so runs of parts are searched.
  const ring: Product = { ...catalog[0]!, id: 'c2', title: 'Ring, 18K Gold', sku: 'RNG-COMMA', variants: [] };
  const pendant: Product = { ...catalog[1]!, id: 'c3', title: 'Pendant, Rose Gold, 16 inch', sku: 'PND-COMMA', variants: [] };
  const locket: Product = { ...catalog[2]!, id: 'c4', title: 'Locket,', sku: 'LCK-COMMA', variants: [] };
  const withCommas = [ring, pendant, locket, ...catalog];
  const first = catalog[0]!;
  const second = catalog[1]!;
  type Fields = { product_sku?: string; selected_product?: string };

  /**
   * productsOf's answer and its work: the keys it makes (every title, SKU and run of parts it looks up is lowercased
   * first) and their characters. Past `budget` characters it is stopped, so a search that grows with the cube of the
   * parts fails at once instead of running for minutes.
   */
  function keyed(record: Fields, budget = Infinity, catalog = withCommas) {
    const lower = String.prototype.toLowerCase;
    let keys = 0;
    let chars = 0;
    const spy = vi.spyOn(String.prototype, 'toLowerCase').mockImplementation(function (this: string) {
      keys++;
      chars += this.length;
      if (chars > budget) throw new RangeError(`more than ${budget} characters keyed`);
      return lower.call(this);
    });
    try {
      const products = productsOf(record, catalog);
      return { products, keys, chars };
    } finally {
      spy.mockRestore();
    }
  }

  /** `n` comma-separated parts: titles whole and in pieces, SKUs, empty parts and text of the customer's own. */
  const partsOf = (n: number) => {
    const some = ['Ring', '18K Gold', 'pendant', 'rose gold', '16 INCH', 'Locket', '', first.title, first.sku, 'Ring', ''];
    return Array.from({ length: n }, (_, i) => (i % 12 === 11 ? `piece ${i}` : some[i % 12]!)).join(',');
  };

  it('keys the catalog once, however many registrations it names the products of', () => {
    const fresh = [...withCommas];
    const record = { product_sku: first.sku, selected_product: '' };
    expect(keyed(record, Infinity, fresh).keys).toBeGreaterThan(fresh.length);
    // A migration or a mail sweep names the products of every registration with one catalog: only the field is keyed.
    expect(keyed(record, Infinity, fresh).keys).toBeLessThan(5);
  });

  it('keys each part a few times, so 4,000 parts cost about four times what 1,000 do', () => {
    keyed({}); // the catalog's own keys, made once for it
    const catalogOnly = keyed({});
    const work = (n: number) => {
      const field = partsOf(n);
      // Generous for a linear search (a few keys of every part), far too little for one joining runs to the end.
      const budget = catalogOnly.chars + 2 * 16 * field.length;
      const { keys, chars } = keyed({ product_sku: field, selected_product: field }, budget);
      return { parts: 2 * n, length: 2 * field.length, keys: keys - catalogOnly.keys, chars: chars - catalogOnly.chars };
    };
    const small = work(1000);
    const large = work(4000);
    expect(large.keys).toBeLessThanOrEqual(6 * large.parts);
    expect(large.chars).toBeLessThanOrEqual(8 * large.length);
    expect(large.keys / small.keys).toBeLessThan(4.2);
    expect(large.chars / small.chars).toBeLessThan(4.2);
  });

  it('names the right products in fields of 2,048 commas, keeping titles with commas whole', () => {
    const sku = [
      ...['Ring', '18K Gold'],
      ...Array<string>(1000).fill(''),
      ...['ring', '', '18k gold'], // an empty part between: two texts, not the ring
      ...Array<string>(500).fill('a'),
      ...['PENDANT', 'rose gold', '16 Inch'],
      ...['Pendant', 'Rose Gold', first.sku.toLowerCase()], // two parts of the pendant, then a SKU
      ...['Locket', ''],
      ...Array<string>(536).fill(''),
    ].join(',');
    const selected = [second.title, ...Array<string>(2046).fill(''), 'Ring', '18K Gold'].join(',');
    for (const field of [sku, selected]) {
      expect(field.split(',')).toHaveLength(2049);
      expect(field.length).toBeLessThanOrEqual(4096);
    }
    const { products } = keyed({ product_sku: sku, selected_product: selected }, 100_000);
    expect(products).toEqual([
      { title: 'Ring, 18K Gold', sku: 'RNG-COMMA' },
      { title: 'ring' },
      { title: '18k gold' },
      { title: 'a' },
      { title: 'Pendant, Rose Gold, 16 inch', sku: 'PND-COMMA' },
      { title: 'Pendant' },
      { title: 'Rose Gold' },
      { title: first.title, sku: first.sku.toLowerCase() },
      { title: 'Locket,', sku: 'LCK-COMMA' },
      { title: second.title, sku: second.sku },
    ]);
  });

  it('gives what a search of every run of parts to the end gives', () => {
    const words = ['Ring', '18K Gold', 'ring', '18k gold ', 'Pendant', ' Rose Gold', '16 inch', 'Locket', 'locket,', '', ' '];
    words.push('pendant, rose gold, 16 INCH', first.title, first.sku, second.sku.toLowerCase(), 'grandmother’s locket');
    const few = [ring, pendant, locket, first, second];
    let seed = 20;
    const next = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647; // the same fields on every run
      return seed % n;
    };
    const field = () => Array.from({ length: next(12) }, () => words[next(words.length)]!).join(next(2) ? ',' : ', ');
    // One field at a time: with both, picked titles and their SKUs pair up (tested above), which no run search does.
    for (let i = 0; i < 500; i++) {
      for (const record of [{ product_sku: field() }, { product_sku: '', selected_product: field() }])
        expect(productsOf(record, few), JSON.stringify(record)).toEqual(everyRunSearch(record, few));
    }
  });
});

/** The products search as first written: from each part, every run of parts up to the last, longest first. */
function everyRunSearch(record: { product_sku?: string; selected_product?: string }, list: readonly Product[]) {
  const k = (s: string) => s.trim().toLowerCase();
  const titles = new Map<string, Product>();
  const skus = new Map<string, Product>();
  for (const p of list) {
    if (!titles.has(k(p.title))) titles.set(k(p.title), p);
    for (const sku of [p.sku, ...p.variants.map((v) => v.sku)]) if (sku && !skus.has(k(sku))) skus.set(k(sku), p);
  }
  const found: RegisteredProduct[] = [];
  const seen = new Set<string>();
  const add = (item: RegisteredProduct) => {
    const id = `${k(item.title)}\u0000${k(item.sku ?? '')}`;
    if (!seen.has(id)) found.push(item);
    seen.add(id);
  };
  const whole = (p: Product) => ({ title: p.title, ...(p.sku ? { sku: p.sku } : {}) });
  for (const joined of [record.product_sku ?? '', record.selected_product ?? '']) {
    const parts = joined.split(',').map((p) => p.trim());
    for (let i = 0; i < parts.length; i++) {
      let run = parts.length;
      while (run > i + 1 && !titles.has(k(parts.slice(i, run).join(', ')))) run--;
      if (run > i + 1) {
        add(whole(titles.get(k(parts.slice(i, run).join(', ')))!));
        i = run - 1;
      } else if (parts[i]) {
        const byTitle = titles.get(k(parts[i]!));
        const bySku = skus.get(k(parts[i]!));
        add(byTitle ? whole(byTitle) : bySku ? { title: bySku.title, sku: parts[i]! } : { title: parts[i]! });
      }
    }
  }
  return found;
}

describe('one printable line', () => {
  it('composes accents and drops control characters, bidi overrides and line breaks', () => {
    expect(oneLine('  Ame\u0301lie\r\n\tØrsted\u202E-Nuñez\u0000 ')).toBe('Amélie Ørsted -Nuñez');
    expect(oneLine('王小明')).toBe('王小明');
  });
});
