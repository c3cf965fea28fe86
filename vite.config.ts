import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { alias } from './build/alias';
import { preloadHeadingFont } from './build/preload-heading-font';
import { prerenderPages } from './build/prerender-pages';
import { routePages } from './build/route-pages';
import { treeShakeCompiledDeclarations } from './build/tree-shake-compiled-declarations';

// manifest.webmanifest is the one manifest: read here, never copied.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

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
        // (includeDependenciesRecursively off), so a group pulls in no other code. What the runner needs before anything
        // is queued (the session it leaves for the service worker) goes with the database, so a start with an empty
        // outbox loads no sending code.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'db',
              test: /node_modules[\\/]dexie(-react-hooks)?[\\/]|src[\\/](db[\\/](schema|counter-repository|outbox-repository|queued-entry)|lib[\\/]counter-device|sync[\\/](flush-request|worker-share)|shared[\\/]unique-id)\.ts$/,
            },
            { name: 'appwrite', test: /node_modules[\\/](appwrite|json-bigint|bignumber\.js)[\\/]|src[\\/]lib[\\/]appwrite\.ts$/ },
            {
              name: 'outbox',
              test: /src[\\/]sync[\\/](outbox|triggers|backend|appwrite-backend|counter-sender|persist-storage)\.ts$/,
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
