// src/sync/triggers.ts: when the page flushes the outbox: at start, back online, back in view, and on a backoff timer.
import type { AppDb } from '@/db/schema';
import type { OutboxBackend } from './backend';
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
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const report = (err: unknown) => (options.onError ?? console.warn)(err);

  const kick = async () => {
    if (stopped) return;
    // One flush at a time from this page; a trigger during a run asks for one more run after it.
    if (running) {
      again = true;
      return;
    }
    running = true;
    clearTimeout(timer);
    try {
      options.onReport?.(await flushOutbox(db, backend));
    } catch (err) {
      report(err);
    } finally {
      running = false;
    }
    if (!again) return schedule().catch(report);
    again = false;
    return kick();
  };

  const schedule = async () => {
    if (stopped) return;
    const waiting = await db.outbox.where('status').anyOf('pending', 'sending', 'sent').toArray();
    const soonest = Math.min(...waiting.map((e) => e.nextAttemptAt));
    const delay = Math.min(MAX_TIMER_MS, Math.max(MIN_TIMER_MS, soonest - Date.now()));
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void kick(), delay);
  };

  const onOnline = () => void kick();
  const onVisible = () => {
    if (doc.visibilityState === 'visible') void kick();
  };
  win.addEventListener('online', onOnline);
  doc.addEventListener('visibilitychange', onVisible);
  void kick();

  return () => {
    stopped = true;
    clearTimeout(timer);
    win.removeEventListener('online', onOnline);
    doc.removeEventListener('visibilitychange', onVisible);
  };
}
