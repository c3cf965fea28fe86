// The Supabase Auth (GoTrue) subset at /auth/v1 that the unmodified supabase-js signs staff in with.
// Every request but the JWKS needs the public `apikey`; every failure leaves as GoTrue's JSON error, never a 500 from client input.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { API_VERSION, AuthError, authErrorResponse, notFound } from './errors';
import type { AuthDeps, AuthEnv } from './context';
import { factorRoutes } from './factors';
import { tokenRoutes } from './routes';

export type { AuthDeps } from './context';
export { ensureStaffAccount, generatePassword, DEFAULT_STAFF_EMAIL } from './bootstrap';
export { signAccessToken, verifyAccessToken, publicJwk, type AccessTokenClaims } from './jwt';
export { totpAt } from './totp';
export { createStaffUser, removeUser, listUsers, setPassword, findUserByEmail, type UserSummary } from './users';

const ALLOW_HEADERS =
  'apikey, authorization, content-type, x-client-info, x-supabase-api-version, x-retry-count, traceparent, tracestate, baggage';

const sameKey = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function authApi(deps: AuthDeps): Hono {
  const app = new Hono<AuthEnv>();
  app.onError((err, c) => authErrorResponse(c, err));

  // CORS as GoTrue sends it (origin echoed with credentials, the API version header readable by the SDK), but
  // only for the app's own origins: a page elsewhere gets no CORS answer, so its browser reads nothing.
  app.use('*', async (c, next) => {
    const requested = c.req.header('origin');
    const origin = requested && deps.isAllowedOrigin(requested, c) ? requested : undefined;
    if (c.req.method === 'OPTIONS') {
      const res = c.body(null, 204);
      if (origin) {
        res.headers.set('Access-Control-Allow-Origin', origin);
        res.headers.set('Access-Control-Allow-Credentials', 'true');
        res.headers.set('Vary', 'Origin');
      }
      res.headers.set('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE');
      res.headers.set('Access-Control-Allow-Headers', c.req.header('access-control-request-headers') ?? ALLOW_HEADERS);
      res.headers.set('Access-Control-Max-Age', '86400');
      return res;
    }
    await next();
    const h = c.res.headers;
    if (origin) {
      h.set('Access-Control-Allow-Origin', origin);
      h.set('Access-Control-Allow-Credentials', 'true');
      h.set('Access-Control-Expose-Headers', 'X-Total-Count, Link, X-Supabase-Api-Version');
      h.append('Vary', 'Origin');
    }
    h.set('X-Supabase-Api-Version', API_VERSION);
  });

  // The key set is public, as on hosted Supabase, where JWKS clients (jose's createRemoteJWKSet) fetch it bare.
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' && c.req.path.endsWith('/.well-known/jwks.json')) return next();
    const key = c.req.header('apikey');
    if (!key) throw new AuthError(401, 'no_api_key', 'No API key found in request: send the project anon key in the apikey header');
    if (!sameKey(key, deps.anonKey)) throw new AuthError(401, 'invalid_api_key', 'Invalid API key');
    await next();
  });

  app.route('/', tokenRoutes(deps));
  app.route('/factors', factorRoutes(deps));
  app.all('*', () => {
    throw notFound();
  });
  return app as unknown as Hono;
}
