// The built PWA from STATIC_DIR, held in memory with gzip copies. Hashed files under
// /assets/ are cached for a year; the pages, the service worker and the manifest are always revalidated.
// / is start.html (the start page, prerendered at build time, its product name swapped for this server's; index.html
// in a build without one). Unknown paths that want HTML get their own page if the build wrote one (login.html for
// /login), else the app shell, index.html.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { contentSecurityPolicy } from './csp';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map']);

type Asset = { body: Buffer; gzip: Buffer | null; type: string; etag: string; immutable: boolean };

export type StaticSite = {
  serve(c: Context): Response | null;
  hasIndex: boolean;
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Text as React writes it into HTML, text and attribute values alike (build/prerender-pages.ts escapes the same way). */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/**
 * The prerendered start page with this server's product name in place of the one it was built with (named by its
 * <meta name="application-name">), written as React writes it so the app's hydration finds the same text.
 */
export function withProductName(html: string, productName: string): string {
  const built = html.match(/<meta name="application-name" content="([^"]*)"/)?.[1];
  const name = escapeHtml(productName);
  return built === undefined || built === name ? html : html.split(built).join(name);
}

export function loadStaticSite(dir: string, connectOrigins: string[] = [], productName?: string): StaticSite {
  const csp = contentSecurityPolicy(connectOrigins);
  const assets = new Map<string, Asset>();
  if (existsSync(dir)) {
    for (const file of walk(dir)) {
      const path = '/' + relative(dir, file).split(sep).join('/');
      const raw = readFileSync(file);
      const body = path === '/start.html' && productName ? Buffer.from(withProductName(raw.toString('utf8'), productName)) : raw;
      const ext = extname(file).toLowerCase();
      assets.set(path, {
        body,
        gzip: COMPRESSIBLE.has(ext) && body.length > 512 ? gzipSync(body, { level: 9 }) : null,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
        immutable: path.startsWith('/assets/'),
      });
    }
  }
  const shell = assets.get('/index.html');
  const startPage = assets.get('/start.html') ?? shell;

  const respond = (c: Context, a: Asset) => {
    const headers: Record<string, string> = {
      'Content-Type': a.type,
      ETag: a.etag,
      'Cache-Control': a.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    };
    if (a.type.startsWith('text/html')) {
      headers['Content-Security-Policy'] = csp;
      headers['X-Frame-Options'] = 'DENY';
    }
    if (c.req.header('if-none-match') === a.etag) return new Response(null, { status: 304, headers });
    const gz = a.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    if (gz) headers['Content-Encoding'] = 'gzip';
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(gz ? a.gzip! : a.body), { status: 200, headers });
  };

  return {
    hasIndex: Boolean(shell),
    serve(c) {
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return null;
      let path: string;
      try {
        path = decodeURIComponent(c.req.path);
      } catch {
        return null;
      }
      if (path === '/' && startPage) return respond(c, startPage);
      const exact = assets.get(path) ?? (path.endsWith('/') ? assets.get(path + 'index.html') : undefined);
      if (exact) return respond(c, exact);
      const wantsHtml = (c.req.header('accept') ?? '').includes('text/html');
      // A page of its own (login.html for /login, as Netlify serves it), else the app shell.
      const page = wantsHtml && !extname(path) ? (assets.get(`${path.replace(/\/+$/, '')}.html`) ?? shell) : undefined;
      if (page) return respond(c, page);
      return null;
    },
  };
}
