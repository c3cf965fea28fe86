// What the Auth routes share: their dependencies and the bearer-token check of user endpoints.
import type { Context, MiddlewareHandler } from 'hono';
import { clientIp } from '../net/client-ip';
import type { EcPrivateJwk } from '../secrets';
import type { Db } from '../store/sqlite';
import { noAuthorization, sessionNotFound, userNotFound } from './errors';
import { verifyAccessToken, type AccessTokenClaims } from './jwt';
import { findSession, type SessionRow } from './sessions';
import { findUserById, type AuthUserRow } from './users';

export type AuthDeps = {
  db: Db;
  signingKey: EcPrivateJwk;
  /** The public key every request must carry in `apikey` (served to browsers as supabaseAnonKey). */
  anonKey: string;
  /** Sign-in and MFA attempt limits; off in most tests. */
  rateLimits: boolean;
  /** Reverse proxies trusted to append to X-Forwarded-For (0: none). */
  trustProxy: number;
  /** Origins whose browser requests get CORS answers. */
  isAllowedOrigin: (origin: string, c: Context) => boolean;
  /** `<origin>/auth/v1` for the request, the `iss` of the tokens it gets. */
  issuer: (c: Context) => string;
  /** Shown in authenticator apps next to the account. */
  totpIssuer: string;
};

export type Caller = { user: AuthUserRow; session: SessionRow; claims: AccessTokenClaims; token: string };
export type AuthEnv = { Variables: { caller: Caller } };

export const ipOf = (c: Context, deps: AuthDeps) => clientIp(c, deps.trustProxy);

/** Requires `Authorization: Bearer <access token>` whose signature verifies and whose session and user still exist. */
export function requireSession(deps: AuthDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!m) throw noAuthorization();
    const token = m[1]!;
    const claims = await verifyAccessToken(deps.signingKey, token);
    const user = findUserById(deps.db, claims.sub);
    if (!user) throw userNotFound();
    const session = findSession(deps.db, claims.session_id);
    if (!session || session.user_id !== user.id) throw sessionNotFound();
    c.set('caller', { user, session, claims, token });
    await next();
  };
}
