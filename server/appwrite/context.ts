// Who is calling. Resolves the project, then an API key, a session (cookie,
// X-Appwrite-Session, X-Fallback-Cookies, in Appwrite's order) or a JWT. A stale session makes a guest, as in Appwrite.
import { timingSafeEqual } from 'node:crypto';
import { jwtVerify } from 'jose';
import type { Context } from 'hono';
import type { Statement } from 'better-sqlite3';
import { getCookie } from 'hono/cookie';
import { AppwriteError } from './errors';
import { sha256 } from './util';
import type { AppwriteBackend } from './backend';

export { clientIp } from '../net/client-ip';

export type UserRow = {
  id: string;
  email: string;
  name: string;
  email_verification: number;
  labels: string;
  prefs: string;
  created_at: string;
  updated_at: string;
  accessed_at: string;
};
export type SessionRow = {
  id: string;
  user_id: string;
  secret_hash: string;
  expire_ms: number;
  ip: string;
  /** How the session was made: `email` (an e-mailed code) or `token` (a token the server made for the user). */
  factor: string;
  created_at: string;
  updated_at: string;
};

export type Caller = { kind: 'key' } | { kind: 'guest' } | { kind: 'user'; user: UserRow; session: SessionRow; via: 'session' | 'jwt' };

export type AppwriteEnv = { Variables: { caller: Caller } };

export const sessionCookieName = (projectId: string) => `a_session_${projectId}`;

export const encodeSessionValue = (userId: string, secret: string) =>
  Buffer.from(JSON.stringify({ id: userId, secret })).toString('base64');

function decodeSessionValue(value: string | undefined | null): { id: string; secret: string } | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as { id: unknown }).id === 'string' &&
      typeof (parsed as { secret: unknown }).secret === 'string'
    )
      return parsed as { id: string; secret: string };
  } catch {
    /* not a session value: the caller is a guest */
  }
  return null;
}

function fallbackSession(header: string | undefined, name: string): string | null {
  if (!header) return null;
  try {
    const parsed = JSON.parse(header) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const v = (parsed as Record<string, unknown>)[name];
      return typeof v === 'string' ? v : null;
    }
  } catch {
    /* a malformed fallback header is no session */
  }
  return null;
}

export function projectOf(c: Context): string | undefined {
  return c.req.header('x-appwrite-project') ?? c.req.query('project') ?? undefined;
}

const safeEqual = (a: string, b: string) => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
};

const statements = new WeakMap<AppwriteBackend['db'], { session: Statement; user: Statement }>();
function prepared(db: AppwriteBackend['db']) {
  let s = statements.get(db);
  if (!s) {
    s = { session: db.prepare('SELECT * FROM sessions WHERE secret_hash = ?'), user: db.prepare('SELECT * FROM users WHERE id = ?') };
    statements.set(db, s);
  }
  return s;
}

export function findSession(be: AppwriteBackend, value: string | null): { user: UserRow; session: SessionRow } | null {
  const decoded = decodeSessionValue(value);
  if (!decoded) return null;
  const q = prepared(be.db);
  const session = q.session.get(sha256(decoded.secret)) as SessionRow | undefined;
  if (!session || session.user_id !== decoded.id || session.expire_ms <= Date.now()) return null;
  const user = q.user.get(session.user_id) as UserRow | undefined;
  return user ? { user, session } : null;
}

/** Resolves the caller or throws the error Appwrite would answer with. */
export async function resolveCaller(be: AppwriteBackend, c: Context): Promise<Caller> {
  const project = projectOf(c);
  if (project !== be.projectId)
    throw new AppwriteError(
      404,
      'project_not_found',
      'Project with the requested ID could not be found. Please check the value of the X-Appwrite-Project header to ensure the correct project ID is being used.',
    );

  const key = c.req.header('x-appwrite-key');
  if (key !== undefined) {
    if (!safeEqual(key, be.apiKey)) throw new AppwriteError(401, 'general_unauthorized_scope', 'Invalid API key.');
    return { kind: 'key' };
  }

  const name = sessionCookieName(be.projectId);
  const raw =
    getCookie(c, name) ??
    getCookie(c, `${name}_legacy`) ??
    c.req.header('x-appwrite-session') ??
    fallbackSession(c.req.header('x-fallback-cookies'), name);
  const found = findSession(be, raw);

  const jwt = c.req.header('x-appwrite-jwt');
  if (jwt !== undefined && jwt !== '') {
    if (found) throw new AppwriteError(403, 'user_jwt_and_cookie_set', 'Cannot use both a JWT and a session at the same time.');
    const invalid = () => new AppwriteError(401, 'user_jwt_invalid', 'Failed to verify JWT. Invalid token: Expired or invalid signature.');
    try {
      const { payload } = await jwtVerify(jwt, be.jwtSecret, { algorithms: ['HS256'] });
      const session = be.db.prepare('SELECT * FROM sessions WHERE id = ? AND user_id = ?').get(payload.sessionId, payload.userId) as
        SessionRow | undefined;
      if (!session || session.expire_ms <= Date.now()) throw invalid();
      const user = be.db.prepare('SELECT * FROM users WHERE id = ?').get(session.user_id) as UserRow | undefined;
      if (!user) throw invalid();
      return { kind: 'user', user, session, via: 'jwt' };
    } catch (err) {
      if (err instanceof AppwriteError) throw err;
      throw invalid();
    }
  }

  return found ? { kind: 'user', ...found, via: 'session' } : { kind: 'guest' };
}

/** The roles a caller holds, as Appwrite's permission strings name them. */
export function rolesOf(caller: Caller): string[] {
  if (caller.kind !== 'user') return ['any', 'guests'];
  const id = caller.user.id;
  const roles = ['any', 'users', `user:${id}`];
  if (caller.user.email_verification) roles.push('users/verified', `user:${id}/verified`);
  for (const label of JSON.parse(caller.user.labels) as string[]) roles.push(`label:${label}`);
  return roles;
}
