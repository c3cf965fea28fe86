// Writes the bundled catalog (src/shared/catalog/products.json) and its images (public/catalog/).
// Deterministic: a seeded PRNG, no network. Run `npx tsx scripts/make-catalog.ts` after changing it, and commit both outputs.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Product } from '../src/shared/contracts/product';
import { jewelrySvg, type ArtCategory, type ArtMetal, type ArtStone } from './lib/catalog-art';

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(20240917);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const chance = (p: number) => rand() < p;

type Metal = { label: string; short: string; code: string; art: ArtMetal; tags: string[] };
const METALS: Record<string, Metal> = {
  yg14: { label: '14K Yellow Gold', short: 'Gold', code: '14K', art: 'gold', tags: ['gold', 'yellow gold', '14k gold'] },
  yg18: { label: '18K Yellow Gold', short: 'Gold', code: '18K', art: 'gold', tags: ['gold', 'yellow gold', '18k gold'] },
  wg: { label: '14K White Gold', short: 'White Gold', code: 'WG', art: 'white-gold', tags: ['white gold', '14k gold'] },
  rg: { label: '14K Rose Gold', short: 'Rose Gold', code: 'RG', art: 'rose-gold', tags: ['rose gold', '14k gold'] },
  ss: { label: 'Sterling Silver', short: 'Silver', code: 'SS', art: 'silver', tags: ['silver', 'sterling silver'] },
  pt: { label: 'Platinum', short: 'Platinum', code: 'PT', art: 'white-gold', tags: ['platinum'] },
};
const STONE_TAGS: Record<ArtStone, string[]> = {
  none: [],
  pearl: ['pearl', 'freshwater pearl', 'june birthstone'],
  diamond: ['diamond', 'april birthstone'],
  sapphire: ['sapphire', 'blue', 'gemstone', 'september birthstone'],
  emerald: ['emerald', 'green', 'gemstone', 'may birthstone'],
  ruby: ['ruby', 'red', 'gemstone', 'july birthstone'],
  amethyst: ['amethyst', 'purple', 'gemstone', 'february birthstone'],
  topaz: ['blue topaz', 'gemstone', 'december birthstone'],
  morganite: ['morganite', 'pink', 'gemstone'],
};

