// Asks this page's outbox runner to look at the queue again (after a submit, a retry, a sign-in), or to send the
// kept problem reports and replies now. Free of the engines, so a page can ask before they are loaded.
export const FLUSH_REQUEST = 'warranty:outbox-flush';

/** `now`: send waiting records at once, whatever their backoff; otherwise only what is due, and re-plan the timer. */
export type FlushRequest = { now: boolean };

export function requestFlush(now = false): void {
  globalThis.dispatchEvent?.(new CustomEvent<FlushRequest>(FLUSH_REQUEST, { detail: { now } }));
}

export const CLAIMS_FLUSH_REQUEST = 'warranty:claims-flush';

/** Asks this page's runner to send the kept reports and replies now, whatever the backoff says. */
export const requestClaimsFlush = () =>
  globalThis.dispatchEvent?.(new CustomEvent<FlushRequest>(CLAIMS_FLUSH_REQUEST, { detail: { now: true } }));
