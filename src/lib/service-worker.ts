// src/lib/service-worker.ts: registers the service worker in production builds.
import { Workbox } from 'workbox-window';

export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
}
