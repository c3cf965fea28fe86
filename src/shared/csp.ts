// src/shared/csp.ts: the Content-Security-Policy of every page, built in one place for server/ and netlify.toml.

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

/** The hosts of Appwrite Cloud and hosted Supabase, for the Netlify deployment's static policy. */
export const CLOUD_ORIGINS = ['https://*.appwrite.io', 'wss://*.appwrite.io', 'https://*.appwrite.global', 'https://*.supabase.co', 'wss://*.supabase.co'];
