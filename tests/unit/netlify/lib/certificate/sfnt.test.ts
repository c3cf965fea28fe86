// WOFF to TrueType: the certificate's faces unpacked once, glyph for glyph the font the WOFF file holds.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { isWoff, woffToSfnt } from '../../../../../netlify/lib/certificate/woff';

const woff = new Uint8Array(
  readFileSync(createRequire(import.meta.url).resolve('@fontsource/cormorant-garamond/files/cormorant-garamond-latin-ext-600-normal.woff')),
);

describe('WOFF to sfnt', () => {
  it('gives the same font: glyphs, metrics and the characters it covers', () => {
    const sfnt = woffToSfnt(woff);
    expect(isWoff(sfnt)).toBe(false);
    expect(new DataView(sfnt.buffer).getUint32(0)).toBe(0x00010000); // TrueType outlines
    const [fromWoff, fromSfnt] = [create(woff), create(sfnt)];
    expect(fromSfnt.postscriptName).toBe(fromWoff.postscriptName);
    expect(fromSfnt.unitsPerEm).toBe(fromWoff.unitsPerEm);
    for (const text of ['Łukasz Dvořák', 'Ąę Śż']) {
      expect(fromSfnt.layout(text).glyphs.map((g) => [g.id, g.advanceWidth])).toEqual(
        fromWoff.layout(text).glyphs.map((g) => [g.id, g.advanceWidth]),
      );
    }
    expect(fromSfnt.hasGlyphForCodePoint('Ł'.codePointAt(0)!)).toBe(true);
  });

  it('refuses what is not WOFF, and a WOFF file cut short', () => {
    expect(() => woffToSfnt(new Uint8Array(100))).toThrow(/Not a WOFF file/);
    expect(() => woffToSfnt(woff.subarray(0, 60))).toThrow(/WOFF/);
    expect(() => woffToSfnt(woff.subarray(0, woff.length - 1000))).toThrow(/WOFF/);
  });
});
