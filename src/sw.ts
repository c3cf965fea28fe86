/// <reference lib="webworker" />
// src/sw.ts: the service worker. Precaches the app shell so every route opens offline, and answers
// navigations with index.html. API calls are never cached here; the outbox owns sending.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/v1\//, /^\/auth\//, /^\/\.netlify\//, /^\/_dev\//],
  }),
);
registerRoute(({ url }) => url.pathname === '/app-config.json', new NetworkFirst({ cacheName: 'app-config', networkTimeoutSeconds: 3 }));

// A new version waits until the person chooses Reload (src/lib/service-worker.ts), so no one loses a form.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