type Category = {
  art: ArtCategory;
  type: string;
  noun: string;
  prefix: string;
  count: number;
  tags: string[];
  metals: string[];
  stones: ArtStone[];
  styles: Partial<Record<ArtStone | 'gem', string[]>>;
  variants: (stone: ArtStone) => { title: string; code: string }[];
  max: number; // 1..max consecutive variants
  fromFirst?: boolean; // the variants always start at the first (a pair before a single)
};
const sizes = (unit: string, xs: string[]) => xs.map((x) => ({ title: `${x} ${unit}`, code: x.replace(/\D/g, '') }));
const lengths = (xs: string[]) => sizes('in', xs);
const CATEGORIES: Category[] = [
  {
    art: 'necklace',
    type: 'Necklace',
    noun: 'Necklace',
    prefix: 'NCK',
    count: 40,
    tags: ['necklace'],
    metals: ['yg14', 'yg18', 'wg', 'rg', 'ss'],
    stones: ['none', 'pearl', 'diamond', 'sapphire'],
    max: 3,
    variants: () => lengths(['16', '18', '20', '24']),
    styles: {
      none: ['Paperclip', 'Rope Chain', 'Herringbone', 'Figaro', 'Box Chain', 'Cable Chain'],
      pearl: ['Strand', 'Station', 'Lariat'],
      diamond: ['Tennis', 'Station', 'Riviera', 'By-the-Yard'],
      gem: ['Station', 'Lariat', 'Riviera'],
    },
  },
  {
    art: 'pendant',
    type: 'Pendant',
    noun: 'Pendant',
    prefix: 'PND',
    count: 38,
    tags: ['pendant', 'necklace'],
    metals: ['yg14', 'yg18', 'wg', 'rg', 'ss'],
    stones: ['none', 'pearl', 'diamond', 'sapphire', 'emerald', 'amethyst'],
    max: 3,
    variants: () => lengths(['16', '18', '20']),
    styles: {
      none: ['Locket', 'Medallion', 'Disc', 'Coin'],
      pearl: ['Drop', 'Solitaire'],
      diamond: ['Solitaire', 'Halo', 'Teardrop'],
      gem: ['Halo', 'Teardrop', 'Solitaire'],
    },
  },
  {
    art: 'choker',
    type: 'Choker',
    noun: 'Choker',
    prefix: 'CHK',
    count: 28,
    tags: ['choker', 'necklace'],
    metals: ['yg14', 'rg', 'ss', 'wg'],
    stones: ['none', 'pearl', 'diamond'],
    max: 3,
    variants: () => lengths(['13', '14', '15']),
    styles: { none: ['Collar', 'Omega', 'Herringbone'], pearl: ['Strand', 'Double Strand'], diamond: ['Tennis', 'Bezel'] },
  },
  {
    art: 'earring',
    type: 'Earrings',
    noun: 'Earrings',
    prefix: 'EAR',
    count: 36,
    tags: ['earrings', 'drop earrings'],
    metals: ['yg14', 'yg18', 'wg', 'rg', 'ss'],
    stones: ['none', 'pearl', 'diamond', 'emerald', 'topaz'],
    max: 2,
    fromFirst: true,
    variants: () => [
      { title: 'Pair', code: 'PR' },
      { title: 'Single', code: 'SG' },
    ],
    styles: {
      none: ['Threader', 'Linear', 'Teardrop'],
      pearl: ['Drop', 'Dangle'],
      diamond: ['Drop', 'Chandelier', 'Linear'],
      gem: ['Teardrop', 'Drop', 'Dangle'],
    },
  },
  {
    art: 'hoop',
    type: 'Hoops',
    noun: 'Hoops',
    prefix: 'HOP',
    count: 34,
    tags: ['earrings', 'hoops', 'hoop earrings'],
    metals: ['yg14', 'yg18', 'wg', 'rg', 'ss'],
    stones: ['none', 'diamond', 'pearl'],
    max: 3,
    variants: () => sizes('mm', ['12', '15', '20', '30']),
    styles: {
      none: ['Huggie', 'Twisted', 'Classic', 'Bold', 'Hammered'],
      diamond: ['Huggie', 'Pavé', 'Inside-Out'],
      pearl: ['Charm', 'Huggie'],
    },
  },
  {
    art: 'stud',
    type: 'Studs',
    noun: 'Studs',
    prefix: 'STD',
    count: 36,
    tags: ['earrings', 'studs', 'stud earrings'],
    metals: ['yg14', 'yg18', 'wg', 'rg', 'ss', 'pt'],
    stones: ['none', 'diamond', 'pearl', 'sapphire', 'ruby'],
    max: 3,
    variants: (s) =>
      s === 'diamond'
        ? [
            { title: '0.25 ctw', code: '025' },
            { title: '0.50 ctw', code: '050' },
            { title: '1.00 ctw', code: '100' },
          ]
        : sizes('mm', s === 'pearl' ? ['5', '6', '7'] : ['4', '5', '6']),
    styles: {
      none: ['Ball', 'Dome'],
      diamond: ['Solitaire', 'Bezel', 'Martini'],
      pearl: ['Button', 'Classic'],
      gem: ['Solitaire', 'Bezel'],
    },
  },
  {
    art: 'bracelet',
    type: 'Bracelet',
    noun: 'Bracelet',
    prefix: 'BRC',
    count: 36,
    tags: ['bracelet'],
    metals: ['yg14', 'yg18', 'wg', 'rg', 'ss'],
    stones: ['none', 'diamond', 'pearl', 'sapphire'],
    max: 3,
    variants: () => lengths(['6.5', '7', '7.5']),
    styles: {
      none: ['Cable Chain', 'Curb Chain', 'Paperclip', 'Figaro', 'Rolo'],
      diamond: ['Tennis', 'Station', 'Bezel'],
      pearl: ['Strand', 'Station'],
      gem: ['Tennis', 'Station'],
    },
  },
  {
    art: 'bangle',
    type: 'Bangle',
    noun: 'Bangle',
    prefix: 'BNG',
    count: 30,
    tags: ['bangle', 'bracelet'],
    metals: ['yg14', 'yg18', 'wg', 'rg', 'ss'],
    stones: ['none', 'diamond', 'sapphire', 'morganite'],
    max: 3,
    variants: () => [
      { title: 'Small', code: 'S' },
      { title: 'Medium', code: 'M' },
      { title: 'Large', code: 'L' },
    ],
    styles: {
      none: ['Cuff', 'Hammered', 'Twisted', 'Knife-Edge', 'Hinged'],
      diamond: ['Pavé', 'Eternity', 'Hinged'],
      gem: ['Station', 'Hinged'],
    },
  },
  {
    art: 'ring',
    type: 'Ring',
    noun: 'Ring',
    prefix: 'RNG',
    count: 48,
    tags: ['ring'],
    metals: ['yg14', 'yg18', 'wg', 'rg', 'pt', 'ss'],
    stones: ['none', 'diamond', 'sapphire', 'emerald', 'ruby', 'pearl'],
    max: 3,
    variants: () => [5, 6, 7, 8, 9].map((n) => ({ title: `Size ${n}`, code: String(n) })),
    styles: {
      none: ['Stacking', 'Signet', 'Twisted', 'Dome', 'Comfort-Fit'],
      diamond: ['Solitaire', 'Halo', 'Eternity', 'Three-Stone'],
      pearl: ['Solitaire', 'Bypass'],
      gem: ['Halo', 'Cocktail', 'Solitaire', 'Three-Stone'],
    },
  },
];
const NAMES = [
  'Aurora',
  'Celeste',
  'Luna',
  'Sola',
  'Vera',
  'Iris',
  'Nova',
  'Seraphine',
  'Elodie',
  'Marisol',
  'Solenne',
  'Amara',
  'Lyra',
  'Isla',
  'Ondine',
  'Perla',
  'Stella',
  'Vesper',
  'Orla',
  'Clio',
  'Esme',
  'Flora',
  'Gemma',
  'Hana',
  'Ivy',
  'Juno',
  'Kira',
  'Lumen',
  'Maren',
  'Nadia',
  'Opaline',
  'Rosa',
  'Sable',
  'Tessa',
  'Talia',
  'Wren',
  'Yara',
  'Zara',
  'Cassia',
  'Delphine',
  'Eden',
  'Fleur',
  'Giselle',
  'Heloise',
  'Adele',
  'Bianca',
  'Camille',
  'Daphne',
  'Elise',
  'Freya',
  'Greta',
  'Ines',
  'Josephine',
  'Lila',
  'Mira',
  'Noor',
  'Ophelia',
  'Pia',
  'Romy',
  'Sienna',
  'Thea',
  'Vivienne',
  'Willa',
  'Aria',
  'Bea',
  'Coralie',
  'Dahlia',
  'Estelle',
  'Fiora',
  'Isadora',
  'Liora',
  'Maia',
  'Nell',
  'Paloma',
];
const EXTRA_TAGS = ['gift', 'everyday', 'bestseller', 'new arrival', 'layering', 'anniversary', 'wedding', 'minimalist'];

