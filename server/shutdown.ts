// How the server stops without cutting anyone off: requests in flight finish before the database closes, new ones
// are told to come back (the outbox and the SDKs retry a 503), then the connections close.
import type { MiddlewareHandler } from 'hono';
import type { ServerType } from '@hono/node-server';

/** How long a stop waits for requests in flight. */
export const STOP_GRACE_MS = 10_000;

/** Counts requests in flight (and logs each when `logRequests`); `drain` starts the stop. */
export function requestsInFlight(logRequests: boolean) {
  const traffic = { inFlight: 0, stopping: false, idle: [] as (() => void)[] };
  const middleware: MiddlewareHandler = async (c, next) => {
    if (traffic.stopping) {
      c.header('Connection', 'close');
      c.header('Retry-After', '2');
      return c.json({ message: 'The server is restarting. Please try again in a moment.', code: 503, type: 'general_server_error' }, 503);
    }
    traffic.inFlight++;
    const started = performance.now();
    try {
      await next();
    } finally {
      if (--traffic.inFlight === 0) for (const done of traffic.idle.splice(0)) done();
    }
    // Method, path (never the query or a body: no code or token reaches the log), status and time.
    if (logRequests) console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  };

  /** Refuses new requests, then resolves once those in flight have finished (or after `maxWaitMs`). */
  const drain = (maxWaitMs: number) => {
    traffic.stopping = true;
    if (traffic.inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      traffic.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  };

  return { middleware, drain };
}

/**
 * Stops accepting, lets requests in flight finish (up to STOP_GRACE_MS), waits for `settled` (work the server runs
 * on its own), then closes every connection.
 */
export async function closeGracefully(server: ServerType, drain: (maxWaitMs: number) => Promise<void>, settled: () => Promise<unknown>) {
  const http = server as unknown as { closeIdleConnections(): void; closeAllConnections(): void };
  let allClosed = false;
  const closed = new Promise<void>((resolve) => server.close(() => resolve())).then(() => void (allClosed = true));
  // Idle keep-alive connections go now and as requests end; busy ones finish their request first.
  const sweepIdle = setInterval(() => http.closeIdleConnections(), 50);
  http.closeIdleConnections();
  await drain(STOP_GRACE_MS);
  await settled();
  await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000))]);
  clearInterval(sweepIdle);
  if (!allClosed) http.closeAllConnections();
  await closed;
}
