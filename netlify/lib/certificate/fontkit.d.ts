// The parts of fontkit 2 (untyped; the engine pdfkit uses) the certificate uses.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, ...rest: unknown[]): GlyphRun;
    /** The font's variation axes by tag; empty for a static font. */
    variationAxes: Record<string, unknown>;
    getGlyph(id: number, codePoints?: number[]): Glyph | null;
  }
  /** A glyph; `_decode` reads its outline record from the glyf table (TrueType outlines only). */
  export interface Glyph {
    id: number;
    _decode?: () => unknown;
  }
  /** A laid-out run: its glyphs and their positions (advances and offsets, in font units). */
  export interface GlyphRun {
    glyphs: { id: number; advanceWidth: number }[];
    positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