const kebab = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const titles = new Set<string>();
const images = new Map<string, [ArtCategory, ArtMetal, ArtStone]>();
const products: Product[] = [];
let id = 8_104_372_000_000;

for (const cat of CATEGORIES) {
  let number = 1000;
  for (let i = 0; i < cat.count; i++) {
    const stone = pick(cat.stones),
      metal = METALS[pick(stone === 'pearl' ? cat.metals.filter((m) => m !== 'pt') : cat.metals)]!;
    const style = cat.styles[stone] ?? cat.styles.gem ?? [];
    const word = stone === 'none' ? metal.short : stone === 'topaz' ? 'Blue Topaz' : stone[0]!.toUpperCase() + stone.slice(1);
    let title: string;
    let styleWord: string;
    do {
      styleWord = chance(0.55) ? pick(style) : '';
      title = [pick(NAMES), word, styleWord, cat.noun].filter(Boolean).join(' ');
    } while (titles.has(title));
    titles.add(title);
    number += 1 + Math.floor(rand() * 20);
    const base = `${cat.prefix}-${number}-${metal.code}`;
    const all = cat.variants(stone),
      count = 1 + Math.floor(rand() * cat.max),
      start = cat.fromFirst ? 0 : Math.floor(rand() * (all.length - count + 1));
    const variants =
      count === 1 && chance(0.5)
        ? [{ sku: base, title: metal.label }]
        : all.slice(start, start + count).map((v) => ({ sku: `${base}-${v.code}`, title: v.title }));
    const image = `${cat.art}-${metal.art}${stone === 'none' ? '' : `-${stone}`}`;
    images.set(image, [cat.art, metal.art, stone]);
    const tags = [...cat.tags, ...metal.tags, ...STONE_TAGS[stone], styleWord.toLowerCase()];
    if (cat.art === 'ring' && stone === 'diamond') tags.push('engagement', 'bridal');
    if (chance(0.4)) tags.push(pick(EXTRA_TAGS));
    products.push({
      id: String((id += 1 + Math.floor(rand() * 900))),
      title,
      handle: kebab(title),
      sku: variants[0]!.sku,
      product_type: cat.type,
      tags: [...new Set(tags.filter(Boolean))],
      variants,
      images: [{ src: `/catalog/${image}.webp` }],
    });
  }
}

const out = (path: string) => new URL(`../${path}`, import.meta.url).pathname;
mkdirSync(out('src/shared/catalog'), { recursive: true });
writeFileSync(out('src/shared/catalog/products.json'), `[\n${products.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`); // one product a line
rmSync(out('public/catalog'), { recursive: true, force: true });
mkdirSync(out('public/catalog'), { recursive: true });
let bytes = 0;
for (const [name, [category, metal, stone]] of images) {
  const info = await sharp(Buffer.from(jewelrySvg(category, metal, stone)))
    .webp({ quality: 90, effort: 6 })
    .toFile(out(`public/catalog/${name}.webp`));
  bytes += info.size;
}
console.log(`${products.length} products, ${readdirSync(out('public/catalog')).length} images (${Math.round(bytes / 1024)} KB)`);
