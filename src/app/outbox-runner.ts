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
  const stopClaims = startClaimTriggers(db, appwriteClaimBackend(appwrite(config)), () => {});
  const stopRegistrations = startOutboxTriggers(
    db,
    { ...appwriteOutboxBackend(appwrite(config), undefined, '', counterTokenOf(db)), counter: lazyCounterSender(db) },
    {
      onReport: (report) => {
        void share();
        if (report.pending > 0 && 'serviceWorker' in navigator) {
          void navigator.serviceWorker.ready
            .then((reg) =>
              (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG),
            )
            .catch(() => {});
        }
      },
    },
  );
  return () => {
    stopClaims();
    stopRegistrations();
  };
}
