// How the app's imports resolve, in the build and in the build-time render of its pages.
import { fileURLToPath } from 'node:url';

export const alias = [
  { find: '@', replacement: fileURLToPath(new URL('../src', import.meta.url)) },
  // Dexie's own ES2021 build: the package's default entry is its ES5 build behind a wrapper for CommonJS consumers,
  // about 1.3 KB gzip more for the same library (the app is built for ES2022 browsers, and bundles Dexie once).
  { find: /^dexie$/, replacement: fileURLToPath(new URL('../node_modules/dexie/dist/modern/dexie.mjs', import.meta.url)) },
  // React 19 has useSyncExternalStore: the package's shims for React 16 and 17 (which @xstate/react asks for) are its
  // plain entries here, the same hooks without the fallback code.
  { find: /^use-sync-external-store\/shim(\/with-selector)?$/, replacement: 'use-sync-external-store$1' },
];
