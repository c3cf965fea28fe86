import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { FONT_AFTER_PAINT_ATTRIBUTE } from './src/shared/font-after-paint.js';

const alias = [
  { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
  // Dexie's own ES2021 build: the package's default entry is its ES5 build behind a wrapper for CommonJS consumers,
  // about 1.3 KB gzip more for the same library (the app is built for ES2022 browsers, and bundles Dexie once).
  { find: /^dexie$/, replacement: fileURLToPath(new URL('./node_modules/dexie/dist/modern/dexie.mjs', import.meta.url)) },
  // React 19 has useSyncExternalStore: the package's shims for React 16 and 17 (which @xstate/react asks for) are its
  // plain entries here, the same hooks without the fallback code.
  { find: /^use-sync-external-store\/shim(\/with-selector)?$/, replacement: 'use-sync-external-store$1' },
];

// manifest.webmanifest is the one manifest: read here, never copied.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

/** Asks for the heading font with the page, so the first heading paints in it instead of waiting to be found in CSS. */
function preloadHeadingFont(pattern = /cormorant-garamond-latin-600-normal-[\w-]+\.woff2$/): Plugin {
  return {
    name: 'preload-heading-font',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((name) => pattern.test(name));
        if (!font) return [];
        return [
          { tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' },
        ];
      },
    },
  };
}

/**
 * Writes ROUTE.html for each route given: index.html plus modulepreload links for that route's chunks, so a customer
 * opening /login fetches the wizard with the app instead of after it (and staff opening /submission the table's code).
 * Netlify and server/ serve /login from login.html, /submission from submission.html;
 * every other path but / gets index.html (the same shell). login.html is then prerendered (prerenderPages), and asks
 * for these once it has painted.
 */
function routePages(routes: Record<string, string>): Plugin {
  return {
    name: 'route-pages',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return;
      const html = String(index.source);
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      for (const [page, module] of Object.entries(routes)) {
        const route = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!route) this.error(`route-pages: no chunk for ${module}`);
        const files: string[] = [];
        const visit = (name: string) => {
          if (files.includes(name) || html.includes(`/${name}"`)) return;
          files.push(name);
          byName.get(name)?.imports.forEach(visit);
        };
        visit(route.fileName);
        const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
        this.emitFile({ type: 'asset', fileName: `${page}.html`, source: html.replace('</head>', `\n    ${links}\n  </head>`) });
      }
    },
  };
}

/**
 * Lets the bundler drop what a dependency exports but the app never uses, where TypeScript's output hides it. An enum
 * compiles to `var E; (function (E) { E["A"] = "a"; … })(E || (E = {}));`, and a class's static members to
 * `class C { … }` followed by `C.make = …;`: a bundler must keep both, since they write to a variable or an object. The
 * appwrite SDK exports 18 such enums (every time zone, every flag, every OAuth provider…), about a fifth of its code,
 * and helper classes with static members (Operator). Each is rewritten as a pure call returning the same enum object
 * or class, so it stays as it was where used and goes where not: `var E = /*#__PURE__*\/ (function (E) { … return E; })({});`,
 * `const C = /*#__PURE__*\/ (() => { class C { … } C.make = …; return C; })();`. Only an enum declared once is
 * rewritten (a declaration merged over several blocks stays). Line for line the same, so positions stay where they were.
 */
function treeShakeCompiledDeclarations(modules = /\/node_modules\/appwrite\/dist\/esm\/sdk\.js$/): Plugin {
  const enumBlock = /^var (\w+);\n\(function \(\1\) \{\n([\s\S]*?)\n\}\)\(\1 \|\| \(\1 = \{\}\)\);$/gm;
  const pureEnums = (code: string) => {
    const declared = new Map<string, number>();
    for (const m of code.matchAll(/^var (\w+);$/gm)) declared.set(m[1]!, (declared.get(m[1]!) ?? 0) + 1);
    return code.replace(enumBlock, (block, name: string, body: string) =>
      declared.get(name) === 1 ? `var ${name} =\n/*#__PURE__*/ (function (${name}) {\n${body}\nreturn ${name}; })({});` : block,
    );
  };
  const pureClassStatics = (code: string) => {
    const lines = code.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const name = /^class (\w+)(?: extends [\w$.]+)? \{$/.exec(lines[i]!)?.[1];
      if (!name) continue;
      let k = lines.indexOf('}', i + 1) + 1;
      if (k === 0) continue;
      let statics = false;
      // The class's static members follow it, between comments: `C.x = …;`, continued on indented lines or lines
      // closing a bracket. Any other statement ends them.
      for (; k < lines.length; k++) {
        const line = lines[k]!;
        if (line.startsWith(`${name}.`)) statics = true;
        else if (!/^(?:$|\s|[})\]/])/.test(line)) break;
      }
      if (!statics || k === lines.length) continue;
      lines[i] = `const ${name} = /*#__PURE__*/ (() => { ${lines[i]}`;
      lines[k] = `return ${name}; })(); ${lines[k]}`;
      i = k;
    }
    return lines.join('\n');
  };
  return {
    name: 'tree-shake-compiled-declarations',
    apply: 'build',
    transform: {
      filter: { id: modules },
      handler(code) {
        const out = pureClassStatics(pureEnums(code));
        return out === code ? null : { code: out, map: null };
      },
    },
  };
}

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
function prerenderPages(): Plugin {
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
        const module = (await server.ssrLoadModule('/src/app/prerender.tsx')) as typeof import('./src/app/prerender');
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

export default defineConfig({
  resolve: { alias },
  plugins: [
    react(),
    treeShakeCompiledDeclarations(),
    preloadHeadingFont(),
    routePages({ login: 'src/app/routes/registration.tsx', submission: 'src/app/routes/staff-submissions.tsx' }),
    prerenderPages(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: null,
      manifest,
      injectManifest: {
        // Precache the app shell, fonts and icons; product photos are cached at run time.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        globIgnores: ['**/catalog/**', '**/screenshots/**', 'login.html', 'submission.html'], // offline, / opens from start.html, the rest from index.html
      },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Modules that always load together share one file instead of a dozen small ones, each of which costs its own
        // request, import list and gzip header: Dexie with the device database's repositories (every customer page),
        // the appwrite SDK with its client, and the page's outbox sending. Every customer page loads all three soon after
        // its first screen (the outbox runner needs them). A module is captured alone, not with what it imports
        // (includeDependenciesRecursively off), so a group pulls in no other code.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'db',
              test: /node_modules[\\/]dexie(-react-hooks)?[\\/]|src[\\/](db[\\/](schema|counter-repository|outbox-repository|queued-entry)|lib[\\/]counter-device|sync[\\/]flush-request|shared[\\/]unique-id)\.ts$/,
            },
            { name: 'appwrite', test: /node_modules[\\/](appwrite|json-bigint|bignumber\.js)[\\/]|src[\\/]lib[\\/]appwrite\.ts$/ },
            {
              name: 'outbox',
              test: /src[\\/]sync[\\/](outbox|triggers|backend|appwrite-backend|worker-share|counter-sender|persist-storage)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/v1': 'http://localhost:8888',
      '/auth': 'http://localhost:8888',
      '/.netlify': 'http://localhost:8888',
      '/app-config.json': 'http://localhost:8888',
    },
  },
});
