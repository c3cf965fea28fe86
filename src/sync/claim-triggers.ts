// When the page sends kept reports and replies: at start, back online, back in view, on request (just queued) and on
// a backoff timer while any waits. The claims' counterpart of triggers.ts, for the /warranties page.
import { claimOutboxRepository } from '@/db/claim-outbox-repository';
import type { AppDb } from '@/db/schema';
import { flushClaims, type ClaimBackend, type ClaimFlushReport } from './claim-outbox';
import { CLAIMS_FLUSH_REQUEST } from './flush-request';
import { MAX_TIMER_MS, MIN_TIMER_MS } from './triggers';

/** Starts sending on the page's events; `onReport` hears each run. Returns stop. */
export function startClaimTriggers(db: AppDb, backend: ClaimBackend, onReport: (r: ClaimFlushReport) => void): () => void {
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const kick = (now = false): void => {
    if (stopped) return;
    if (running) {
      again = true; // one more run after this one: something changed meanwhile
      return;
    }
    clearTimeout(timer);
    running = flushClaims(db, backend, { ignoreBackoff: now })
      .then((r) => {
        if (!stopped) onReport(r);
      })
      .catch((err: unknown) => console.warn(err))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          return kick(true);
        }
        void schedule();
      });
  };

  const schedule = async () => {
    const soonest = await claimOutboxRepository(db).soonestAttemptAt();
    if (stopped || soonest === Infinity) return;
    clearTimeout(timer);
    timer = setTimeout(() => kick(), Math.min(MAX_TIMER_MS, Math.max(MIN_TIMER_MS, soonest - Date.now())));
  };

  const onNow = () => kick(true);
  const onVisible = () => document.visibilityState === 'visible' && kick();
  window.addEventListener('online', onNow);
  window.addEventListener(CLAIMS_FLUSH_REQUEST, onNow);
  document.addEventListener('visibilitychange', onVisible);
  kick();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onNow);
    window.removeEventListener(CLAIMS_FLUSH_REQUEST, onNow);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
