// server/appwrite/index.ts: the Appwrite REST protocol subset at /v1, composed from its parts.
// Every failure leaves as Appwrite's JSON error; nothing a client sends can make a 500.
import { Hono, type Context } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { AppwriteError, errorBody, payloadTooLarge, rateLimited, routeNotFound, APPWRITE_VERSION } from './errors';
import { RateLimited } from '../net/rate-limit';
import { resolveCaller, type AppwriteEnv } from './context';
import { accountRoutes } from './account';
import { adminRoutes, SchemaAdmin } from './admin';
import { documentRoutes } from './documents';
import { SchemaCache } from './schema';
import { storageRoutes, CHUNK_SIZE } from './storage';
import type { AppwriteBackend } from './backend';

export const JSON_BODY_LIMIT = 2 * 1024 * 1024;
export const UPLOAD_BODY_LIMIT = CHUNK_SIZE + 1024 * 1024;

const ALLOW_HEADERS = [
  'Accept', 'Origin', 'Cookie', 'Set-Cookie', 'Content-Type', 'Content-Range', 'X-Appwrite-Project', 'X-Appwrite-Key',
  'X-Appwrite-Dev-Key', 'X-Appwrite-Locale', 'X-Appwrite-Mode', 'X-Appwrite-JWT', 'X-Appwrite-Response-Format',
  'X-Appwrite-Timeout', 'X-Appwrite-ID', 'X-Appwrite-Timestamp', 'X-Appwrite-Session', 'X-SDK-Version', 'X-SDK-Name',
  'X-SDK-Language', 'X-SDK-Platform', 'X-SDK-GraphQL', 'X-SDK-Profile', 'Range', 'Cache-Control', 'Expires', 'Pragma',
  'X-Fallback-Cookies', 'X-Requested-With', 'X-Forwarded-For', 'X-Forwarded-User-Agent',
].join(', ');

export function toErrorResponse(c: Context, err: unknown) {
  if (err instanceof RateLimited) err = rateLimited(err.resetMs);
  if (err instanceof AppwriteError) {
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    c.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    return c.json(errorBody(err), err.status as 400);
  }
  console.error('[appwrite] unexpected error:', err);
  return c.json({ message: 'Server Error', code: 500, type: 'general_unknown', version: APPWRITE_VERSION }, 500);
}

export type AppwriteApi = { app: Hono; schema: SchemaCache; admin: SchemaAdmin };

export function appwriteApi(be: AppwriteBackend, isAllowedOrigin: (origin: string, c: Context) => boolean): AppwriteApi {
  const schema = new SchemaCache(be.db);
  const admin = new SchemaAdmin(be.db, schema);
  const app = new Hono<AppwriteEnv>();

  app.onError((err, c) => toErrorResponse(c, err));
  app.notFound((c) => toErrorResponse(c, routeNotFound()));

  // CORS as Appwrite sends it: the origin echoed (credentials are on, so never *), session headers exposed.
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin) {
      if (!isAllowedOrigin(origin, c))
        throw new AppwriteError(403, 'general_unknown_origin', `Invalid Origin. Register your new client (${origin}) as a web platform on your project console dashboard`);
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Credentials', 'true');
      c.header('Access-Control-Expose-Headers', 'X-Appwrite-Session, X-Fallback-Cookies');
      c.header('Vary', 'Origin');
    }
    if (c.req.method === 'OPTIONS') {
      c.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
      c.header('Access-Control-Max-Age', '86400');
      return c.body(null, 204);
    }
    await next();
  });

  app.get('/health/version', (c) => c.json({ version: APPWRITE_VERSION }));
  app.get('/health', (c) => {
    const started = performance.now();
    be.db.prepare('SELECT 1').get();
    return c.json({ name: 'database', ping: Math.round(performance.now() - started), status: 'pass' });
  });

  const limited = (max: number) => bodyLimitWithDrain(max);
  app.use('/storage/buckets/:bucketId/files', limited(UPLOAD_BODY_LIMIT));
  app.use('*', async (c, next) => {
    if (/^\/v1\/storage\/buckets\/[^/]+\/files\/?$/.test(c.req.path)) return next();
    return limited(JSON_BODY_LIMIT)(c, next);
  });

  app.use('*', async (c, next) => {
    c.set('caller', await resolveCaller(be, c));
    await next();
  });

  app.route('/account', accountRoutes(be));
  app.route('/', adminRoutes(admin, schema));
  app.route('/', documentRoutes(be, schema));
  app.route('/storage', storageRoutes(be));
  return { app: app as unknown as Hono, schema, admin };
}

const DRAIN_CAP = 64 * 1024 * 1024;

async function drain(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  for (let read = 0; read <= DRAIN_CAP; ) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.length;
  }
  await reader.cancel();
}

/**
 * Refuses bodies over `max` with 413. A declared oversize body is read and dropped first (up to 64 MiB), so the
 * client, still sending, receives the answer instead of a reset connection.
 */
function bodyLimitWithDrain(max: number): MiddlewareHandler {
  return async (c, next) => {
    // Decide from the headers alone when possible: touching c.req.raw.body costs every request a streamed body.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    const declared = Number(c.req.header('content-length'));
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (!chunked && Number.isFinite(declared) && declared <= max) return next();
    const body = c.req.raw.body;
    if (!body) return next();
    if (!chunked && Number.isFinite(declared)) {
      if (declared <= DRAIN_CAP) await drain(body);
      throw payloadTooLarge(max);
    }
    const reader = body.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > max) {
        await reader.cancel();
        throw payloadTooLarge(max);
      }
      parts.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(parts) });
    return next();
  };
}
