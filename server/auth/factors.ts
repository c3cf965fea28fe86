// TOTP second factors: enroll (QR as SVG), challenge, verify (session -> aal2), unenroll.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import QRCode from 'qrcode';
import { hit, resetLimit } from '../net/rate-limit';
import { AuthError, insufficientAal, validationFailed } from './errors';
import { ipOf, requireSession, type AuthDeps, type AuthEnv } from './context';
import { optionalString, readJson, requiredString, UUID } from './http';
import { sessionResponse, upgradeSession } from './sessions';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp';
import { factorsOf, isoNow, type FactorRow } from './users';

export const MAX_FACTORS = 10;
export const CHALLENGE_TTL_MS = 300_000;
export const VERIFY_LIMIT = 10;
export const VERIFY_WINDOW_MS = 15 * 60_000;

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');

export function factorRoutes(deps: AuthDeps) {
  const app = new Hono<AuthEnv>();
  const db = deps.db;
  app.use('*', requireSession(deps));

  const ownFactor = (userId: string, id: string): FactorRow => {
    if (!UUID.test(id)) throw factorNotFound();
    const f = db.prepare('SELECT * FROM auth_factors WHERE id = ? AND user_id = ?').get(id, userId) as FactorRow | undefined;
    if (!f) throw factorNotFound();
    return f;
  };

  app.post('/', async (c) => {
    const { user, session } = c.get('caller');
    const body = await readJson(c.req.raw);
    const type = requiredString(body, 'factor_type', 32);
    if (type !== 'totp') throw validationFailed(`factor_type "${type}" is not supported here; only totp is`);
    const friendlyName = (optionalString(body, 'friendly_name', 128) ?? '').trim();
    const issuer = (optionalString(body, 'issuer', 128) ?? '').trim() || deps.totpIssuer;

    const existing = factorsOf(db, user.id);
    if (existing.some((f) => f.status === 'verified') && session.aal !== 'aal2')
      throw insufficientAal('AAL2 required to enroll a new factor');
    // Abandoned enrollments are replaced rather than piling up.
    db.prepare("DELETE FROM auth_factors WHERE user_id = ? AND status = 'unverified' AND created_at < ?").run(
      user.id,
      isoNow(Date.now() - 10 * 60_000),
    );
    const current = factorsOf(db, user.id);
    if (current.length >= MAX_FACTORS)
      throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of enrolled factors reached, unenroll to continue');
    if (friendlyName && current.some((f) => f.friendly_name === friendlyName))
      throw new AuthError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      );

    const secret = newTotpSecret();
    const uri = otpauthUri(secret, issuer, user.email);
    const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    const id = randomUUID();
    const now = isoNow();
    db.prepare(
      `INSERT INTO auth_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at) VALUES (?, ?, ?, 'totp', 'unverified', ?, ?, ?)`,
    ).run(id, user.id, friendlyName, secret, now, now);
    c.header('Cache-Control', 'no-store');
    return c.json({ id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qr, secret, uri } });
  });

  app.post('/:id/challenge', async (c) => {
    const { user, session } = c.get('caller');
    await readJson(c.req.raw); // the SDK sends its params ({factorId}); nothing in them is needed for TOTP
    const factor = ownFactor(user.id, c.req.param('id'));
    const id = randomUUID();
    const expiresMs = Date.now() + CHALLENGE_TTL_MS;
    db.prepare('DELETE FROM auth_challenges WHERE expires_ms <= ?').run(Date.now());
    db.prepare('INSERT INTO auth_challenges (id, factor_id, session_id, ip, expires_ms, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      factor.id,
      session.id,
      ipOf(c, deps),
      expiresMs,
      isoNow(),
    );
    return c.json({ id, type: 'totp', expires_at: Math.floor(expiresMs / 1000) });
  });

  app.post('/:id/verify', async (c) => {
    const { user, session } = c.get('caller');
    const body = await readJson(c.req.raw);
    const challengeId = requiredString(body, 'challenge_id', 64);
    const code = requiredString(body, 'code', 64).trim();
    const factor = ownFactor(user.id, c.req.param('id'));
    const challenge = db.prepare('SELECT * FROM auth_challenges WHERE id = ? AND factor_id = ?').get(challengeId, factor.id) as
      { id: string; session_id: string; expires_ms: number } | undefined;
    if (!challenge || challenge.session_id !== session.id)
      throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (challenge.expires_ms <= Date.now()) {
      db.prepare('DELETE FROM auth_challenges WHERE id = ?').run(challenge.id);
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    const limitKey = `auth/mfa:${factor.id}`;
    if (deps.rateLimits) hit(db, limitKey, VERIFY_LIMIT, VERIFY_WINDOW_MS);
    const step = verifyTotp(factor.secret, code, factor.last_step);
    if (step === null) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    if (deps.rateLimits) resetLimit(db, limitKey);

    const now = isoNow();
    db.transaction(() => {
      db.prepare("UPDATE auth_factors SET status = 'verified', last_step = ?, updated_at = ? WHERE id = ?").run(step, now, factor.id);
      db.prepare('DELETE FROM auth_challenges WHERE id = ?').run(challenge.id);
      // A first verification turns MFA on: sessions that never passed it are signed out (as GoTrue does).
      if (factor.status !== 'verified')
        db.prepare("DELETE FROM auth_sessions WHERE user_id = ? AND id != ? AND aal = 'aal1'").run(user.id, session.id);
    })();
    const upgraded = upgradeSession(db, session, factor.id, { method: 'totp', timestamp: Math.floor(Date.now() / 1000) });
    c.header('Cache-Control', 'no-store');
    return c.json(await sessionResponse(db, deps.signingKey, deps.issuer(c), upgraded.session, upgraded.refreshToken));
  });

  app.delete('/:id', (c) => {
    const { user, session } = c.get('caller');
    const factor = ownFactor(user.id, c.req.param('id'));
    if (factor.status === 'verified' && session.aal !== 'aal2') throw insufficientAal('AAL2 required to unenroll a verified factor');
    db.transaction(() => {
      db.prepare('DELETE FROM auth_factors WHERE id = ?').run(factor.id);
      // Sessions that reached aal2 through this factor fall back to aal1.
      db.prepare("UPDATE auth_sessions SET aal = 'aal1', factor_id = NULL, updated_at = ? WHERE factor_id = ?").run(isoNow(), factor.id);
    })();
    return c.json({ id: factor.id });
  });

  return app;
}
