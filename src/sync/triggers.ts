// When the page flushes the outbox: at start, back online, back in view, on request, and on a backoff timer.
import { outboxRepository } from '@/db/outbox-repository';
import type { AppDb } from '@/db/schema';
import type { OutboxBackend } from './backend';
import { FLUSH_REQUEST, type FlushRequest } from './flush-request';
import { flushOutbox, type FlushReport } from './outbox';

export const MIN_TIMER_MS = 5_000;
export const MAX_TIMER_MS = 5 * 60_000;

export type TriggerOptions = {
  onReport?: (report: FlushReport) => void;
  onError?: (err: unknown) => void;
  /** Where 'online' and 'visibilitychange' are heard; the page's window and document by default. */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
};

/** Starts flushing on the page's events (Safari has no Background Sync: the worker alone is not enough); returns stop. */
export function startOutboxTriggers(db: AppDb, backend: OutboxBackend, options: TriggerOptions = {}): () => void {
  const win = options.win ?? window;
  const doc = options.doc ?? document;
  let stopped = false;
  let running = false;
  let again: { now: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const report = (err: unknown) => (options.onError ?? console.warn)(err);

  /** `now`: ignore the backoff (the network is back, or a person asked). */
  const kick = async (now = false): Promise<void> => {
    if (stopped) return;
    // One flush at a time from this page; a trigger during a run asks for one more run after it.
    if (running) {
      again = { now: now || (again?.now ?? false) };
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      options.onReport?.(await flushOutbox(db, backend, { ignoreBackoff: now }));
    } catch (err) {
      report(err);
    } finally {
      running = false;
    }
    const next = again;
    again = null;
    if (!next) return schedule().catch(report);
    return kick(next.now);
  };

  const schedule = async () => {
    if (stopped) return;
    const soonest = await outboxRepository(db).soonestAttemptAt();
    const delay = Math.min(MAX_TIMER_MS, Math.max(MIN_TIMER_MS, soonest - Date.now()));
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void kick(), delay);
  };

  const onOnline = () => void kick(true);
  const onVisible = () => {
    if (doc.visibilityState === 'visible') void kick();
  };
  const onRequest = (e: Event) => void kick((e as CustomEvent<FlushRequest>).detail?.now ?? false);
  win.addEventListener('online', onOnline);
  win.addEventListener(FLUSH_REQUEST, onRequest);
  doc.addEventListener('visibilitychange', onVisible);
  void kick();

  return () => {
    stopped = true;
    clearTimeout(timer);
    win.removeEventListener('online', onOnline);
    win.removeEventListener(FLUSH_REQUEST, onRequest);
    doc.removeEventListener('visibilitychange', onVisible);
  };
}
