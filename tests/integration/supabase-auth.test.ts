// Staff sign-in through the unmodified supabase-js against server/auth (the GoTrue subset at /auth/v1), plus the
// staff bootstrap at start and `npm run staff`.
import { createHmac, randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { createStaffUser, removeUser, signAccessToken } from '../../server/auth';
import { totpAt } from '../../server/auth/totp';
import { generateSigningKey } from '../../server/secrets';
import { startTestServer, type TestServer } from '../helpers/server';
import { staffClient } from '../helpers/staff';
import { serverForSuite } from '../helpers/suite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STAFF = { email: 'manager@example.com', password: 'Sapphire-Ring-2026' };

async function signedIn(server: TestServer, creds = STAFF, log?: string[]) {
  const sb = staffClient(server, log);
  const { data, error } = await sb.auth.signInWithPassword(creds);
  if (error) throw error;
  return { sb, session: data.session! };
}

const decode = (jwt: string) => ({
  header: JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as Record<string, unknown>,
  payload: JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>,
});

/** RFC 6238 TOTP written apart from the server's: base32 secret, SHA-1, 30 s steps, 6 digits. */
function totp(secret: string, ms = Date.now()): string {
  const bits = [...secret.replace(/=+$/, '')]
    .map((ch) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(ch).toString(2).padStart(5, '0'))
    .join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  return String((mac.readUInt32BE(mac[19]! & 15) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

describe('staff sign-in with supabase-js', () => {
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });

  it('signs in with email and password and gets GoTrue’s session and claims', async () => {
    const { sb, session } = await signedIn(server);
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.refresh_token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(session.user.email).toBe(STAFF.email);
    expect(session.user.app_metadata).toEqual({ provider: 'email', providers: ['email'], role: 'staff' });

    const { header, payload } = decode(session.access_token);
    expect(header).toEqual({ alg: 'ES256', kid: server.secrets.authSigningKey.kid, typ: 'JWT' });
    expect(Object.keys(payload)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(payload).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: session.user.id,
      aud: 'authenticated',
      email: STAFF.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { role: 'staff' },
    });
    expect(payload.exp).toBe((payload.iat as number) + 3600);
    expect(session.expires_at).toBe(payload.exp);
    expect(payload.amr).toEqual([{ method: 'password', timestamp: payload.iat }]);

    const { data, error } = await sb.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(session.user.id);
    expect(data.user?.email).toBe(STAFF.email);
  });

  it('refuses a wrong password and an unknown email with invalid_credentials', async () => {
    for (const creds of [
      { ...STAFF, password: 'not-the-password' },
      { email: 'nobody@example.com', password: STAFF.password },
    ]) {
      const { data, error } = await staffClient(server).auth.signInWithPassword(creds);
      expect(data.session).toBeNull();
      expect(error?.name).toBe('AuthApiError');
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('rotates refresh tokens and revokes the session when a used one comes back', async () => {
    const { sb, session } = await signedIn(server);
    const { data: refreshed, error } = await sb.auth.refreshSession();
    expect(error).toBeNull();
    const next = refreshed.session!;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    expect(next.access_token).not.toBe(session.access_token);
    expect(decode(next.access_token).payload.session_id).toBe(decode(session.access_token).payload.session_id);
    expect((await sb.auth.getUser(next.access_token)).error).toBeNull();

    // The first refresh token again: someone holds a copy of it, so the whole session ends.
    const thief = staffClient(server);
    const reuse = await thief.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    const after = await staffClient(server).auth.refreshSession({ refresh_token: next.refresh_token });
    expect(after.error?.code).toBe('refresh_token_not_found');
    const user = await staffClient(server).auth.getUser(next.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('signs out: the old access token is refused by /user afterwards', async () => {
    const { sb, session } = await signedIn(server);
    expect((await sb.auth.signOut()).error).toBeNull();
    expect((await sb.auth.getSession()).data.session).toBeNull();
    const { data, error } = await staffClient(server).auth.getUser(session.access_token);
    expect(data.user).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
    const refresh = await staffClient(server).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });

  it('signs out the other sessions only with scope others, and everything with global', async () => {
    const a = await signedIn(server);
    const b = await signedIn(server);
    const c = await signedIn(server);
    expect((await a.sb.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.sb.auth.getUser()).error).toBeNull();
    expect((await b.sb.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await c.sb.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    const d = await signedIn(server);
    await a.sb.auth.signOut({ scope: 'global' });
    expect((await d.sb.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('verifies getClaims locally with the JWKS, without calling /user', async () => {
    const log: string[] = [];
    const { sb, session } = await signedIn(server, STAFF, log);
    log.length = 0;
    const first = await sb.auth.getClaims();
    expect(first.error).toBeNull();
    expect(first.data?.claims.sub).toBe(session.user.id);
    expect(first.data?.claims.app_metadata?.role).toBe('staff');
    expect(log).toEqual(['GET /auth/v1/.well-known/jwks.json']);
    log.length = 0;
    expect((await sb.auth.getClaims()).error).toBeNull();
    expect(log).toEqual([]); // the key set is cached for 10 minutes

    const [h, p, s] = session.access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decode(session.access_token).payload, app_metadata: { role: 'owner' } })).toString(
      'base64url',
    );
    const tampered = await sb.auth.getClaims(`${h}.${forged}.${s}`);
    expect(tampered.error?.message).toMatch(/Invalid JWT signature/);
    expect(p).toBeTruthy();
  });

  it('publishes the ES256 public key with its kid and a 10 minute cache, without needing the apikey', async () => {
    const res = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    const k = server.secrets.authSigningKey;
    expect(keys).toEqual([{ kty: 'EC', crv: 'P-256', x: k.x, y: k.y, kid: k.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }]);

    // As a server-side verifier (the staff functions) uses it: jose with the remote key set.
    const { session } = await signedIn(server);
    const jwks = createRemoteJWKSet(new URL(`${server.url}/auth/v1/.well-known/jwks.json`));
    const { payload } = await jwtVerify(session.access_token, jwks, { audience: 'authenticated', algorithms: ['ES256'] });
    expect(payload.app_metadata).toMatchObject({ role: 'staff' });
  });

  it('refuses the tokens of a removed user', async () => {
    await createStaffUser(server.db, 'leaver@example.com', 'Leaving-2026!', { staff: true });
    const { sb, session } = await signedIn(server, { email: 'leaver@example.com', password: 'Leaving-2026!' });
    expect(removeUser(server.db, 'leaver@example.com')).toBe(true);
    const { error } = await sb.auth.getUser();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('user_not_found');
    expect((await staffClient(server).auth.refreshSession({ refresh_token: session.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
  });
});

describe('TOTP second factor', () => {
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  const MFA = { email: 'mfa@example.com', password: 'Two-Factors-2026' };
  beforeAll(() => createStaffUser(server.db, MFA.email, MFA.password, { staff: true }));

  it('enrolls, challenges and verifies a TOTP factor up to aal2; later sign-ins start at aal1 with aal2 next', async () => {
    const { sb } = await signedIn(server, MFA);
    const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Counter phone' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Counter phone');
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/Warranty%20Registration:mfa%40example\.com\?/);
    const params = Object.fromEntries(new URL(factor.totp.uri).searchParams);
    expect(params).toEqual({ secret: factor.totp.secret, issuer: 'Warranty Registration', algorithm: 'SHA1', digits: '6', period: '30' });
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);

    const before = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const challenge = await sb.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.type).toBe('totp');
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);

    const valid = new Set([-30_000, 0, 30_000].map((d) => totp(factor.totp.secret, Date.now() + d)));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!;
    const refused = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code: wrong });
    expect(refused.error?.status).toBe(422);
    expect(refused.error?.code).toBe('mfa_verification_failed');

    const code = totp(factor.totp.secret);
    const verified = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: challenge.data!.id, code });
    expect(verified.error).toBeNull();
    expect(decode(verified.data!.access_token).payload.aal).toBe('aal2');
    const aal = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    expect(aal.data?.nextLevel).toBe('aal2');
    expect(aal.data?.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toEqual(['totp', 'password']);
    const factors = await sb.auth.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    // The code that was just accepted cannot be replayed.
    const again = await sb.auth.mfa.challenge({ factorId: factor.id });
    const replay = await sb.auth.mfa.verify({ factorId: factor.id, challengeId: again.data!.id, code });
    expect(replay.error?.code).toBe('mfa_verification_failed');

    // A new sign-in is aal1 with aal2 as the next level; the next step’s code raises it.
    const other = await signedIn(server, MFA);
    const level = await other.sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const second = await other.sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(second.error?.status).toBe(403);
    expect(second.error?.code).toBe('insufficient_aal');
    const unenrollAal1 = await other.sb.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrollAal1.error?.code).toBe('insufficient_aal');
    const up = await other.sb.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp(factor.totp.secret, Date.now() + 30_000) });
    expect(up.error).toBeNull();
    expect((await other.sb.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');

    // Refreshing keeps aal2; unenrolling at aal2 removes the factor.
    const refreshed = await other.sb.auth.refreshSession();
    expect(decode(refreshed.data.session!.access_token).payload.aal).toBe('aal2');
    const removed = await other.sb.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    expect((await other.sb.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('computes RFC 6238 test vectors (SHA-1)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // the RFC's key, 12345678901234567890, in base32
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [t, code] of vectors) expect(totpAt(secret, t * 1000, 8)).toBe(code);
  });
});

describe('sign-in rate limit', () => {
  const server = serverForSuite({
    staffEmail: STAFF.email,
    staffPassword: STAFF.password,
    rateLimits: { emailTokenPerEmail: 10, emailTokenPerIp: 100, sessionPerIpUser: 10, sessionPerUser: 20 },
  });

  it('answers the 11th failed sign-in in 15 minutes with 429, even with the right password', async () => {
    const sb = staffClient(server);
    for (let i = 0; i < 10; i++) {
      const { error } = await sb.auth.signInWithPassword({ ...STAFF, password: `wrong-${i}-password` });
      expect(error?.code).toBe('invalid_credentials');
    }
    const { error } = await sb.auth.signInWithPassword(STAFF);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    const res = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.secrets.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is per IP and email: another address is still answered normally.
    expect((await sb.auth.signInWithPassword({ email: 'other@example.com', password: 'whatever-it-is' })).error?.code).toBe(
      'invalid_credentials',
    );
  });
});

type Case = { name: string; method?: string; path: string; headers?: Record<string, string>; body?: string; status: number; code?: string };

describe('bad input to /auth/v1 gets a 4xx in GoTrue’s shape, never a 500', () => {
  const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
  let token: string;
  let userId: string;
  beforeAll(async () => {
    const { session } = await signedIn(server);
    token = session.access_token;
    userId = session.user.id;
  });

  const cases = async (): Promise<Case[]> => {
    const A = { apikey: server.secrets.anonKey };
    const J = { ...A, 'Content-Type': 'application/json' };
    const U = { ...J, Authorization: `Bearer ${token}` };
    const PW = '/token?grant_type=password';
    const key = server.secrets.authSigningKey;
    const now = Math.floor(Date.now() / 1000);
    const foreignKey = { ...generateSigningKey(), kid: key.kid };
    const bearer = (t: string) => ({ ...A, Authorization: `Bearer ${t}` });
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const id = randomUUID();
    return [
      { name: 'no apikey', path: '/user', headers: { Authorization: `Bearer ${token}` }, status: 401, code: 'no_api_key' },
      {
        name: 'wrong apikey',
        path: '/user',
        headers: { apikey: 'sb_publishable_wrong', Authorization: `Bearer ${token}` },
        status: 401,
        code: 'invalid_api_key',
      },
      { name: 'no grant_type', method: 'POST', path: '/token', headers: J, body: '{}', status: 400, code: 'unsupported_grant_type' },
      {
        name: 'unsupported grant_type',
        method: 'POST',
        path: '/token?grant_type=pkce',
        headers: J,
        body: '{}',
        status: 400,
        code: 'unsupported_grant_type',
      },
      { name: 'malformed JSON', method: 'POST', path: PW, headers: J, body: '{"email":', status: 400, code: 'bad_json' },
      { name: 'JSON array body', method: 'POST', path: PW, headers: J, body: '[]', status: 400, code: 'bad_json' },
      { name: 'JSON null body', method: 'POST', path: PW, headers: J, body: 'null', status: 400, code: 'bad_json' },
      { name: 'JSON string body', method: 'POST', path: PW, headers: J, body: '"x"', status: 400, code: 'bad_json' },
      { name: 'empty body', method: 'POST', path: PW, headers: J, status: 400, code: 'validation_failed' },
      {
        name: 'email of the wrong type',
        method: 'POST',
        path: PW,
        headers: J,
        body: '{"email":42,"password":"x"}',
        status: 400,
        code: 'validation_failed',
      },
      {
        name: 'password of the wrong type',
        method: 'POST',
        path: PW,
        headers: J,
        body: `{"email":"${STAFF.email}","password":{}}`,
        status: 400,
        code: 'validation_failed',
      },
      {
        name: 'missing password',
        method: 'POST',
        path: PW,
        headers: J,
        body: `{"email":"${STAFF.email}"}`,
        status: 400,
        code: 'validation_failed',
      },
      {
        name: 'email that is not an email',
        method: 'POST',
        path: PW,
        headers: J,
        body: '{"email":"no-at-sign","password":"x"}',
        status: 400,
        code: 'validation_failed',
      },
      {
        name: 'email far too long',
        method: 'POST',
        path: PW,
        headers: J,
        body: JSON.stringify({ email: `${'a'.repeat(300)}@b.co`, password: 'x' }),
        status: 400,
      },
      {
        name: 'password far too long',
        method: 'POST',
        path: PW,
        headers: J,
        body: JSON.stringify({ email: STAFF.email, password: 'x'.repeat(5000) }),
        status: 400,
      },
      {
        name: 'phone sign-in',
        method: 'POST',
        path: PW,
        headers: J,
        body: '{"phone":"+15555550100","password":"x"}',
        status: 400,
        code: 'validation_failed',
      },
      {
        name: 'body over 1 MB',
        method: 'POST',
        path: PW,
        headers: J,
        body: JSON.stringify({ email: STAFF.email, password: 'x'.repeat(1_100_000) }),
        status: 413,
      },
      {
        name: 'refresh_token of the wrong type',
        method: 'POST',
        path: '/token?grant_type=refresh_token',
        headers: J,
        body: '{"refresh_token":[]}',
        status: 400,
      },
      {
        name: 'unknown refresh_token',
        method: 'POST',
        path: '/token?grant_type=refresh_token',
        headers: J,
        body: '{"refresh_token":"abc"}',
        status: 400,
        code: 'refresh_token_not_found',
      },
      { name: 'user without a bearer token', path: '/user', headers: A, status: 401, code: 'no_authorization' },
      { name: 'the anon key as bearer', path: '/user', headers: bearer(server.secrets.anonKey), status: 403, code: 'bad_jwt' },
      { name: 'garbage JWT', path: '/user', headers: bearer('a.b.c'), status: 403, code: 'bad_jwt' },
      {
        name: 'JWT signed by another key with the same kid',
        path: '/user',
        headers: bearer(await signAccessToken(foreignKey, { sub: userId })),
        status: 403,
        code: 'bad_jwt',
      },
      {
        name: 'unsigned JWT (alg none)',
        path: '/user',
        headers: bearer(
          `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: userId, aud: 'authenticated', exp: now + 600, session_id: id })}.`,
        ),
        status: 403,
        code: 'bad_jwt',
      },
      {
        name: 'expired JWT',
        path: '/user',
        headers: bearer(await signAccessToken(key, { sub: userId, iat: now - 7200, exp: now - 3600 })),
        status: 403,
        code: 'bad_jwt',
      },
      {
        name: 'JWT for another audience',
        path: '/user',
        headers: bearer(await signAccessToken(key, { sub: userId, aud: 'other' })),
        status: 403,
        code: 'bad_jwt',
      },
      {
        name: 'JWT whose session never existed',
        path: '/user',
        headers: bearer(await signAccessToken(key, { sub: userId })),
        status: 403,
        code: 'session_not_found',
      },
      {
        name: 'JWT of an unknown user',
        path: '/user',
        headers: bearer(await signAccessToken(key, { sub: id })),
        status: 403,
        code: 'user_not_found',
      },
      {
        name: 'unknown logout scope',
        method: 'POST',
        path: '/logout?scope=everything',
        headers: U,
        status: 400,
        code: 'validation_failed',
      },
      { name: 'logout without a token', method: 'POST', path: '/logout', headers: A, status: 401, code: 'no_authorization' },
      {
        name: 'factor of an unsupported type',
        method: 'POST',
        path: '/factors',
        headers: U,
        body: '{"factor_type":"phone"}',
        status: 400,
        code: 'validation_failed',
      },
      { name: 'factor_type of the wrong type', method: 'POST', path: '/factors', headers: U, body: '{"factor_type":5}', status: 400 },
      {
        name: 'friendly_name of the wrong type',
        method: 'POST',
        path: '/factors',
        headers: U,
        body: '{"factor_type":"totp","friendly_name":{}}',
        status: 400,
      },
      { name: 'enroll without a token', method: 'POST', path: '/factors', headers: J, body: '{"factor_type":"totp"}', status: 401 },
      {
        name: 'challenge a factor id that is not a uuid',
        method: 'POST',
        path: '/factors/not-a-uuid/challenge',
        headers: U,
        body: '{}',
        status: 404,
        code: 'mfa_factor_not_found',
      },
      {
        name: 'challenge an unknown factor',
        method: 'POST',
        path: `/factors/${id}/challenge`,
        headers: U,
        body: '{}',
        status: 404,
        code: 'mfa_factor_not_found',
      },
      {
        name: 'verify without challenge_id',
        method: 'POST',
        path: `/factors/${id}/verify`,
        headers: U,
        body: '{"code":"123456"}',
        status: 400,
      },
      {
        name: 'verify with a numeric code',
        method: 'POST',
        path: `/factors/${id}/verify`,
        headers: U,
        body: '{"challenge_id":"x","code":123456}',
        status: 400,
      },
      {
        name: 'verify an unknown factor',
        method: 'POST',
        path: `/factors/${id}/verify`,
        headers: U,
        body: '{"challenge_id":"x","code":"123456"}',
        status: 404,
      },
      {
        name: 'unenroll an unknown factor',
        method: 'DELETE',
        path: `/factors/${id}`,
        headers: U,
        status: 404,
        code: 'mfa_factor_not_found',
      },
      { name: 'unknown route', path: '/nope', headers: A, status: 404, code: 'not_found' },
      { name: 'unknown method on /token', method: 'PATCH', path: '/token', headers: J, body: '{}', status: 404 },
      { name: 'GET on /token', path: '/token?grant_type=password', headers: A, status: 404 },
    ];
  };

  it('answers every case with a 4xx and {code, error_code, message, msg}', async () => {
    const failures: string[] = [];
    for (const c of await cases()) {
      const res = await fetch(`${server.url}/auth/v1${c.path}`, { method: c.method ?? 'GET', headers: c.headers, body: c.body });
      const text = await res.text();
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        failures.push(`${c.name}: body is not JSON: ${text.slice(0, 80)}`);
        continue;
      }
      if (res.status !== c.status) failures.push(`${c.name}: status ${res.status}, expected ${c.status} (${text.slice(0, 120)})`);
      if (c.code && body.code !== c.code) failures.push(`${c.name}: code ${String(body.code)}, expected ${c.code}`);
      if (typeof body.code !== 'string' || body.error_code !== body.code) failures.push(`${c.name}: code/error_code ${text.slice(0, 80)}`);
      if (typeof body.message !== 'string' || !body.message || body.msg !== body.message)
        failures.push(`${c.name}: message/msg ${text.slice(0, 80)}`);
      if (res.headers.get('x-supabase-api-version') !== '2024-01-01') failures.push(`${c.name}: no X-Supabase-Api-Version`);
    }
    expect(failures).toEqual([]);
    // Still serving, and the session used above is intact.
    expect((await staffClient(server).auth.getUser(token)).error).toBeNull();
  });

  it("answers CORS like GoTrue (preflight 204, origin echoed, API version header exposed), for the app's origins only", async () => {
    const foreign = 'https://staff.example.com';
    const foreignPre = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: { Origin: foreign, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, content-type' },
    });
    expect(foreignPre.headers.get('access-control-allow-origin')).toBeNull();
    const foreignGet = await fetch(`${server.url}/auth/v1/user`, { headers: { Origin: foreign, apikey: server.secrets.anonKey } });
    expect(foreignGet.headers.get('access-control-allow-origin')).toBeNull();

    const origin = 'http://localhost:5173';
    const pre = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, x-client-info, x-supabase-api-version',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    const res = await fetch(`${server.url}/auth/v1/user`, { headers: { Origin: origin, apikey: server.secrets.anonKey } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });
});

describe('staff account at start', () => {
  it('creates staff@localhost with a random password on the first start only', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warranty-staff-'));
    try {
      const first = await startTestServer({}, dir);
      const created = first.createdStaff!;
      expect(created.email).toBe('staff@localhost');
      expect(created.password.length).toBeGreaterThanOrEqual(20);
      const { session } = await signedIn(first, created);
      expect(session.user.app_metadata.role).toBe('staff');
      await first.dispose();
      const second = await startTestServer({}, dir);
      expect(second.createdStaff).toBeUndefined();
      await signedIn(second, created);
      await second.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ensures STAFF_EMAIL with STAFF_PASSWORD, and takes a changed password on the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warranty-staff-'));
    try {
      const first = await startTestServer({ staffEmail: 'Owner@Example.com', staffPassword: 'first-password-1' }, dir);
      expect(first.createdStaff).toBeUndefined();
      const { session } = await signedIn(first, { email: 'owner@example.com', password: 'first-password-1' });
      await first.dispose();
      const second = await startTestServer({ staffEmail: 'owner@example.com', staffPassword: 'second-password-2' }, dir);
      expect(
        (await staffClient(second).auth.signInWithPassword({ email: 'owner@example.com', password: 'first-password-1' })).error?.code,
      ).toBe('invalid_credentials');
      await signedIn(second, { email: 'owner@example.com', password: 'second-password-2' });
      // The password change ended the sessions opened with the old one.
      expect((await staffClient(second).auth.getUser(session.access_token)).error?.name).toBe('AuthSessionMissingError');
      await second.dispose();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run staff', () => {
  const dir = mkdtempSync(join(tmpdir(), 'warranty-staff-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const staff = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir, NO_COLOR: '1' },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );

  it('adds, lists and removes staff accounts in DATA_DIR, which then sign in (or not) through the server', async () => {
    expect((await staff('list')).stdout).toContain('No accounts');
    const alice = await staff('add', 'Alice@Example.com');
    expect(alice.code).toBe(0);
    expect(alice.stdout).toContain('Added staff account alice@example.com');
    const password = /Password: (\S+)/.exec(alice.stdout)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const bob = await staff('add', 'bob@example.com', '--password', 'Bob-Password-1');
    expect(bob.code).toBe(0);
    expect(bob.stdout).not.toContain('Password:');
    const list = await staff('list');
    expect(list.stdout).toMatch(/alice@example\.com\s+staff/);
    expect(list.stdout).toMatch(/bob@example\.com\s+staff/);

    const server = await startTestServer({}, dir);
    try {
      expect(server.createdStaff).toBeUndefined();
      await signedIn(server, { email: 'alice@example.com', password });
      const b = await signedIn(server, { email: 'bob@example.com', password: 'Bob-Password-1' });
      const removed = await staff('remove', 'bob@example.com');
      expect(removed.code).toBe(0);
      expect((await b.sb.auth.getUser()).error?.code).toBe('user_not_found');
      expect((await staff('list')).stdout).not.toContain('bob@example.com');
    } finally {
      await server.dispose();
    }
  });

  it('exits 1 with the usage on bad arguments', async () => {
    for (const args of [
      [],
      ['frobnicate'],
      ['add'],
      ['add', 'a@b.co', 'c@d.co'],
      ['add', 'a@b.co', '--password'],
      ['remove'],
      ['list', 'extra'],
      ['add', 'a@b.co', '--bogus'],
    ]) {
      const r = await staff(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toContain('Usage:');
    }
    const short = await staff('add', 'c@d.co', '--password', 'short');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 8 characters');
    const bad = await staff('add', 'not-an-email');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('not a valid email address');
    const missing = await staff('remove', 'nobody@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No account with the email nobody@example.com');
  });
});
