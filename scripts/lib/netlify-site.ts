// Netlify's own local emulation (@netlify/dev) behind a real port: dist/, netlify/functions (bundled and run as
// Netlify runs them, each call in a fresh worker with the process's environment) and netlify.toml's headers and
// redirects, answering on one origin as the deployed site does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { NetlifyDev } from '@netlify/dev';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a Netlify site of this app must have in its environment (the build and the functions read them). */
export const NETLIFY_ENV = ['APPWRITE_ENDPOINT', 'APPWRITE_PROJECT_ID', 'APPWRITE_API_KEY', 'SUPABASE_URL', 'SUPABASE_ANON_KEY'];

/** netlify.toml's `[build] command`, the one Netlify runs before publishing dist/. */
export function netlifyBuildCommand(): string {
  let section = '';
  for (const line of readFileSync(`${ROOT}/netlify.toml`, 'utf8').split('\n')) {
    const header = /^\s*\[\[?([^\]]+)\]\]?\s*$/.exec(line);
    if (header) section = header[1]!.trim();
    const command = /^\s*command\s*=\s*"(.*)"\s*$/.exec(line);
    if (section === 'build' && command) return command[1]!.replace(/\\"/g, '"');
  }
  throw new Error('netlify.toml has no [build] command');
}

/** Where netlify.toml's SPA rule (`from = "/*"`, status 200) sends a path nothing else serves. */
export function netlifySpaTarget(): string {
  let block: Record<string, string> | null = null;
  const blocks: Record<string, string>[] = [];
  for (const line of readFileSync(`${ROOT}/netlify.toml`, 'utf8').split('\n')) {
    if (/^\s*\[/.test(line)) blocks.push((block = /^\s*\[\[redirects\]\]\s*$/.test(line) ? {} : null) ?? {});
    const pair = /^\s*(\w+)\s*=\s*"?([^"]*)"?\s*$/.exec(line);
    if (block && pair) block[pair[1]!] = pair[2]!;
  }
  const spa = blocks.find((b) => b.from === '/*' && b.status === '200');
  if (!spa?.to) throw new Error('netlify.toml has no SPA rule (from = "/*", status = 200)');
  return spa.to;
}

export type NetlifySite = { url: string; port: number; close(): Promise<void> };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * @netlify/dev bundles every function once when it starts, in the background (and again for each call). Waits until
 * each function of netlify/functions has been written out since `since`, so the site is not busy bundling when the
 * first pages are asked for; false if that took longer than `timeoutMs`.
 */
async function functionsBundled(since: number, timeoutMs: number): Promise<boolean> {
  const names = readdirSync(join(ROOT, 'netlify/functions'))
    .filter((f) => /\.m?[jt]s$/.test(f))
    .map((f) => f.replace(/\.[^.]+$/, ''));
  const bundled = (name: string) => {
    try {
      return statSync(join(ROOT, '.netlify/functions-serve', name, '___netlify-entry-point.mjs')).mtimeMs >= since;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (!names.every(bundled)) {
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
  return true;
}

function toRequest(req: IncomingMessage, origin: string, path = req.url ?? '/'): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  // The caller's address as Netlify's edge sees it (whatever the client claims): functions get it as `context.ip`.
  headers.delete('x-forwarded-for');
  if (req.socket.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(path, origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : null,
    duplex: 'half',
  } as RequestInit);
}

async function send(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body || head) {
    await response.body?.cancel();
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0])
      .on('error', reject)
      .pipe(res)
      .on('finish', resolve)
      .on('error', reject);
  });
}

/**
 * Starts the emulation and a server on `port` (0: a free one) that hands it every request. What it does not match
 * gets netlify.toml's SPA rule (`/* → /app.html 200`), which @netlify/dev leaves to the surrounding server: asked
 * as its target, so the page still gets the headers of netlify.toml and dist/_headers.
 */
export async function startNetlifySite(opts: { port?: number; host?: string; log?: boolean } = {}): Promise<NetlifySite> {
  const dev = new NetlifyDev({
    projectRoot: ROOT,
    // Required by the request chain; it is only used by features switched off here (edge functions, images).
    serverAddress: 'http://127.0.0.1:0',
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  const started = Date.now();
  await dev.start();
  // The first request waits for the functions to be found; then they are bundled. Both are done before the site is up.
  await dev.handleAndIntrospect(new Request('http://localhost/'));
  if (!(await functionsBundled(started, 180_000))) console.warn('  The functions are still being bundled; the first calls will be slow.');
  const spaTarget = netlifySpaTarget();
  const server = createServer((req, res) => {
    void (async () => {
      const head = req.method === 'HEAD';
      let origin: string, path: string;
      try {
        origin = new URL(`http://${req.headers.host ?? ''}`).origin;
        path = new URL(req.url ?? '/', origin).pathname;
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad Request');
        return;
      }
      try {
        let found = await dev.handleAndIntrospect(toRequest(req, origin));
        if (!found && (req.method === 'GET' || head) && !path.startsWith('/.netlify/'))
          found = await dev.handleAndIntrospect(toRequest(req, origin, spaTarget));
        if (opts.log) console.log(`${req.method} ${path} ${found?.response.status ?? 404} ${found?.type ?? 'none'}`);
        if (!found) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
          return;
        }
        await send(res, found.response, head);
      } catch (err) {
        console.error(`${req.method} ${path} failed:`, err);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Internal Error');
        else res.destroy();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  return {
    url,
    port,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      await dev.stop();
    },
  };
}
