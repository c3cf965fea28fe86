// start.html and login.html rendered at build time from the app's own components.
import { createHash } from 'node:crypto';
import { createServer, type Plugin } from 'vite';
import { FONT_AFTER_PAINT_ATTRIBUTE } from '../src/shared/font-after-paint.js';
import { alias } from './alias';

/** Text as React writes it into HTML (text and attribute values alike), so prerendered markup hydrates. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/**
 * Renders pages at build time from the app's own components (src/app/prerender.tsx), so they paint before any script
 * runs, and the app hydrates them once loaded:
 * - `/` into start.html: the start page works whole without the app (Start is a link to /login). It carries the
 *   product name of the build's environment (PRODUCT_NAME, as app-config.json does) in <meta name="application-name">,
 *   so a server configured with another name can swap it (server/static.ts). It asks for its heading font only once
 *   it has painted (src/shared/font-after-paint.ts), so it has no font preload.
 * - /login into login.html (written by routePages, which runs first): step 1 of a new run, ready to type into, shown
 *   only on a device that has never run the app. Its first script, a plain one that runs before the page paints, says
 *   so; anywhere else a saved run may come back on another step and the page says "Loading..." (src/styles.css).
 * Each page's code loads once it has painted, so its first paint waits for the stylesheet alone; login.html then asks
 * for the wizard's chunks together with the app. index.html stays the plain shell for every other path (Netlify's own
 * SPA fallback).
 */
export function prerenderPages(): Plugin {
  const productName = process.env.PRODUCT_NAME?.trim() || 'Warranty Registration';
  return {
    name: 'prerender-pages',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const login = bundle['login.html'];
      if (!index || index.type !== 'asset' || !login || login.type !== 'asset') return;
      const shell = String(index.source);
      const server = await createServer({
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        resolve: { alias },
        ssr: { noExternal: ['workbox-window'] },
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      let start: string, firstStep: string, firstRunScript: string;
      try {
        const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as typeof import('../src/app/prerender');
        start = await module.prerenderStartPage(productName);
        firstStep = await module.prerenderFirstStep(productName);
        firstRunScript = module.firstRunScript;
      } finally {
        await server.close();
      }
      // React puts resource hints (a preload of the logo) before the markup: what they name is in the page itself, so
      // the browser finds it as early without one.
      const withoutHints = (markup: string) => markup.slice(markup.match(/^(?:<link [^>]*\/>)*/)![0].length);
      const root = '<div id="root"><p class="loading">Loading...</p></div>';
      const entry = shell.match(/<script type="module" crossorigin src="\/(assets\/[^"]+\.js)"><\/script>/);
      if (!shell.includes(root)) this.error('prerender-pages: index.html has no loading root to fill');
      if (!entry) this.error('prerender-pages: index.html has no module entry');
      const asset = (name: string, source: string) => {
        const fileName = `assets/${name}-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        return fileName;
      };
      /** The page with its code loaded after the first paint (the modules it names fetched then, with the app). */
      const loadAfterPaint = (html: string, name: string, afterPaint = '') => {
        const modules = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
        const preload = modules.length
          ? `for (const href of ${JSON.stringify(modules)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));\n  `
          : '';
        const boot = asset(
          name,
          `requestAnimationFrame(() => setTimeout(() => {\n  ${afterPaint}${preload}import('/${entry![1]}');\n}));\n`,
        );
        return html.replace(entry![0], `<script type="module" src="/${boot}"></script>`).replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
      };

      const name = escapeHtml(productName);
      this.emitFile({
        type: 'asset',
        fileName: 'start.html',
        source: loadAfterPaint(shell, 'start', `document.documentElement.removeAttribute('${FONT_AFTER_PAINT_ATTRIBUTE}');\n  `)
          .replace('<html lang="en">', `<html lang="en" ${FONT_AFTER_PAINT_ATTRIBUTE}>`)
          .replace(/\s*<link rel="preload"[^>]* as="font"[^>]*>/, '')
          .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>\n    <meta name="application-name" content="${name}" />`)
          .replace(root, `<div id="root" data-prerendered="/">${withoutHints(start)}</div>`),
      });
      const firstRun = asset('first-run', firstRunScript);
      login.source = loadAfterPaint(String(login.source), 'login')
        .replace('<script type="module"', `<script src="/${firstRun}"></script>\n    <script type="module"`)
        .replace(root, `<div id="root" data-prerendered="/login">${withoutHints(firstStep)}</div>`);
    },
  };
}
