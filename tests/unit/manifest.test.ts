import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../../manifest.webmanifest', import.meta.url), 'utf8')) as {
  icons: { src: string; sizes: string; purpose?: string }[];
  screenshots: { src: string; form_factor: string }[];
  display: string;
  start_url: string;
};
const inPublic = (src: string) => existsSync(new URL(`../../public${src}`, import.meta.url));

describe('web app manifest', () => {
  it('has 192 and 512 icons, a maskable one, and every file exists', () => {
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const i of manifest.icons) expect(inPublic(i.src)).toBe(true);
  });

  it('has phone and desktop screenshots that exist', () => {
    expect(new Set(manifest.screenshots.map((s) => s.form_factor))).toEqual(new Set(['narrow', 'wide']));
    for (const s of manifest.screenshots) expect(inPublic(s.src)).toBe(true);
    expect([manifest.display, manifest.start_url]).toEqual(['standalone', '/']);
  });
});
