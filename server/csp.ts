// The Content-Security-Policy of every page, built in one place: server/ sends it, and the Netlify build writes it
// into dist/_headers for the deployment's own Appwrite and Supabase origins.

/** Where a Shopify catalog's product pictures are served from (step 6 shows them beside each result). */
export const SHOPIFY_IMAGES = 'https://cdn.shopify.com';

/** Origins the app may call besides its own (the Appwrite endpoint, Supabase Auth, their realtime sockets). */
export function contentSecurityPolicy(connect: string[] = []): string {
  const extra = connect.length ? ' ' + connect.join(' ') : '';
  const images = connect.filter((o) => o.startsWith('http'));
  const imageExtra = images.length ? ' ' + images.join(' ') : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${SHOPIFY_IMAGES}${imageExtra}`,
    "font-src 'self'",
    `connect-src 'self'${extra}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The origins behind the configured backend URLs, each with its realtime socket (wss: for https:, ws: for http:). */
export function backendOrigins(urls: string[]): string[] {
  const out = new Set<string>();
  for (const raw of urls) {
    const url = new URL(raw);
    out.add(url.origin);
    out.add(`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`);
  }
  return [...out];
}

/** Netlify's _headers file giving every path the policy (netlify.toml keeps the other headers). */
export const netlifyHeadersFile = (csp: string) => `/*\n  Content-Security-Policy: ${csp}\n`;
