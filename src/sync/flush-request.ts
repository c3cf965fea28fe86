// Asks this page's outbox runner to look at the queue again (after a submit, a retry, a sign-in).
export const FLUSH_REQUEST = 'warranty:outbox-flush';

/** `now`: send waiting records at once, whatever their backoff; otherwise only what is due, and re-plan the timer. */
export type FlushRequest = { now: boolean };

export function requestFlush(now = false): void {
  globalThis.dispatchEvent?.(new CustomEvent<FlushRequest>(FLUSH_REQUEST, { detail: { now } }));
}
