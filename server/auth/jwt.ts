// ES256 access tokens with a kid (so supabase-js getClaims verifies them locally) and the JWKS.
import { randomUUID } from 'node:crypto';
import { importJWK, jwtVerify, SignJWT, errors as joseErrors, type CryptoKey } from 'jose';
import type { EcPrivateJwk } from '../secrets';
import { badJwt } from './errors';

export const ACCESS_TOKEN_TTL_S = 3600;

export type AmrEntry = { method: string; timestamp: number };

/** The claims GoTrue puts in an access token, in its order (supabase/auth internal/tokens/service.go). */
export type AccessTokenClaims = {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  session_id: string;
  is_anonymous: boolean;
};

/** The public half of the signing key, as GoTrue publishes it at /.well-known/jwks.json. */
export function publicJwk(key: EcPrivateJwk) {
  return { kty: key.kty, crv: key.crv, x: key.x, y: key.y, kid: key.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
}

const privateKeys = new WeakMap<EcPrivateJwk, Promise<CryptoKey>>();
const publicKeys = new WeakMap<EcPrivateJwk, Promise<CryptoKey>>();

function privateKeyOf(key: EcPrivateJwk) {
  let k = privateKeys.get(key);
  if (!k)
    privateKeys.set(key, (k = importJWK({ kty: key.kty, crv: key.crv, x: key.x, y: key.y, d: key.d }, 'ES256') as Promise<CryptoKey>));
  return k;
}

function publicKeyOf(key: EcPrivateJwk) {
  let k = publicKeys.get(key);
  if (!k) publicKeys.set(key, (k = importJWK({ kty: key.kty, crv: key.crv, x: key.x, y: key.y }, 'ES256') as Promise<CryptoKey>));
  return k;
}

/**
 * Signs an access token. Every claim has a GoTrue-like default (an aal1 password sign-in valid for an hour), so
 * tests can mint tokens for their auth-case tables: `signAccessToken(secrets.authSigningKey, { sub, exp: past })`.
 */
export async function signAccessToken(key: EcPrivateJwk, claims: Partial<AccessTokenClaims> & { sub: string }): Promise<string> {
  const iat = claims.iat ?? Math.floor(Date.now() / 1000);
  const full: AccessTokenClaims = {
    iss: claims.iss ?? 'http://localhost/auth/v1',
    sub: claims.sub,
    aud: claims.aud ?? 'authenticated',
    exp: claims.exp ?? iat + ACCESS_TOKEN_TTL_S,
    iat,
    email: claims.email ?? '',
    phone: claims.phone ?? '',
    app_metadata: claims.app_metadata ?? { provider: 'email', providers: ['email'] },
    user_metadata: claims.user_metadata ?? {},
    role: claims.role ?? 'authenticated',
    aal: claims.aal ?? 'aal1',
    amr: claims.amr ?? [{ method: 'password', timestamp: iat }],
    session_id: claims.session_id ?? randomUUID(),
    is_anonymous: claims.is_anonymous ?? false,
  };
  return new SignJWT(full).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' }).sign(await privateKeyOf(key));
}

/** Verifies signature (ES256, this key only), expiry and audience; any failure is GoTrue's 403 bad_jwt. */
export async function verifyAccessToken(key: EcPrivateJwk, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, await publicKeyOf(key), { algorithms: ['ES256'], audience: 'authenticated' });
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') throw badJwt('token is missing sub or session_id');
    return payload as unknown as AccessTokenClaims;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw badJwt('token has invalid claims: token is expired');
    if (err instanceof joseErrors.JWTClaimValidationFailed) throw badJwt(`token has invalid claims: ${err.message}`);
    if (err instanceof joseErrors.JOSEError) throw badJwt(err.message);
    throw err;
  }
}
