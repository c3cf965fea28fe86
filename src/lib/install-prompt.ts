// Keeps the browser's install offer (beforeinstallprompt) until the person asks for it.
type InstallEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let offer: InstallEvent | null = null;
const listeners = new Set<(available: boolean) => void>();
const announce = () => listeners.forEach((l) => l(offer !== null));

export function listenForInstallOffer() {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    offer = e as InstallEvent;
    announce();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    announce();
  });
}

export function onInstallAvailable(listener: (available: boolean) => void): () => void {
  listeners.add(listener);
  listener(offer !== null);
  return () => listeners.delete(listener);
}

export async function install(): Promise<boolean> {
  if (!offer) return false;
  const current = offer;
  offer = null;
  announce();
  await current.prompt();
  return (await current.userChoice).outcome === 'accepted';
}
