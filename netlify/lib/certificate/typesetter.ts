// The certificate's text: cut into runs by the face that has each character (./fonts.ts), measured, wrapped within a
// width (between words, and between characters in Chinese, Japanese and Korean or where a word is wider than a line),
// cut short with an ellipsis, and drawn centred. pdfkit embeds only the glyphs a certificate uses (font subsets), so
// any name prints as typed and the file stays small.
import { oneLine } from '../../../src/shared/warranty';
import { faceFor, type Face, type Weight } from './fonts';

type Run = { face: Face; text: string };
const JOINS = /^[\s\p{M}]$/u; // spaces and combining marks stay with the run before them when its face has them

/** The text cut into runs, each in the first face of the weight's chain that has its characters. */
function runsOf(text: string, weight: Weight): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    if (last && JOINS.test(ch) && last.face.font.hasGlyphForCodePoint(cp)) {
      last.text += ch;
      continue;
    }
    const f = faceFor(cp, weight);
    if (last && last.face === f) last.text += ch;
    else runs.push({ face: f, text: ch });
  }
  return runs;
}

// Break opportunities: after spaces, and around each CJK character (those scripts wrap between characters).
const CJK = '\\u2E80-\\u2FFF\\u3001-\\u9FFF\\uAC00-\\uD7AF\\uF900-\\uFAFF\\uFF00-\\uFFEF\\u{20000}-\\u{3FFFF}';
const UNITS = new RegExp(`\\s+|[${CJK}][\\p{M}]*|[^\\s${CJK}]+`, 'gu');

// At most 30 combining marks in a row, as Unicode's stream-safe text format allows (UAX #15): no writing needs more,
// and laying out a run of them on one letter costs the square of its length.
const MARK_RUN = /(\p{M}{30})\p{M}+/gu;

/** Text as the certificate prints it: one line (oneLine), its runs of combining marks cut to 30. */
export const printable = (text: string) => oneLine(text).replace(MARK_RUN, '$1');

export type Style = { weight: Weight; size: number; color: string; spacing?: number };

/**
 * The largest k ≤ `count` for which `fits(k)` holds (0 when none does), for widths that grow with k: doubling, then
 * halving. A line of k characters costs about k·log k measured characters instead of k² when added one at a time,
 * which matters where characters take no width (stacked accents put thousands of them on one line).
 */
function mostThatFit(count: number, fits: (k: number) => boolean): number {
  let fit = 0;
  let over = 1;
  while (over <= count && fits(over)) {
    fit = over;
    over *= 2;
  }
  over = Math.min(over, count + 1);
  while (over - fit > 1) {
    const mid = (fit + over) >>> 1;
    if (fits(mid)) fit = mid;
    else over = mid;
  }
  return fit;
}

/** A word in pieces that each fit, cut between characters (a piece has at least one, even when it is too wide). */
function cutWord(word: string, fits: (text: string) => boolean): string[] {
  const chars = [...word];
  const pieces: string[] = [];
  for (let c = 0; c < chars.length;) {
    const take = mostThatFit(chars.length - c, (k) => fits(chars.slice(c, c + k).join(''))) || 1;
    pieces.push(chars.slice(c, c + take).join(''));
    c += take;
  }
  return pieces;
}

/** Measures and draws text in one document, each run in its own face, centring lines on `centerX`. */
export class Typesetter {
  private readonly registered = new Set<string>();
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly centerX: number,
  ) {}

  private use(f: Face, size: number) {
    if (!this.registered.has(f.id)) {
      // pdfkit takes an already parsed font as it takes font bytes (its types name only the bytes).
      this.doc.registerFont(f.id, f.font as unknown as Uint8Array);
      this.registered.add(f.id);
    }
    return this.doc.font(f.id).fontSize(size);
  }

  width(text: string, s: Style): number {
    let w = 0;
    for (const r of runsOf(text, s.weight)) w += this.use(r.face, s.size).widthOfString(r.text, { characterSpacing: s.spacing ?? 0 });
    return w - (s.spacing ?? 0); // no spacing after the last character
  }

  /** The text in lines no wider than `max`; a word wider than a line is cut between characters. */
  wrap(text: string, s: Style, max: number): string[] {
    if (this.width(text, s) <= max) return [text];
    const fits = (t: string) => this.width(t, s) <= max;
    // Words, and one space for each run of spaces between them.
    const units = (text.match(UNITS) ?? []).map((u) => (/^\s+$/u.test(u) ? ' ' : u));
    if (units[0] === ' ') units.shift();
    const lines: string[] = [];
    let line = '';
    for (let i = 0; i < units.length; i++) {
      const n = mostThatFit(units.length - i, (k) => fits(line + units.slice(i, i + k).join('')));
      line += units.slice(i, i + n).join('');
      i += n;
      if (i === units.length) break;
      if (units[i] === ' ') {
        line += ' '; // a space never starts a line: the word after it does
        continue;
      }
      // The word starts a new line, cut between characters where it is wider than one.
      if (line.trim()) lines.push(line.trimEnd());
      const pieces = cutWord(units[i]!, fits);
      line = pieces.pop()!;
      lines.push(...pieces);
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines;
  }

  /** The line cut to fit `max` with an ellipsis. */
  ellipsize(line: string, s: Style, max: number): string {
    const chars = [...line];
    const cut = (k: number) => `${chars.slice(0, k).join('').trimEnd()}…`;
    return cut(mostThatFit(chars.length, (k) => this.width(cut(k), s) <= max));
  }

  /** One line centred on the page with its baseline at `y` (points from the top). */
  center(text: string, y: number, s: Style) {
    let x = this.centerX - this.width(text, s) / 2;
    for (const r of runsOf(text, s.weight)) {
      const opts = { lineBreak: false, baseline: 'alphabetic' as const, characterSpacing: s.spacing ?? 0 };
      this.use(r.face, s.size).fillColor(s.color).text(r.text, x, y, opts);
      x += this.doc.widthOfString(r.text, opts);
    }
  }
}
