// Sign-in and refresh (/token), the current user (/user), /logout and the public JWKS.
import { Hono } from 'hono';
import { AuthError, invalidCredentials, validationFailed } from './errors';
import { ipOf, requireSession, type AuthDeps, type AuthEnv } from './context';
import { normalizeEmail, readJson, requiredString } from './http';
import { publicJwk } from './jwt';
import { createSession, revokeSessions, rotateRefreshToken, sessionResponse, type LogoutScope } from './sessions';
import { checkPassword, findUserByEmail, MAX_PASSWORD, userModel } from './users';
import { hit, resetLimit } from '../net/rate-limit';

/** Failed password sign-ins allowed per client IP and email in the window; a success clears the count. */
export const SIGN_IN_LIMIT = 10;
/** Failed sign-ins allowed per account from all addresses together, so spreading guesses over many gains nothing. */
export const ACCOUNT_SIGN_IN_LIMIT = 30;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

export function tokenRoutes(deps: AuthDeps) {
  const app = new Hono<AuthEnv>();
  const db = deps.db;

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await readJson(c.req.raw);
    c.header('Cache-Control', 'no-store');

    if (grant === 'password') {
      if (body.phone !== undefined && body.email === undefined)
        throw validationFailed('Phone sign-in is not enabled; use email and password');
      const email = normalizeEmail(requiredString(body, 'email', 254));
      const password = requiredString(body, 'password', MAX_PASSWORD);
      const limitKey = `auth/token:${ipOf(c, deps)}:${email}`;
      const accountKey = `auth/token:account:${email}`;
      if (deps.rateLimits) {
        hit(db, limitKey, SIGN_IN_LIMIT, SIGN_IN_WINDOW_MS);
        hit(db, accountKey, ACCOUNT_SIGN_IN_LIMIT, SIGN_IN_WINDOW_MS);
      }
      const user = findUserByEmail(db, email);
      if (!(await checkPassword(user, password)) || !user) throw invalidCredentials();
      if (deps.rateLimits) {
        resetLimit(db, limitKey);
        resetLimit(db, accountKey);
      }
      const amr = { method: 'password', timestamp: Math.floor(Date.now() / 1000) };
      const { session, refreshToken } = createSession(db, user, amr, { ip: ipOf(c, deps), userAgent: c.req.header('user-agent') ?? '' });
      return c.json(await sessionResponse(db, deps.signingKey, deps.issuer(c), session, refreshToken));
    }

    if (grant === 'refresh_token') {
      const presented = requiredString(body, 'refresh_token', 512);
      const { session, refreshToken } = rotateRefreshToken(db, presented);
      return c.json(await sessionResponse(db, deps.signingKey, deps.issuer(c), session, refreshToken));
    }

    throw new AuthError(
      400,
      'unsupported_grant_type',
      grant
        ? `unsupported_grant_type: "${grant.slice(0, 40)}" is not supported here (use password or refresh_token)`
        : 'grant_type is required (password or refresh_token)',
    );
  });

  app.get('/user', requireSession(deps), (c) => {
    const { user } = c.get('caller');
    c.header('Cache-Control', 'no-store');
    return c.json(userModel(db, user));
  });

  app.post('/logout', requireSession(deps), (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others')
      throw validationFailed('Unsupported logout scope: use global, local or others');
    revokeSessions(db, c.get('caller').session, scope as LogoutScope);
    return c.body(null, 204);
  });

  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: [publicJwk(deps.signingKey)] });
  });

  return app;
}
