// Sessions, single-use refresh tokens (rotation with reuse detection) and the session JSON.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../store/sqlite';
import type { EcPrivateJwk } from '../secrets';
import { refreshTokenAlreadyUsed, refreshTokenNotFound, sessionNotFound, userNotFound } from './errors';
import { ACCESS_TOKEN_TTL_S, signAccessToken, type AmrEntry } from './jwt';
import { findUserById, isoNow, userModel, type AuthUserRow } from './users';

export type SessionRow = {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  amr: string;
  factor_id: string | null;
  ip: string;
  user_agent: string;
  created_at: string;
  updated_at: string;
  refreshed_at: string | null;
};

const USED_TOKEN_KEEP_MS = 30 * 24 * 3_600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const findSession = (db: Db, id: string) => db.prepare('SELECT * FROM auth_sessions WHERE id = ?').get(id) as SessionRow | undefined;

/** Makes a new refresh token for the session; the raw value is returned once and only its hash is kept. */
function issueRefreshToken(db: Db, sessionId: string, parentHash: string | null): string {
  const token = randomBytes(24).toString('base64url');
  const now = isoNow();
  db.prepare('INSERT INTO auth_refresh_tokens (token_hash, session_id, parent_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
    hashToken(token),
    sessionId,
    parentHash,
    now,
    now,
  );
  return token;
}

export function createSession(db: Db, user: AuthUserRow, amr: AmrEntry, meta: { ip: string; userAgent: string }) {
  const now = isoNow();
  const id = randomUUID();
  let refreshToken = '';
  db.transaction(() => {
    db.prepare(
      `INSERT INTO auth_sessions (id, user_id, aal, amr, ip, user_agent, created_at, updated_at) VALUES (?, ?, 'aal1', ?, ?, ?, ?, ?)`,
    ).run(id, user.id, JSON.stringify([amr]), meta.ip, meta.userAgent.slice(0, 512), now, now);
    db.prepare('UPDATE auth_users SET last_sign_in_at = ?, updated_at = ? WHERE id = ?').run(now, now, user.id);
    refreshToken = issueRefreshToken(db, id, null);
    // Used tokens are kept to catch their reuse; after 30 days an old one is simply unknown.
    db.prepare('DELETE FROM auth_refresh_tokens WHERE revoked = 1 AND updated_at < ?').run(isoNow(Date.now() - USED_TOKEN_KEEP_MS));
  })();
  return { session: findSession(db, id)!, refreshToken };
}

/**
 * Swaps a refresh token for a new one. Each token works once: presenting one that was already swapped means it
 * leaked (or a client misbehaved), so the whole session is revoked and every token of it stops working.
 */
export function rotateRefreshToken(db: Db, presented: string): { session: SessionRow; refreshToken: string } {
  const hash = hashToken(presented);
  const result = db.transaction(() => {
    const row = db.prepare('SELECT * FROM auth_refresh_tokens WHERE token_hash = ?').get(hash) as
      { session_id: string; revoked: number } | undefined;
    if (!row) throw refreshTokenNotFound();
    if (row.revoked) {
      db.prepare('DELETE FROM auth_sessions WHERE id = ?').run(row.session_id);
      return { reused: true } as const;
    }
    const now = isoNow();
    db.prepare('UPDATE auth_refresh_tokens SET revoked = 1, updated_at = ? WHERE token_hash = ?').run(now, hash);
    db.prepare('UPDATE auth_sessions SET refreshed_at = ?, updated_at = ? WHERE id = ?').run(now, now, row.session_id);
    const refreshToken = issueRefreshToken(db, row.session_id, hash);
    return { session: findSession(db, row.session_id)!, refreshToken };
  })() as { session: SessionRow; refreshToken: string } | { reused: true };
  // Thrown after the transaction committed, so the revocation stays.
  if ('reused' in result) throw refreshTokenAlreadyUsed();
  return result;
}

/** Raises the session to aal2 after a verified factor and rotates its refresh token, as GoTrue does. */
export function upgradeSession(
  db: Db,
  session: SessionRow,
  factorId: string,
  amr: AmrEntry,
): { session: SessionRow; refreshToken: string } {
  return db.transaction(() => {
    const now = isoNow();
    const methods = (JSON.parse(session.amr) as AmrEntry[]).filter((a) => a.method !== amr.method);
    db.prepare(`UPDATE auth_sessions SET aal = 'aal2', amr = ?, factor_id = ?, updated_at = ? WHERE id = ?`).run(
      JSON.stringify([amr, ...methods]),
      factorId,
      now,
      session.id,
    );
    db.prepare('UPDATE auth_refresh_tokens SET revoked = 1, updated_at = ? WHERE session_id = ? AND revoked = 0').run(now, session.id);
    const refreshToken = issueRefreshToken(db, session.id, null);
    return { session: findSession(db, session.id)!, refreshToken };
  })();
}

export type LogoutScope = 'global' | 'local' | 'others';

export function revokeSessions(db: Db, session: SessionRow, scope: LogoutScope): void {
  if (scope === 'local') db.prepare('DELETE FROM auth_sessions WHERE id = ?').run(session.id);
  else if (scope === 'others') db.prepare('DELETE FROM auth_sessions WHERE user_id = ? AND id != ?').run(session.user_id, session.id);
  else db.prepare('DELETE FROM auth_sessions WHERE user_id = ?').run(session.user_id);
}

/** GoTrue's session JSON (internal/tokens/service.go AccessTokenResponse) with a freshly signed access token. */
export async function sessionResponse(db: Db, key: EcPrivateJwk, issuer: string, session: SessionRow, refreshToken: string) {
  const user = findUserById(db, session.user_id);
  if (!user) throw userNotFound();
  if (!findSession(db, session.id)) throw sessionNotFound();
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_S;
  const accessToken = await signAccessToken(key, {
    iss: issuer,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat,
    email: user.email,
    phone: '',
    app_metadata: JSON.parse(user.app_metadata) as Record<string, unknown>,
    user_metadata: JSON.parse(user.user_metadata) as Record<string, unknown>,
    role: 'authenticated',
    aal: session.aal,
    amr: JSON.parse(session.amr) as AmrEntry[],
    session_id: session.id,
    is_anonymous: false,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userModel(db, user),
    weak_password: null,
  };
}
