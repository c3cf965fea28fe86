// Every staff call carries `Authorization: Bearer <access token>` from Supabase Auth. The token is verified against
// the project's JWKS (cached 10 minutes), must hold role staff in app_metadata, and its session must still exist.
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { HttpError } from './http';
import { env, requiredEnv } from './env';

export type StaffIdentity = { userId: string; email: string };

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function keySet(supabaseUrl: string) {
  let ks = keySets.get(supabaseUrl);
  if (!ks) {
    ks = createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`), {
      cacheMaxAge: 600_000,
      cooldownDuration: 30_000,
      timeoutDuration: 5_000,
    });
    keySets.set(supabaseUrl, ks);
  }
  return ks;
}

const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);

/** The staff member making this request, or 401 (no or bad token) / 403 (signed in, not staff). */
export async function requireStaff(req: Request): Promise<StaffIdentity> {
  const header = req.headers.get('authorization') ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m) throw unauthorized('Sign in as staff to continue.');
  const base = requiredEnv('SUPABASE_URL').replace(/\/+$/, '');
  let payload: JWTPayload & { app_metadata?: { role?: unknown }; email?: unknown };
  try {
    ({ payload } = await jwtVerify(m[1]!, keySet(base), { audience: 'authenticated', algorithms: ['ES256', 'RS256'] }));
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw unauthorized('Your staff session has expired. Please sign in again.');
    if (code === 'ERR_JOSE_GENERIC' || code === 'ERR_JWKS_TIMEOUT' || (err instanceof TypeError && /fetch/i.test(err.message)))
      throw new HttpError(503, 'auth_unavailable', 'Staff sign-in cannot be checked right now. Please try again.');
    throw unauthorized('Your staff session is not valid. Please sign in again.');
  }
  if (payload.app_metadata?.role !== 'staff') throw new HttpError(403, 'forbidden', 'This account is not a staff account.');
  // A signature proves who signed in, not that they still may: every token's session is confirmed with Auth (the
  // answer kept at most STAFF_SESSION_CHECK_SECONDS, default 60), so signing out or removal takes effect within a
  // minute. A password-only (aal1) token is enough only for staff without a second factor.
  const session = await confirmedSession(base, m[1]!);
  if (payload.aal !== 'aal2' && session.hasVerifiedFactor)
    throw new HttpError(403, 'mfa_required', 'Confirm your sign-in with your authenticator code.');
  return { userId: String(payload.sub ?? ''), email: typeof payload.email === 'string' ? payload.email : '' };
}

const confirmed = new Map<string, { hasVerifiedFactor: boolean; until: number }>();
const CACHE_MAX = 1000;

function cacheSeconds(): number {
  const s = Number(env('STAFF_SESSION_CHECK_SECONDS') ?? 60);
  return Number.isFinite(s) && s >= 0 ? Math.min(s, 60) : 60;
}

async function confirmedSession(base: string, token: string): Promise<{ hasVerifiedFactor: boolean }> {
  const now = Date.now();
  const cached = confirmed.get(token);
  if (cached && cached.until > now) return cached;
  let res: Response;
  try {
    res = await fetch(`${base}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${token}`, apikey: requiredEnv('SUPABASE_ANON_KEY') },
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    throw new HttpError(503, 'auth_unavailable', 'Staff sign-in cannot be checked right now. Please try again.');
  }
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    confirmed.delete(token);
    throw unauthorized('Your staff session has ended. Please sign in again.');
  }
  if (!res.ok) throw new HttpError(503, 'auth_unavailable', 'Staff sign-in cannot be checked right now. Please try again.');
  const user = (await res.json()) as { factors?: { status?: string }[] };
  const answer = { hasVerifiedFactor: (user.factors ?? []).some((f) => f.status === 'verified'), until: now + cacheSeconds() * 1000 };
  if (confirmed.size >= CACHE_MAX) confirmed.delete(confirmed.keys().next().value!);
  confirmed.set(token, answer);
  return answer;
}
