import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

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
 * opening /login fetches the wizard with the app instead of after it. Netlify and server/ serve /login from login.html;
 * every other path keeps index.html.
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

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    preloadHeadingFont(),
    routePages({ login: 'src/app/routes/registration.tsx' }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: null,
      manifest,
      injectManifest: {
        // Precache the app shell, fonts and icons; product photos are cached at run time.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        globIgnores: ['**/catalog/**', '**/screenshots/**', 'login.html'], // offline, every page opens from index.html
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: {
    proxy: {
      '/v1': 'http://localhost:8888',
      '/auth': 'http://localhost:8888',
      '/.netlify': 'http://localhost:8888',
      '/app-config.json': 'http://localhost:8888',
    },
  },
});
