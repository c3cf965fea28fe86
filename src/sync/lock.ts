// One runner at a time, across tabs and the service worker (Web Locks), or within this process: the outbox's flush,
// and the staff cache's sync and edit sending.
import type { AppDb } from '@/db/schema';

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

const flights = new WeakMap<AppDb, Map<string, Promise<unknown>>>();

/**
 * One run of `name` at a time: callers in this page share the running one, and other tabs wait on a Web Lock, so
 * an edit is never sent twice (a second send would meet our own first one as a false conflict). With `fresh`, a
 * caller that needs a run of its own waits for the running one to end, then starts the next.
 */
export function withLock<T>(db: AppDb, name: string, fn: () => Promise<T>, opts: { fresh?: boolean } = {}): Promise<T> {
  let mine = flights.get(db);
  if (!mine) flights.set(db, (mine = new Map()));
  const running = mine.get(name);
  if (running && opts.fresh) return running.then(after, after);
  if (running) return running as Promise<T>;
  function after(): Promise<T> {
    return withLock(db, name, fn, opts);
  }
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  const started: Promise<T> = locks ? (locks.request(`${db.name}-staff-${name}`, fn) as Promise<T>) : fn();
  const run = started.finally(() => mine.delete(name));
  mine.set(name, run);
  return run;
}
