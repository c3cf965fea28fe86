// The functions' calls to this very server (node-appwrite to APPWRITE_ENDPOINT, supabase-js to SUPABASE_URL, the mail
// relay), answered in memory. Under `npm start` the functions run inside the server they call: each of their requests
// used to cross loopback TCP twice, through undici's HTTP client and node:http's parser, to reach the routes in this
// process. A registration's hand-off makes ten such calls, and that transport was an eighth of the server's work per
// registration.
//
// The routes answer exactly what they answer over HTTP: the request goes through the whole app (its middleware, the
// caller's key or JWT, the limits) as a standard Request, and the answer comes back to undici's fetch as the status,
// headers and bytes it would have read from the socket. The SDKs are unchanged; only undici's global dispatcher (the
// layer under their fetch) is. It answers in memory only a call made inside a function's environment (withEnv) to
// that environment's own server; every other request in the process (a test's, a bench's, a function's call to
// Shopify or Google) goes out as before. On Netlify nothing here runs: the functions reach Appwrite over the network.
import { Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { currentEnv } from '../../netlify/lib/env';

type Answer = (req: Request, env: object) => Response | Promise<Response>;

/** Origins served in memory (each running server's own), and how many requests they answered. */
const served = new Map<string, Answer>();
let answered = 0;

/** How many requests were answered in memory so far, in this process. */
export const answeredInProcess = () => answered;

// The peer a route sees (rate limits, session records): this machine, as over loopback.
const LOOPBACK = { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 0, remoteFamily: 'IPv4' } } };

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/** The server a call belongs to: the running function's own, when this request goes there. */
function answerFor(origin: string): Answer | undefined {
  const answer = served.get(origin);
  if (!answer) return undefined;
  const env = currentEnv();
  return env && originOf(env.APPWRITE_ENDPOINT) === origin ? answer : undefined;
}

type Handler = Dispatcher.DispatchHandlers & { onResponseStarted?: () => void };

async function bodyOf(body: Dispatcher.DispatchOptions['body']): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (body == null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return body as Uint8Array<ArrayBuffer>; // undici's own Buffer: read, never kept
  const parts: Uint8Array[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(parts);
}

function headersOf(given: Dispatcher.DispatchOptions['headers'], host: string): Headers {
  const headers = new Headers();
  if (Array.isArray(given)) {
    const flat = given as unknown[];
    if (Array.isArray(flat[0])) for (const [k, v] of flat as [string, string][]) headers.append(k, v);
    else for (let i = 0; i + 1 < flat.length; i += 2) headers.append(String(flat[i]), String(flat[i + 1]));
  } else if (given) {
    for (const [k, v] of Object.entries(given as Record<string, string | string[] | undefined>)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one);
    }
  }
  // undici's HTTP client writes Host itself; the routes read it (the auth issuer) as they would over HTTP.
  if (!headers.has('host')) headers.set('host', host);
  return headers;
}

// A socket's answer comes in a turn of the event loop of its own; an answer in memory comes on promises alone. A
// function awaiting one call after another (the start's migration over thousands of rows) would then hold every
// request over HTTP until its last call: four seconds under the create bench. So once calls have been answered for
// HOLD_MS since the event loop last turned, the next waits for a turn, and the requests over HTTP meanwhile go first.
// A hand-off's nine calls wait only where they have held the loop that long.
const HOLD_MS = 2;
/** When the calls answered since the event loop last turned began (performance.now()), or -1 after a turn. */
let heldSince = -1;

function heldTooLong(): boolean {
  const now = performance.now();
  if (heldSince < 0) {
    heldSince = now;
    setImmediate(() => (heldSince = -1));
    return false;
  }
  return now - heldSince > HOLD_MS;
}

/** One exchange: the request through the app, its answer handed to undici's fetch as a socket's would be. */
async function exchange(origin: string, answer: Answer, opts: Dispatcher.DispatchOptions, handler: Handler) {
  let aborted = false;
  handler.onConnect?.((reason?: Error) => {
    if (aborted) return;
    aborted = true;
    handler.onError?.(reason ?? new Error('The request was aborted.'));
  });
  try {
    if (heldTooLong()) await new Promise<void>((resolve) => setImmediate(resolve));
    const method = opts.method.toUpperCase();
    const body = method === 'GET' || method === 'HEAD' ? undefined : await bodyOf(opts.body);
    const url = new URL(opts.path, origin);
    const res = await answer(new Request(url, { method, headers: headersOf(opts.headers, url.host), body }), LOOPBACK);
    const bytes = method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await res.arrayBuffer());
    if (aborted) return;
    answered++;
    const raw: Buffer[] = [];
    res.headers.forEach((value, name) => {
      if (name !== 'set-cookie') raw.push(Buffer.from(name), Buffer.from(value));
    });
    for (const cookie of res.headers.getSetCookie()) raw.push(Buffer.from('set-cookie'), Buffer.from(cookie));
    handler.onResponseStarted?.();
    handler.onHeaders?.(res.status, raw, () => {}, res.statusText);
    if (bytes.length) handler.onData?.(bytes);
    handler.onComplete?.([]);
  } catch (err) {
    if (aborted) return;
    aborted = true;
    handler.onError?.(err instanceof Error ? err : new Error(String(err)));
  }
}

class InProcess extends Dispatcher {
  constructor(private readonly network: Dispatcher) {
    super();
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
    const origin = opts.origin === undefined ? '' : String(opts.origin).replace(/\/$/, '');
    const answer = origin ? answerFor(origin) : undefined;
    if (!answer) return this.network.dispatch(opts, handler);
    void exchange(origin, answer, opts, handler as Handler);
    return true;
  }

  override close(): Promise<void> {
    return this.network.close();
  }

  override destroy(): Promise<void> {
    return this.network.destroy();
  }
}

let installed = false;

/**
 * Answers a running server's own functions in memory at `origin` (its internal URL) with `answer` (its app's fetch).
 * Returns the undo, for the server's stop: calls made after it go over the network again (and find it closed).
 */
export function answerInProcess(origin: string, answer: Answer): () => void {
  if (!installed) {
    setGlobalDispatcher(new InProcess(getGlobalDispatcher()));
    installed = true;
  }
  const key = new URL(origin).origin;
  served.set(key, answer);
  return () => {
    if (served.get(key) === answer) served.delete(key);
  };
}
