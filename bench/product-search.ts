// Step 6's product search (src/features/wizard/products.ts) over 5,000 generated products,
// timed per keystroke as a customer types names, SKUs and misses in each category.
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Category } from '../src/features/wizard/categories';
import { searchProducts, toCatalogEntry } from '../src/features/wizard/products';
import { percentile, round, type Row } from './common';

const COUNT = 5_000;
const KINDS = [
  ['Ring', 'RNG'],
  ['Necklace', 'NCK'],
  ['Pendant', 'PND'],
  ['Hoop Earrings', 'EAR'],
  ['Stud Earrings', 'STD'],
  ['Bracelet', 'BRC'],
  ['Bangle', 'BNG'],
] as const;
const NAMES = ['Aurora', 'Ines', 'Celeste', 'Marlowe', 'Juniper', 'Sable', 'Odette', 'Wren', 'Lyra', 'Thea', 'Nova', 'Elodie'];
const STONES = ['Diamond', 'Sapphire', 'Emerald', 'Pearl', 'Ruby', 'Opal', 'Topaz', ''];
const METALS = [
  ['18K Yellow Gold', 'YG'],
  ['18K White Gold', 'WG'],
  ['Platinum', 'PT'],
  ['Sterling Silver', 'SS'],
] as const;

// The bundled catalog's pictures (public/catalog), so results show real images as they would from a shop's CDN.
const PICTURES = readdirSync(fileURLToPath(new URL('../public/catalog', import.meta.url))).filter((f) => f.endsWith('.webp'));

export function generatedCatalog(count = COUNT) {
  return Array.from({ length: count }, (_, i) => {
    const [kind, code] = KINDS[i % KINDS.length]!;
    const title = [NAMES[i % NAMES.length], STONES[(i >> 2) % STONES.length], kind].filter(Boolean).join(' ');
    const sku = `${code}-${1000 + i}`;
    return toCatalogEntry({
      id: `gid://shopify/Product/${9_000_000 + i}`,
      title,
      handle: title.toLowerCase().replace(/\s+/g, '-') + `-${i}`,
      sku: `${sku}-${METALS[0][1]}`,
      product_type: kind.split(' ').at(-1)!,
      tags: [kind.toLowerCase(), STONES[(i >> 2) % STONES.length]!.toLowerCase(), i % 5 === 0 ? 'bestseller' : 'new'].filter(Boolean),
      variants: METALS.map(([metal, m]) => ({ sku: `${sku}-${m}`, title: metal })),
      images: [{ src: `/catalog/${PICTURES[i % PICTURES.length]}` }],
    });
  });
}

export const TYPED: [string, Category][] = [
  ['aurora diamond ring', 'all'],
  ['rng-4321-wg', 'all'],
  ['sapphire', 'ring'],
  ['platinum', 'earring'],
  ['white gold bangle', 'bracelet'],
  ['pearl', 'necklace'],
  ['no such jewel', 'all'],
  ['zzz', 'ring'],
];

/** Milliseconds of each keystroke's search, every prefix of every typed text. */
function typeAll(catalog: ReturnType<typeof generatedCatalog>): number[] {
  const times: number[] = [];
  for (const [text, category] of TYPED) {
    for (let i = 1; i <= text.length; i++) {
      const t0 = performance.now();
      searchProducts(catalog, text.slice(0, i), category);
      times.push(performance.now() - t0);
    }
  }
  return times;
}

export function benchProductSearch(): Row[] {
  const catalog = generatedCatalog();
  typeAll(catalog); // warm up
  const times = typeAll(catalog).sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  return [
    {
      name: `product search per keystroke over ${COUNT.toLocaleString('en-US')} products (${times.length} keystrokes, Node): p95`,
      value: round(p95, 2),
      unit: 'ms',
      target: '≤ 16',
      pass: p95 <= 16,
    },
    { name: 'product search per keystroke: slowest', value: round(times.at(-1)!, 2), unit: 'ms' },
  ];
}
