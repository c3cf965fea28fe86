// Starts sending queued registrations from the page (start, online, visible, backoff
// timer) and asks the service worker to finish the job in the background where the browser can (Chromium); and the
// problem reports and replies kept on this device, so they go when the network returns on any page, not only on
// /warranties. Loaded after the first screen is up, so it never slows the start page. With nothing waiting on the
// device (the usual start), the sending code (the Appwrite SDK, the outbox engines) loads only once something is
// queued, a flush is asked for, or the network or the page comes back and finds something waiting.
import type { AppDb } from '@/db/schema';
import { outboxRepository } from '@/db/outbox-repository';
import { claimOutboxRepository } from '@/db/claim-outbox-repository';
import { shareWithWorker, SYNC_TAG } from '@/sync/worker-share';
import { CLAIMS_FLUSH_REQUEST, FLUSH_REQUEST, requestClaimsFlush, requestFlush, type FlushRequest } from '@/sync/flush-request';
import type { RuntimeConfig } from '@/lib/runtime-config';

/** Whether a registration, its Shopify hand-off, or a problem report waits to be sent from this device. */
async function anythingWaiting(db: AppDb): Promise<boolean> {
  const [registrations, claims] = await Promise.all([
    outboxRepository(db).soonestAttemptAt(),
    claimOutboxRepository(db).soonestAttemptAt(),
  ]);
  return registrations !== Infinity || claims !== Infinity;
}

async function startSending(db: AppDb, config: RuntimeConfig, share: () => Promise<void>): Promise<() => void> {
  const [
    { appwrite },
    { appwriteOutboxBackend },
    { startOutboxTriggers },
    { lazyCounterSender, counterTokenOf },
    { startClaimTriggers },
    { appwriteClaimBackend },
  ] = await Promise.all([
    import('@/lib/appwrite'),
    import('@/sync/appwrite-backend'),
    import('@/sync/triggers'),
    import('@/sync/counter-sender'),
    import('@/sync/claim-triggers'),
    import('@/sync/claim-backend'),
  ]);
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

export async function startOutboxRunner(config: RuntimeConfig): Promise<() => void> {
  const { appDb } = await import('@/db/schema');
  const db = appDb();
  const share = () => shareWithWorker(db, config, localStorage.getItem('cookieFallback')).catch(() => {});
  await share();

  let stopped = false;
  let stopSending: (() => void) | undefined;
  let starting: Promise<void> | undefined;
  /** Loads the sending code and starts its triggers (which look at the queue at once), then repeats what was asked. */
  const begin = (ask?: { now: boolean; claims: boolean }) => {
    starting ??= (async () => {
      quiet();
      const stop = await startSending(db, config, share);
      if (stopped) return stop();
      stopSending = stop;
      if (ask?.now) requestFlush(true);
      if (ask?.claims) requestClaimsFlush();
    })().catch((err: unknown) => console.warn(err));
  };
  const lookAgain = () => void anythingWaiting(db).then((waiting) => waiting && begin({ now: true, claims: false }), console.warn);
  const onRequest = (e: Event) => begin({ now: (e as CustomEvent<FlushRequest>).detail?.now ?? false, claims: false });
  const onClaims = () => begin({ now: false, claims: true });
  const onVisible = () => document.visibilityState === 'visible' && lookAgain();
  const quiet = () => {
    window.removeEventListener(FLUSH_REQUEST, onRequest);
    window.removeEventListener(CLAIMS_FLUSH_REQUEST, onClaims);
    window.removeEventListener('online', lookAgain);
    document.removeEventListener('visibilitychange', onVisible);
  };
  window.addEventListener(FLUSH_REQUEST, onRequest);
  window.addEventListener(CLAIMS_FLUSH_REQUEST, onClaims);
  window.addEventListener('online', lookAgain);
  document.addEventListener('visibilitychange', onVisible);
  if (await anythingWaiting(db)) begin();

  return () => {
    stopped = true;
    quiet();
    stopSending?.();
  };
}
