// The Appwrite REST protocol subset at /v1, composed from its parts.
// Every failure leaves as Appwrite's JSON error; nothing a client sends can make a 500.
import { Hono, type Context } from 'hono';
import type { MiddlewareHandler } from 'hono';
import { AppwriteError, errorBody, payloadTooLarge, rateLimited, routeNotFound, APPWRITE_VERSION } from './errors';
import { RateLimited } from '../net/rate-limit';
import { dropRest } from '../../netlify/lib/drain';
import { resolveCaller, type AppwriteEnv } from './context';
import { accountRoutes } from './account';
import { SchemaAdmin } from './admin';
import { ensureFulltextTables } from './fulltext';
import { adminRoutes } from './admin-routes';
import { documentRoutes } from './documents';
import { SchemaCache } from './schema';
import { storageRoutes, CHUNK_SIZE } from './storage';
import { userRoutes } from './users';
import type { AppwriteBackend } from './backend';

export const JSON_BODY_LIMIT = 2 * 1024 * 1024;
export const UPLOAD_BODY_LIMIT = CHUNK_SIZE + 1024 * 1024;

const ALLOW_HEADERS = [
  'Accept',
  'Origin',
  'Cookie',
  'Set-Cookie',
  'Content-Type',
  'Content-Range',
  'X-Appwrite-Project',
  'X-Appwrite-Key',
  'X-Appwrite-Dev-Key',
  'X-Appwrite-Locale',
  'X-Appwrite-Mode',
  'X-Appwrite-JWT',
  'X-Appwrite-Response-Format',
  'X-Appwrite-Timeout',
  'X-Appwrite-ID',
  'X-Appwrite-Timestamp',
  'X-Appwrite-Session',
  'X-SDK-Version',
  'X-SDK-Name',
  'X-SDK-Language',
  'X-SDK-Platform',
  'X-SDK-GraphQL',
  'X-SDK-Profile',
  'Range',
  'Cache-Control',
  'Expires',
  'Pragma',
  'X-Fallback-Cookies',
  'X-Requested-With',
  'X-Forwarded-For',
  'X-Forwarded-User-Agent',
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
  ensureFulltextTables(be.db);
  admin.upgradeIndexes();
  const app = new Hono<AppwriteEnv>();

  app.onError((err, c) => toErrorResponse(c, err));
  app.notFound((c) => toErrorResponse(c, routeNotFound()));

  // CORS as Appwrite sends it: the origin echoed (credentials are on, so never *), session headers exposed.
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin) {
      if (!isAllowedOrigin(origin, c))
        throw new AppwriteError(
          403,
          'general_unknown_origin',
          `Invalid Origin. Register your new client (${origin}) as a web platform on your project console dashboard`,
        );
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

  // Who is calling is settled before any body is read: bad credentials are refused without reading a byte.
  app.use('*', async (c, next) => {
    c.set('caller', await resolveCaller(be, c));
    await next();
  });

  const limited = (max: number) => bodyLimit(max);
  app.use('/storage/buckets/:bucketId/files', limited(UPLOAD_BODY_LIMIT));
  app.use('*', async (c, next) => {
    if (/^\/v1\/storage\/buckets\/[^/]+\/files\/?$/.test(c.req.path)) return next();
    return limited(JSON_BODY_LIMIT)(c, next);
  });

  app.route('/account', accountRoutes(be));
  app.route('/users', userRoutes(be));
  app.route('/', adminRoutes(admin, schema));
  app.route('/', documentRoutes(be, schema));
  app.route('/storage', storageRoutes(be));
  return { app: app as unknown as Hono, schema, admin };
}

const DRAIN_CAP = 64 * 1024 * 1024;

const drain = (body: ReadableStream<Uint8Array>) => dropRest(body.getReader(), DRAIN_CAP);

/** Requests whose body went over its limit while a route read it (the route's parse error then means 413). */
const overLimit = new WeakMap<Request, number>();

/** The 413 to answer when `req`'s body was cut at its limit, else null. */
export function bodyOverLimit(req: Request): AppwriteError | null {
  const max = overLimit.get(req);
  return max === undefined ? null : payloadTooLarge(max);
}

/**
 * Bodies over `max` get a 413. A body that declares its size is judged by the header: an oversize one is read and
 * dropped (up to 64 MiB, never kept) so the client, still sending, receives the answer instead of a reset
 * connection. A chunked body is counted while the route reads it and cut at the limit, so nothing past it is
 * ever buffered, and routes refuse callers before they read anything.
 */
function bodyLimit(max: number): MiddlewareHandler {
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
    let seen = 0;
    const counted = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        seen += value.length;
        if (seen <= max) return controller.enqueue(value);
        overLimit.set(request, max);
        controller.error(payloadTooLarge(max));
        // The rest is read and dropped (never kept), so the client, still sending, receives the 413.
        void dropRest(reader, DRAIN_CAP - seen);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    const request: Request = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    c.req.raw = request;
    await next();
    // The route failed on the cut body (a parse error, answered by onError): the answer is the 413 instead.
    const cut = bodyOverLimit(request);
    // (Hono's setter keeps the earlier answer's other headers, such as CORS.)
    if (cut) c.res = new Response(JSON.stringify(errorBody(cut)), { status: cut.status, headers: { 'Content-Type': 'application/json' } });
  };
}
