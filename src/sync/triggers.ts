// When the page flushes a queue (the registrations' outbox here; the kept reports and replies in claim-triggers.ts): at
// start, back online, back in view, on request, and on a backoff timer.
import { outboxRepository } from '@/db/outbox-repository';
import type { AppDb } from '@/db/schema';
import type { OutboxBackend } from './backend';
import { FLUSH_REQUEST, type FlushRequest } from './flush-request';
import { flushOutbox, type FlushReport } from './outbox';

export const MIN_TIMER_MS = 5_000;
export const MAX_TIMER_MS = 5 * 60_000;

export type TriggerOptions<R = FlushReport> = {
  onReport?: (report: R) => void;
  onError?: (err: unknown) => void;
  /** Where 'online' and 'visibilitychange' are heard; the page's window and document by default. */
  win?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
};

/** A queue a page sends: one run of it, when its next record is due, and the page event that asks for a run. */
export type FlushJob<R> = {
  /** `now`: whatever the backoff says (the network is back, or a person asked). */
  run: (now: boolean) => Promise<R>;
  /** When the next waiting record is due (ms); Infinity when none waits. */
  soonestAttemptAt: () => Promise<number>;
  /** The request event (its detail a FlushRequest). */
  request: string;
  /** No timer while nothing waits: the queue only grows on this page, which asks as it adds. Otherwise the timer looks again after MAX_TIMER_MS. */
  quietWhenEmpty?: boolean;
};

/** Starts flushing on the page's events (Safari has no Background Sync: the worker alone is not enough); returns stop. */
export function startOutboxTriggers(db: AppDb, backend: OutboxBackend, options: TriggerOptions = {}): () => void {
  return startFlushTriggers(
    {
      run: (now) => flushOutbox(db, backend, { ignoreBackoff: now }),
      soonestAttemptAt: () => outboxRepository(db).soonestAttemptAt(),
      request: FLUSH_REQUEST,
    },
    options,
  );
}

/**
 * Runs `job` at start, back online (now), back in view, on request, and on a backoff timer (MIN_TIMER_MS to
 * MAX_TIMER_MS); one run at a time, and a trigger during a run asks for one more after it. Returns stop; a stopped
 * runner reports nothing more.
 */
export function startFlushTriggers<R>(job: FlushJob<R>, options: TriggerOptions<R> = {}): () => void {
  const win = options.win ?? window;
  const doc = options.doc ?? document;
  let stopped = false;
  let running = false;
  let again: { now: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const report = (err: unknown) => (options.onError ?? console.warn)(err);

  const kick = async (now = false): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = { now: now || (again?.now ?? false) };
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      const done = await job.run(now);
      if (!stopped) options.onReport?.(done);
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
    const soonest = await job.soonestAttemptAt();
    if (soonest === Infinity && job.quietWhenEmpty) return;
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
  win.addEventListener(job.request, onRequest);
  doc.addEventListener('visibilitychange', onVisible);
  void kick();

  return () => {
    stopped = true;
    clearTimeout(timer);
    win.removeEventListener('online', onOnline);
    win.removeEventListener(job.request, onRequest);
    doc.removeEventListener('visibilitychange', onVisible);
  };
}
