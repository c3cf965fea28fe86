// The parts of fontkit 2 (untyped; the engine pdfkit uses) the certificate uses.
declare module 'fontkit' {
  export interface Font {
    postscriptName: string;
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { glyphs: { id: number; advanceWidth: number }[] };
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
