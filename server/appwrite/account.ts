// The email one-time code flow (tokens/email -> sessions/token), account get, logout and JWTs. Codes come from a
// CSPRNG, are stored as scrypt hashes, are single use, live otpTtlMs and die after MAX_CODE_ATTEMPTS wrong tries
// (whichever addresses they come from). An expired code is kept a day longer, so the right code typed too late is
// told apart from a wrong one.
import { randomInt, scrypt as scryptCb, timingSafeEqual, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Hono, type Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { SignJWT } from 'jose';
import { AppwriteError, guestScope } from './errors';
import { clientIp, encodeSessionValue, sessionCookieName, type AppwriteEnv, type SessionRow, type UserRow } from './context';
import { sessionModel, userModel } from './models';
import { hit, resetLimit } from '../net/rate-limit';
import { customId, emailParam, isoNow, optionalInt, randomSecret, readJson, requiredId, sha256, stringParam, uniqueId } from './util';
import type { AppwriteBackend } from './backend';

const scrypt = promisify(scryptCb) as (pw: string, salt: string, len: number) => Promise<Buffer>;
/** A code or token secret as stored: scrypt with its own salt and the server's pepper. */
export const hashCode = async (be: AppwriteBackend, code: string, salt: string) =>
  (await scrypt(code + be.otpPepper, salt, 32)).toString('hex');

const invalidToken = () => new AppwriteError(401, 'user_invalid_token', 'Invalid token passed in the request.');
// Appwrite's type and status (clients written for Appwrite read it as an invalid token); the message says why.
const expiredToken = () => new AppwriteError(401, 'user_invalid_token', 'Invalid token passed in the request: the token has expired.');
const EXPIRED_KEPT_MS = 24 * 60 * 60_000;
/** Wrong codes a code survives: after that it is dead, and only a new email gives a working one. */
export const MAX_CODE_ATTEMPTS = 5;

function requireUser(c: Context<AppwriteEnv>) {
  const caller = c.get('caller');
  if (caller.kind !== 'user') throw guestScope();
  return caller;
}

function sessionCookies(c: Context, be: AppwriteBackend, value: string, expireMs: number) {
  const secure = be.isHttps(c);
  const name = sessionCookieName(be.projectId);
  const opts = { path: '/', httpOnly: true, expires: new Date(expireMs), secure, sameSite: secure ? 'None' : 'Lax' } as const;
  setCookie(c, name, value, opts);
  setCookie(c, `${name}_legacy`, value, { ...opts, sameSite: undefined });
}

export function accountRoutes(be: AppwriteBackend) {
  const app = new Hono<AppwriteEnv>();
  const db = be.db;

  app.post('/tokens/email', async (c) => {
    const body = await readJson(c.req.raw);
    const requestedId = customId('userId', body.userId);
    const email = emailParam('email', body.email);
    const caller = c.get('caller');
    if (be.rateLimits && caller.kind !== 'key') {
      hit(db, `tokens/email:email:${email}`, be.rateLimits.emailTokenPerEmail);
      hit(db, `tokens/email:ip:${clientIp(c, be.trustProxy)}`, be.rateLimits.emailTokenPerIp);
    }

    const now = isoNow();
    let user = db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
    if (!user) {
      if (db.prepare('SELECT 1 FROM users WHERE id = ?').get(requestedId))
        throw new AppwriteError(409, 'user_already_exists', 'A user with the same id, email, or phone already exists in this project.');
      db.prepare('INSERT INTO users (id, email, created_at, updated_at, accessed_at) VALUES (?, ?, ?, ?, ?)').run(
        requestedId,
        email,
        now,
        now,
        now,
      );
      user = db.prepare('SELECT * FROM users WHERE id = ?').get(requestedId) as UserRow;
    }

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const salt = randomBytes(16).toString('hex');
    const tokenId = uniqueId();
    const expireMs = Date.now() + be.otpTtlMs;
    const codeHash = await hashCode(be, code, salt);
    // A new code replaces any earlier code: only the newest email's code works (tokens the server made stay).
    db.transaction(() => {
      db.prepare("DELETE FROM tokens WHERE user_id = ? AND kind = 'email'").run(user.id);
      db.prepare("INSERT INTO tokens (id, user_id, code_hash, salt, expire_ms, created_at, kind) VALUES (?, ?, ?, ?, ?, ?, 'email')").run(
        tokenId,
        user.id,
        codeHash,
        salt,
        expireMs,
        now,
      );
    })();

    const minutes = Math.round(be.otpTtlMs / 60_000);
    try {
      await be.mailer.send({
        to: email,
        subject: `Your ${be.productName} code`,
        text: `Your verification code is ${code}.\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, ignore this email.`,
        code,
      });
    } catch (err) {
      db.prepare('DELETE FROM tokens WHERE id = ?').run(tokenId);
      console.error('[mail] sending failed:', err instanceof Error ? err.message : err);
      throw new AppwriteError(503, 'general_smtp_disabled', 'The code email could not be sent. Please try again later.');
    }

    return c.json(
      { $id: tokenId, $createdAt: now, userId: user.id, secret: caller.kind === 'key' ? code : '', expire: isoNow(expireMs), phrase: '' },
      201,
    );
  });

  app.post('/sessions/token', async (c) => {
    const body = await readJson(c.req.raw);
    const userId = requiredId('userId', body.userId);
    const secret = stringParam('secret', body.secret, { min: 1, max: 256 });
    const caller = c.get('caller');
    if (caller.kind === 'user')
      throw new AppwriteError(401, 'user_session_already_exists', 'Creation of a session is prohibited when a session is active.');
    const limitKey = `sessions/token:${clientIp(c, be.trustProxy)}:${userId}`;
    const userLimitKey = `sessions/token:user:${userId}`;
    if (be.rateLimits && caller.kind !== 'key') {
      hit(db, limitKey, be.rateLimits.sessionPerIpUser);
      hit(db, userLimitKey, be.rateLimits.sessionPerUser);
    }

    db.prepare('DELETE FROM tokens WHERE expire_ms <= ?').run(Date.now() - EXPIRED_KEPT_MS);
    const tokens = db.prepare('SELECT * FROM tokens WHERE user_id = ? AND attempts < ?').all(userId, MAX_CODE_ATTEMPTS) as {
      id: string;
      code_hash: string;
      salt: string;
      expire_ms: number;
      kind: string;
    }[];
    let matched: { id: string; expire_ms: number; kind: string } | null = null;
    for (const t of tokens) {
      const candidate = Buffer.from(await hashCode(be, secret, t.salt), 'hex');
      if (timingSafeEqual(candidate, Buffer.from(t.code_hash, 'hex'))) matched = t;
    }
    if (!matched) {
      // Counted on the code itself, so spreading guesses over many addresses gains nothing. A server-made token is
      // long enough that guessing is hopeless: wrong tries do not wear it out (nobody can spoil a customer's link).
      db.prepare("UPDATE tokens SET attempts = attempts + 1 WHERE user_id = ? AND kind = 'email'").run(userId);
      throw invalidToken();
    }
    // Single use: only the request that deletes the token gets a session (or hears that it expired).
    if (db.prepare('DELETE FROM tokens WHERE id = ?').run(matched.id).changes !== 1) throw invalidToken();
    if (matched.expire_ms <= Date.now()) throw expiredToken();

    const now = isoNow();
    const sessionSecret = randomSecret();
    const session: SessionRow = {
      id: uniqueId(),
      user_id: userId,
      secret_hash: sha256(sessionSecret),
      expire_ms: Date.now() + be.sessionTtlMs,
      ip: clientIp(c, be.trustProxy),
      factor: matched.kind === 'email' ? 'email' : 'token',
      created_at: now,
      updated_at: now,
    };
    db.transaction(() => {
      db.prepare(
        'INSERT INTO sessions (id, user_id, secret_hash, expire_ms, ip, factor, created_at, updated_at) VALUES (@id, @user_id, @secret_hash, @expire_ms, @ip, @factor, @created_at, @updated_at)',
      ).run(session);
      // As Appwrite: an e-mailed code verifies the address; a token made by the server says nothing about it.
      if (matched.kind === 'email')
        db.prepare('UPDATE users SET email_verification = 1, updated_at = ?, accessed_at = ? WHERE id = ?').run(now, now, userId);
      else db.prepare('UPDATE users SET accessed_at = ? WHERE id = ?').run(now, userId);
    })();
    if (be.rateLimits) {
      resetLimit(db, limitKey);
      resetLimit(db, userLimitKey);
    }

    const value = encodeSessionValue(userId, sessionSecret);
    sessionCookies(c, be, value, session.expire_ms);
    c.header('X-Fallback-Cookies', JSON.stringify({ [sessionCookieName(be.projectId)]: value }));
    return c.json(sessionModel(session, true, caller.kind === 'key' ? value : ''), 201);
  });

  app.get('/', (c) => {
    const { user } = requireUser(c);
    return c.json(userModel(user));
  });

  app.get('/sessions/:sessionId', (c) => {
    const { session, user } = requireUser(c);
    const id = c.req.param('sessionId');
    if (id === 'current') return c.json(sessionModel(session, true));
    const row = db.prepare('SELECT * FROM sessions WHERE id = ? AND user_id = ?').get(id, user.id) as SessionRow | undefined;
    if (!row) throw new AppwriteError(404, 'user_session_not_found', 'The current user session could not be found.');
    return c.json(sessionModel(row, row.id === session.id));
  });

  app.delete('/sessions/:sessionId', (c) => {
    const { session, user } = requireUser(c);
    const param = c.req.param('sessionId');
    const id = param === 'current' ? session.id : param;
    const deleted = db.prepare('DELETE FROM sessions WHERE id = ? AND user_id = ?').run(id, user.id).changes;
    if (!deleted) throw new AppwriteError(404, 'user_session_not_found', 'The current user session could not be found.');
    if (id === session.id) {
      sessionCookies(c, be, '', 0);
      c.header('X-Fallback-Cookies', '[]');
    }
    return c.body(null, 204);
  });

  const createJwt = async (c: Context<AppwriteEnv>) => {
    const caller = requireUser(c);
    if (caller.via === 'jwt')
      throw new AppwriteError(403, 'user_jwt_creation_denied', 'A JWT cannot be created while authenticated with a JWT.');
    const body = await readJson(c.req.raw);
    const duration = optionalInt('duration', body.duration, 900, 0, 3600);
    const jwt = await new SignJWT({ userId: caller.user.id, sessionId: caller.session.id })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) + duration)
      .sign(be.jwtSecret);
    return c.json({ jwt }, 201);
  };
  app.post('/jwts', createJwt);
  app.post('/jwt', createJwt);

  return app;
}
