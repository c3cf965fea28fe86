// Requests Node's parser takes but no URL can be made of (a Host of "[::1", a path with backslashes such as
// "/\..\etc\passwd", "OPTIONS *"): @hono/node-server refuses them before the app sees them, with a bare 400. Here
// they get the 400 with a JSON message every other refusal has.
import { createServer, type Server } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';

type Fetch = (req: Request) => Response | Promise<Response>;

const refusal = (message: string, status: number) =>
  new Response(JSON.stringify({ message, code: status, type: status === 400 ? 'general_argument_invalid' : 'general_unknown' }), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' },
  });

/** An HTTP server for `fetch` whose unaddressable requests are answered 400 with a message. */
export function httpServer(fetch: Fetch, hostname?: string): Server {
  const listener = getRequestListener(fetch, {
    hostname,
    errorHandler: (err) =>
      err instanceof RequestError
        ? refusal(`This request cannot be read: its address or Host header is not valid (${err.message}).`, 400)
        : refusal('Server Error', 500),
  });
  return createServer(listener);
}
