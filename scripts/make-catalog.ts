// Writes the bundled catalog (src/shared/catalog/products.json) and its images (public/catalog/).
// Deterministic: a seeded PRNG, no network. Run `npx tsx scripts/make-catalog.ts` after changing it, and commit both outputs.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
type Variant = { title: string; code: string };
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
  /** The variants of any stone, and of the stones that have their own. */
  variants: { any: Variant[] } & Partial<Record<ArtStone, Variant[]>>;
  max: number; // 1..max consecutive variants
  fromFirst?: boolean; // the variants always start at the first (a pair before a single)
};
/** The families, metals, stones and names the catalog is drawn from: data, kept beside this script. */
const FAMILIES = JSON.parse(readFileSync(new URL('./lib/catalog-families.json', import.meta.url), 'utf8')) as {
  metals: Record<string, Metal>;
  stoneTags: Record<ArtStone, string[]>;
  categories: Category[];
  names: string[];
  extraTags: string[];
};
const { metals: METALS, stoneTags: STONE_TAGS, categories: CATEGORIES, names: NAMES, extraTags: EXTRA_TAGS } = FAMILIES;

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
    const all = cat.variants[stone] ?? cat.variants.any,
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
