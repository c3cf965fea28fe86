import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLOUD_ORIGINS, contentSecurityPolicy } from '@/shared/csp';

describe('content security policy', () => {
  it('locks down objects, base URIs and framing', () => {
    const csp = contentSecurityPolicy();
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'", "connect-src 'self'"]) expect(csp).toContain(d);
  });

  it('lets step 6 show a Shopify catalog’s pictures, and no other outside images', () => {
    const img = contentSecurityPolicy().split('; ').find((d) => d.startsWith('img-src'));
    expect(img).toBe("img-src 'self' data: blob: https://cdn.shopify.com");
  });

  it('is the very policy netlify.toml sends', () => {
    const toml = readFileSync(new URL('../../../netlify.toml', import.meta.url), 'utf8');
    const line = /Content-Security-Policy = "([^"]+)"/.exec(toml)?.[1];
    expect(line).toBe(contentSecurityPolicy(CLOUD_ORIGINS));
  });
});
