import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { backendOrigins, contentSecurityPolicy } from '../../../server/csp';
import { deploymentFiles, MissingSetting } from '../../../scripts/lib/deployment-files';

const ENV = {
  APPWRITE_ENDPOINT: 'https://appwrite.maison.example/v1',
  APPWRITE_PROJECT_ID: 'maison',
  SUPABASE_URL: 'https://auth.maison.example',
  SUPABASE_ANON_KEY: 'sb_publishable_x',
};

describe('content security policy', () => {
  it('locks down objects, base URIs and framing', () => {
    const csp = contentSecurityPolicy();
    for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'", "connect-src 'self'"])
      expect(csp).toContain(d);
  });

  it('lets step 6 show a Shopify catalog’s pictures, and no other outside images', () => {
    const img = contentSecurityPolicy()
      .split('; ')
      .find((d) => d.startsWith('img-src'));
    expect(img).toBe("img-src 'self' data: blob: https://cdn.shopify.com");
  });

  it('names a deployment’s own backends, self-hosted ones included, in the _headers file the Netlify build writes', () => {
    const { headers, csp, config } = deploymentFiles(ENV);
    expect(config.appwriteEndpoint).toBe(ENV.APPWRITE_ENDPOINT);
    expect(headers).toBe(`/*\n  Content-Security-Policy: ${csp}\n`);
    expect(csp).toBe(contentSecurityPolicy(backendOrigins([ENV.APPWRITE_ENDPOINT, ENV.SUPABASE_URL])));
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src'));
    expect(connect).toBe(
      "connect-src 'self' https://appwrite.maison.example wss://appwrite.maison.example https://auth.maison.example wss://auth.maison.example",
    );
    expect(() => deploymentFiles({ ...ENV, SUPABASE_URL: '' })).toThrow(MissingSetting);
  });

  it('is sent once: netlify.toml keeps the other headers and no policy of its own', () => {
    const toml = readFileSync(new URL('../../../netlify.toml', import.meta.url), 'utf8');
    expect(toml).not.toMatch(/Content-Security-Policy\s*=/);
    expect(toml).toMatch(/X-Frame-Options = "DENY"/);
  });

  it('gives http backends ws: sockets and keeps each origin once', () => {
    expect(backendOrigins(['http://127.0.0.1:8888/v1', 'http://127.0.0.1:8888'])).toEqual(['http://127.0.0.1:8888', 'ws://127.0.0.1:8888']);
  });
});
