// Staff identity through Supabase Auth. supabase-js is imported on demand, so only staff routes ever download it;
// one client per deployment.
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { RuntimeConfig } from './runtime-config';

export type StaffAuthConfig = Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>;
export type StaffSession = { session: Session; offline: boolean };

const clients = new Map<string, Promise<SupabaseClient>>();

/** Where supabase-js keeps the session (its own default key, set explicitly so sign-out can always reach it). */
export const staffStorageKey = (config: StaffAuthConfig) => `sb-${new URL(config.supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** The Supabase client of this deployment, made once (SPEC.md section 4: PKCE, auto refresh, persisted session). */
export function loadSupabase(config: StaffAuthConfig): Promise<SupabaseClient> {
  const key = `${config.supabaseUrl}\n${config.supabaseAnonKey}`;
  let client = clients.get(key);
  if (!client) {
    client = import('@supabase/supabase-js').then(({ createClient }) =>
      createClient(config.supabaseUrl, config.supabaseAnonKey, {
        auth: {
          flowType: 'pkce',
          autoRefreshToken: true,
          persistSession: true,
          detectSessionInUrl: true,
          storageKey: staffStorageKey(config),
        },
      }),
    );
    // A chunk that failed to load (first visit offline) is tried again next time.
    client.catch(() => clients.delete(key));
    clients.set(key, client);
  }
  return client;
}

type Claims = { app_metadata?: { role?: unknown }; aal?: unknown };

function claimsOf(token: string): Claims {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0)))) as Claims;
  } catch {
    return {};
  }
}

/** True for a session whose token says role staff, and that passed the second factor when the account has one. */
export function isStaffSession(session: Session | null | undefined): boolean {
  if (!session?.access_token) return false;
  const claims = claimsOf(session.access_token);
  if (claims.app_metadata?.role !== 'staff') return false;
  const hasFactor = session.user?.factors?.some((f) => f.status === 'verified') ?? false;
  return !hasFactor || claims.aal === 'aal2';
}

/** True when the session belongs to a user without role staff (to be refused, not sent to the second factor). */
export const isNonStaffSession = (session: Session | null | undefined) =>
  Boolean(session?.access_token) && claimsOf(session!.access_token).app_metadata?.role !== 'staff';

function storedSession(config: StaffAuthConfig): Session | null {
  try {
    return JSON.parse(localStorage.getItem(staffStorageKey(config)) ?? 'null') as Session | null;
  } catch {
    return null;
  }
}

/**
 * The staff session stored on this device, read straight from localStorage (no supabase-js, no network), when its
 * token says staff. Not a check: a staff screen opens from it at once, while getStaffSession confirms it alongside.
 */
export function storedStaffSession(config: StaffAuthConfig): Session | null {
  const stored = storedSession(config);
  return stored && isStaffSession(stored) ? stored : null;
}

/**
 * The staff session of this device. Offline with an expired token, the stored session still counts (offline: true),
 * so the cached screens open; its token cannot be used until the network returns.
 */
export async function getStaffSession(config: StaffAuthConfig): Promise<StaffSession | null> {
  const sb = await loadSupabase(config);
  const { data, error } = await sb.auth.getSession();
  if (data.session) return isStaffSession(data.session) ? { session: data.session, offline: false } : null;
  if (error?.name === 'AuthRetryableFetchError') {
    const stored = storedSession(config);
    return stored && isStaffSession(stored) ? { session: stored, offline: true } : null;
  }
  return null;
}

/** The current access token of a staff session (supabase-js refreshes it), or null when there is none to use. */
export async function getStaffToken(config: StaffAuthConfig): Promise<string | null> {
  const s = await getStaffSession(config);
  return s && !s.offline ? s.session.access_token : null;
}

/**
 * Ends the staff session of this device: on the server when reachable, on this device always. Only this device's
 * session ends (scope local): the same account stays signed in at other desks, and a device made a counter does not
 * sign them out (supabase-js's default, global, would end them all). A session the server has already ended (401, 403,
 * 404) is simply removed here (SPEC.md section 8).
 */
export async function signOutStaff(config: StaffAuthConfig): Promise<void> {
  let ended = false;
  try {
    const { error } = await (await loadSupabase(config)).auth.signOut({ scope: 'local' });
    if (error) console.warn('Sign-out could not reach the server; the session ends on this device.', error);
    ended = !error;
  } catch (err) {
    console.warn('Sign-out could not run; the session ends on this device.', err);
  }
  if (!ended) for (const suffix of ['', '-code-verifier', '-user']) localStorage.removeItem(staffStorageKey(config) + suffix);
}

/**
 * Whether the server still holds this device's stored session: false when it answers that the session has ended
 * (signed out elsewhere, revoked), true when it confirms it or cannot be reached (offline, the stored session counts).
 */
export async function staffSessionLives(config: StaffAuthConfig): Promise<boolean> {
  const { error } = await (await loadSupabase(config)).auth.getUser();
  return !error || error.name === 'AuthRetryableFetchError';
}
