/// <reference lib="webworker" />
// The service worker. Precaches the app shell so every route opens offline and answers navigations with
// the start page (/, start.html) or the shell (index.html). Of the API, only the product catalog (stale-while-revalidate), its pictures and staff thumbnails are
// cached; nothing is ever sent from a cache: the outbox owns sending, and runs here on Background Sync.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { openAppDb } from './db/schema';
import { flushClaimsFromWorker, flushFromWorker, SYNC_TAG } from './sync/worker-flush';
import { functionPath } from '@/shared/contracts/function-names';
import { FONT_AFTER_PAINT_ATTRIBUTE } from '@/shared/font-after-paint';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// No directory index: `/` is the start page's (below), not index.html's, which the precache would answer it with.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

// `/` is the prerendered start page (start.html); every other page opens from the app shell (index.html). The start
// page comes from here with its heading font at hand (precached), so it paints in it at once.
const startPageCopy = createHandlerBoundToURL('/start.html');
const startPage: typeof startPageCopy = async (options) => {
  const page = await startPageCopy(options);
  if (!page.ok) return page;
  const html = (await page.text()).replace(` ${FONT_AFTER_PAINT_ATTRIBUTE}`, '');
  return new Response(html, { status: page.status, statusText: page.statusText, headers: page.headers });
};
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute((options) => (options.url.pathname === '/' ? startPage : shell)(options), {
    denylist: [/^\/v1\//, /^\/auth\//, /^\/\.netlify\//, /^\/_dev\//],
  }),
);
registerRoute(({ url }) => url.pathname === '/app-config.json', new NetworkFirst({ cacheName: 'app-config', networkTimeoutSeconds: 3 }));

// The product catalog: answer from cache at once, refresh behind (the function sends ETags).
registerRoute(({ url }) => url.pathname === functionPath('products'), new StaleWhileRevalidate({ cacheName: 'catalog' }));
// Product pictures: they never change under a name.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/catalog/'),
  new CacheFirst({ cacheName: 'catalog-images', plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })] }),
);
// Staff thumbnails (previews only, never full photos): bounded, and dropped after a week.
registerRoute(
  ({ url }) => url.pathname === functionPath('staffImage') && url.searchParams.has('width'),
  new CacheFirst({ cacheName: 'staff-thumbnails', plugins: [new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: 7 * 24 * 3600 })] }),
);

// A new version waits until the person chooses Reload (src/lib/service-worker.ts), so no one loses a form.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Background Sync (Chromium): the browser wakes the worker when the network is back and the outboxes are sent: the
// problem reports and replies kept on the device, then the registrations. The same engines and Web Locks as the page,
// so the two never send one registration or one report twice.
self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag: string };
  if (e.tag !== SYNC_TAG) return;
  e.waitUntil(
    (async () => {
      const db = openAppDb();
      // The browser fires it when the network is back: waiting records go now, whatever their backoff.
      const claims = await flushClaimsFromWorker(db, { ignoreBackoff: true }).catch((err: unknown) => ({ waiting: 1, err }));
      const report = await flushFromWorker(db, { ignoreBackoff: true });
      // Throwing asks the browser to retry the sync later; needs-sign-in and rejections wait for a person.
      if (report && report.pending > 0) throw new Error(report.lastError ?? 'registrations still waiting');
      if (claims && claims.waiting > 0) throw new Error('problem reports still waiting');
    })(),
  );
});
