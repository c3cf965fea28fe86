// src/sync/lock.ts: one outbox runner at a time, across tabs and the service worker (Web Locks), or in-process.

export const OUTBOX_LOCK = 'warranty-outbox';

let tail: Promise<unknown> = Promise.resolve();

/** Runs `fn` holding the outbox lock; callers wait their turn. */
export async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) return locks.request(OUTBOX_LOCK, fn);
  // No Web Locks (Node, old browsers): a promise chain serialises the runners of this process.
  const run = tail.then(fn, fn);
  tail = run.catch(() => undefined);
  return run;
}
