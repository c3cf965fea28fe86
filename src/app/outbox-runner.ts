// Starts sending queued registrations from the page (start, online, visible, backoff
// timer) and asks the service worker to finish the job in the background where the browser can (Chromium); and the
// problem reports and replies kept on this device, so they go when the network returns on any page, not only on
// /warranties. Loaded after the first screen is up, so it never slows the start page.
import type { RuntimeConfig } from '@/lib/runtime-config';

export async function startOutboxRunner(config: RuntimeConfig): Promise<() => void> {
  const [
    { appDb },
    { appwrite },
    { appwriteOutboxBackend },
    { startOutboxTriggers },
    { shareWithWorker, SYNC_TAG },
    { lazyCounterSender, counterTokenOf },
    { startClaimTriggers },
    { appwriteClaimBackend },
  ] = await Promise.all([
    import('@/db/schema'),
    import('@/lib/appwrite'),
    import('@/sync/appwrite-backend'),
    import('@/sync/triggers'),
    import('@/sync/worker-share'),
    import('@/sync/counter-sender'),
    import('@/sync/claim-triggers'),
    import('@/sync/claim-backend'),
  ]);
  const db = appDb();
  const share = () => shareWithWorker(db, config, localStorage.getItem('cookieFallback')).catch(() => {});
  await share();
  // What is still waiting is sent by the service worker when the network returns, even with every page closed.
  const askWorker = () => {
    if (!('serviceWorker' in navigator)) return;
    void navigator.serviceWorker.ready
      .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
      .catch(() => {});
  };
  const stopClaims = startClaimTriggers(db, appwriteClaimBackend(appwrite(config)), (report) => {
    // The session the customer signed in with on /warranties goes to the worker with what waits.
    if (report.waiting > 0) void share().then(askWorker);
  });
  const stopRegistrations = startOutboxTriggers(
    db,
    { ...appwriteOutboxBackend(appwrite(config), undefined, '', counterTokenOf(db)), counter: lazyCounterSender(db) },
    {
      onReport: (report) => {
        void share();
        if (report.pending > 0) askWorker();
      },
    },
  );
  return () => {
    stopClaims();
    stopRegistrations();
  };
}
