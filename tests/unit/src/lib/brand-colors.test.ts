import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readableAccent } from '@/lib/brand-colors';

const GROUNDS = ['#ffffff', '#fbf8f3'];

describe('the accent as text', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it.each(['#9a7b4f', '#f0d000', '#ffffff', '#3366ff', '#c9a24a', '#00ff00'])(
    'darkens %s just enough to read at 4.5:1 on white and ivory',
    (accent) => {
      const text = readableAccent(accent);
      for (const ground of GROUNDS) expect(contrastRatio(text, ground)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, '#ffffff')).toBeLessThan(6); // a shade of the accent, not black
    },
  );

  it('keeps an accent that already reads', () => {
    expect(readableAccent('#2b2a28')).toBe('#2b2a28');
    expect(readableAccent('#7A5C2E')).toBe('#7a5c2e');
  });

  it('matches the default in src/styles.css, which applies before the configuration arrives', () => {
    const css = readFileSync(new URL('../../../../src/styles.css', import.meta.url), 'utf8');
    const accent = css.match(/--accent: (#[0-9a-f]{6});/)![1]!;
    expect(css.match(/--accent-text: (#[0-9a-f]{6});/)![1]).toBe(readableAccent(accent));
  });
});
