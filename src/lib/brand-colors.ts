// The brand's accent as text: the configured accent, darkened toward black (same hue) until small text in it reads
// on the app's lightest grounds at WCAG AA (4.5:1). Borders and rules keep the accent itself.

const GROUNDS = ['#ffffff', '#fbf8f3']; // --paper and --ivory (src/styles.css)
const AA = 4.5;

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const hex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** `accent` (#rrggbb) if it already reads at 4.5:1 on white and ivory, else the first darker shade of it that does. */
export function readableAccent(accent: string): string {
  const rgb = channels(accent.toLowerCase());
  for (let keep = 1; keep > 0; keep -= 0.02) {
    const shade = hex(rgb.map((v) => v * keep));
    if (GROUNDS.every((g) => contrastRatio(shade, g) >= AA)) return shade;
  }
  return '#000000';
}
