// The certificate's faces: Cormorant Garamond (the app's display serif: Latin, Cyrillic and Vietnamese), Noto Sans SC
// for Chinese and Japanese and Noto Sans KR for Korean, from their installed packages (netlify.toml ships the files
// with the functions). Each character takes the first face of its weight that has it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { create as createFont, type Font, type GlyphRun } from 'fontkit';
import { isWoff, woffToSfnt } from './woff';

export type Weight = 'regular' | 'semibold';
export type Face = { id: string; font: Font };

const CORMORANT_SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'cyrillic', 'cyrillic-ext'];
const CORMORANT_WEIGHTS: Record<Weight, number> = { regular: 500, semibold: 600 };
// Chinese and Japanese (Han and kana), then Korean (Hangul): static TrueType files, read only for names that need them.
const CJK_FILES = [
  '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
];

// The Cormorant faces come as WOFF (the subsetter reads glyphs from the glyf table, which WOFF2 stores transformed)
// and are unpacked once to TrueType (./woff.ts), so reading a glyph does not inflate the whole table again.
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

/** Laid-out runs kept per face, across certificates: the terms, labels and dates repeat in every one. */
const MAX_RUNS_KEPT = 10_000;

/**
 * The font's layout (fontkit's shaping, most of a certificate's cost) kept per text, so a word laid out for one
 * certificate is not shaped again for the next. Each call hands out its own copy of the positions, which pdfkit scales
 * in place.
 */
function keepLayouts(font: Font): Font {
  const layout = font.layout.bind(font);
  const kept = new Map<string, GlyphRun>();
  font.layout = (text: string, ...rest: unknown[]) => {
    if (rest.length > 1) return layout(text, ...rest);
    const key = `${JSON.stringify(rest[0] ?? null)}\u0000${text}`;
    let run = kept.get(key);
    if (!run) {
      run = layout(text, ...rest);
      if (kept.size >= MAX_RUNS_KEPT) kept.clear();
      kept.set(key, run);
    }
    const copy = Object.create(Object.getPrototypeOf(run) as object) as GlyphRun;
    return Object.assign(copy, run, {
      glyphs: [...run.glyphs],
      positions: run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p) as object) as object, p)),
    });
  };
  return font;
}

/**
 * Each glyph's outline record (fontkit's `_decode`, which the subsetter reads for every glyph of every certificate to
 * find composite glyphs) read once per glyph and kept: a font without variations never changes it, and fontkit keeps
 * one glyph object per id. Reading the outlines again was a quarter of embedding a subset.
 */
function keepOutlines(font: Font): Font {
  if (Object.keys(font.variationAxes).length > 0) return font; // outlines vary with the instance: read each time
  const getGlyph = font.getGlyph.bind(font);
  const kept = new WeakSet<object>();
  font.getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph && typeof glyph._decode === 'function' && !kept.has(glyph)) {
      const decode = glyph._decode.bind(glyph);
      let outline: unknown;
      let read = false;
      glyph._decode = () => {
        if (!read) {
          outline = decode();
          read = true;
        }
        return outline;
      };
      kept.add(glyph);
    }
    return glyph;
  };
  return font;
}

/**
 * A face, read and parsed once per process and handed to every document as the parsed font: reading the CJK font
 * and its tables is most of a certificate's cost.
 */
function face(spec: string): Face {
  let f = faces.get(spec);
  if (!f) {
    const file = new Uint8Array(readFileSync(fontFile(spec)));
    f = { id: `face${faces.size + 1}`, font: keepOutlines(keepLayouts(createFont(isWoff(file) ? woffToSfnt(file) : file))) };
    faces.set(spec, f);
  }
  return f;
}

/**
 * The first face of a weight that has the character, trying them in order and reading each only when a character
 * needs it (a Latin name never loads the CJK font). A character no face has goes to the first face, which draws its
 * missing-glyph box rather than dropping it.
 */
export function faceFor(cp: number, weight: Weight): Face {
  for (const spec of faceFiles[weight]) {
    const f = face(spec);
    if (f.font.hasGlyphForCodePoint(cp)) return f;
  }
  return face(faceFiles[weight][0]!);
}
