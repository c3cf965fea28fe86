import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

// manifest.webmanifest is the one manifest: read here, never copied.
const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8')) as Partial<ManifestOptions>;

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: null,
      manifest,
      injectManifest: {
        // Precache the app shell, fonts and icons; product photos are cached at run time.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        globIgnores: ['**/catalog/**', '**/screenshots/**'],
      },
    }),
  ],
  build: { target: 'es2022', sourcemap: false },
  server: { proxy: { '/v1': 'http://localhost:8888', '/auth': 'http://localhost:8888', '/.netlify': 'http://localhost:8888', '/app-config.json': 'http://localhost:8888' } },
});
