// Serves the very modules of netlify/functions/ at /.netlify/functions/NAME, as Netlify does, for the names the
// functions contract lists, each call running with this server's endpoint and keys (netlify/lib/env.ts withEnv). Text answers
// of 1 KB or more (the 126 KB product catalog, lists) go gzip-compressed to clients that accept it.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { withEnv } from '../netlify/lib/env';
import { FUNCTION_NAMES } from '../src/shared/contracts/function-names';

type NetlifyFunction = (req: Request, context: unknown) => Promise<Response> | Response;

const FUNCTIONS_DIR = fileURLToPath(new URL('../netlify/functions/', import.meta.url));

/** Loads the module of every function the contract names (src/shared/contracts/function-names.ts). */
export async function loadFunctions(): Promise<Map<string, NetlifyFunction>> {
  const found = new Map<string, NetlifyFunction>();
  const files = new Set(readdirSync(FUNCTIONS_DIR));
  for (const name of FUNCTION_NAMES) {
    const file = ['.ts', '.mts', '.js', '.mjs'].map((ext) => name + ext).find((f) => files.has(f));
    try {
      if (!file) throw new Error(`netlify/functions has no file for ${name}`);
      const mod = (await import(pathToFileURL(FUNCTIONS_DIR + file).href)) as { default?: NetlifyFunction };
      if (typeof mod.default !== 'function') throw new Error(`${file} exports no function`);
      found.set(name, mod.default);
    } catch (err) {
      // One broken integration must not take the store's registrations down with it.
      console.error(`[functions] ${name} failed to load:`, err);
      found.set(name, async () =>
        Response.json({ error: 'This service failed to start. Please tell the store.', code: 'unavailable' }, { status: 503 }),
      );
    }
  }
  return found;
}

/** `clientIp` gives the caller's address as Netlify's `context.ip` does (the functions rate-limit by it). */
export function mountFunctions(
  app: Hono,
  functions: Map<string, NetlifyFunction>,
  clientIp: (c: Context) => string,
  env: () => Record<string, string | undefined>,
) {
  app.use('/.netlify/functions/*', compress({ encoding: 'gzip' }));
  app.all('/.netlify/functions/:name', async (c) => {
    const fn = functions.get(c.req.param('name'));
    if (!fn) return c.json({ error: 'There is no such function.', code: 'not_found' }, 404);
    const context = {
      params: {},
      url: new URL(c.req.url),
      ip: clientIp(c),
      requestId: crypto.randomUUID(),
      geo: {},
      site: {},
      deploy: { context: 'dev' },
      account: {},
    };
    return sized(await withEnv(env(), () => fn(c.req.raw, context)));
  });
}

/**
 * A JSON answer with its length, read whole (a function builds it whole): the compression above then leaves the small
 * ones (a hand-off's, an error) as they are, sent in one write instead of as a gzip stream in chunks.
 */
async function sized(res: Response): Promise<Response> {
  const type = res.headers.get('content-type') ?? '';
  if (!res.body || res.headers.has('content-length') || !/^application\/json\b/i.test(type)) return res;
  const bytes = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  headers.set('content-length', String(bytes.length));
  return new Response(bytes, { status: res.status, statusText: res.statusText, headers });
}
