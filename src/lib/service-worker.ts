// Registers the service worker in production builds and tells the app when a new
// version is waiting. It never reloads by itself: the person decides when (never mid-registration).
import { Workbox } from 'workbox-window';

type Listener = (updateWaiting: boolean) => void;

let wb: Workbox | null = null;
let waiting = false;
const listeners = new Set<Listener>();
const announce = () => listeners.forEach((l) => l(waiting));

export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    waiting = true;
    announce();
  });
  wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
  // A long-open counter tablet checks for a new version every hour.
  setInterval(() => void wb?.update(), 3_600_000);
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting);
  return () => listeners.delete(listener);
}

/** Activates the waiting version, then reloads once it controls the page. */
export function applyUpdate() {
  if (!wb) return window.location.reload();
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}
