// Staff access tokens the real way (supabase-js password sign-in against server/), and
// forged ones for auth-case tables.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { createStaffUser, signAccessToken, totpAt } from '../../server/auth';
import { generateSigningKey } from '../../server/secrets';
import type { ServerConfig } from '../../server/config';
import { STAFF } from './fixtures';
import { startTestServer, type TestServer } from './server';

/** supabase-js as the staff screens use it, in Node (no stored session, no refresh); `log` records "METHOD /path" of every request. */
export function staffClient(server: TestServer, log?: string[]): SupabaseClient {
  const fetcher: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    log?.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    return fetch(input, init);
  };
  return createClient(server.url, server.secrets.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
    global: { fetch: fetcher },
  });
}

export async function signIn(server: TestServer, email: string, password: string): Promise<string> {
  const { data, error } = await staffClient(server).auth.signInWithPassword({ email, password });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session.access_token;
}

/** Enrols a TOTP second factor for `who` (signed in and out again for it); returns the factor's secret. */
export async function enrollTotp(server: TestServer, who: { email: string; password: string }): Promise<string> {
  const sb = staffClient(server);
  const signed = await sb.auth.signInWithPassword(who);
  if (signed.error) throw signed.error;
  const enrolled = await sb.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Desk phone' });
  if (enrolled.error) throw enrolled.error;
  const { id, totp } = enrolled.data;
  const verified = await sb.auth.mfa.challengeAndVerify({ factorId: id, code: totpAt(totp.secret) });
  if (verified.error) throw verified.error;
  await sb.auth.signOut();
  return totp.secret;
}

/** A server with the staff account STAFF, and STAFF signed in: their access token. */
export async function startWithStaff(
  overrides: Partial<ServerConfig> = {},
  dataDir?: string,
): Promise<{ server: TestServer; token: string }> {
  const server = await startTestServer({ staffEmail: STAFF.email, staffPassword: STAFF.password, ...overrides }, dataDir);
  return { server, token: await signIn(server, STAFF.email, STAFF.password) };
}

/** Bearer tokens for every auth case the staff functions must tell apart. */
export async function authCases(server: TestServer) {
  await createStaffUser(server.db, 'customer.service@maison.example', 'not staff at all 123', { staff: false });
  const staff = await signIn(server, STAFF.email, STAFF.password);
  const nonStaff = await signIn(server, 'customer.service@maison.example', 'not staff at all 123');
  const key = server.secrets.authSigningKey;
  const staffClaims = { sub: 'x', app_metadata: { provider: 'email', providers: ['email'], role: 'staff' } };
  const stranger = generateSigningKey();
  return {
    staff,
    cases: [
      { name: 'no token', header: undefined, status: 401 },
      { name: 'not a bearer token', header: 'Basic abc', status: 401 },
      { name: 'garbage', header: 'Bearer not.a.token', status: 401 },
      {
        name: 'expired',
        header: `Bearer ${await signAccessToken(key, { ...staffClaims, iat: 1_700_000_000, exp: 1_700_003_600 })}`,
        status: 401,
      },
      { name: 'wrong signature', header: `Bearer ${await signAccessToken({ ...stranger, kid: key.kid }, staffClaims)}`, status: 401 },
      { name: 'unknown key id', header: `Bearer ${await signAccessToken(stranger, staffClaims)}`, status: 401 },
      { name: 'signed in, not staff', header: `Bearer ${nonStaff}`, status: 403 },
    ],
  };
}

/** `n` registrations named `${name} 00`, `${name} 01`…, as the rows of a staff import; `email(i)` gives each address. */
export const importRows = (name: string, n: number, email: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => ({
    full_name: `${name} ${String(i).padStart(2, '0')}`,
    email: email(i),
    phone: `555000${String(i).padStart(4, '0')}`,
    address: `${i} Elm St, Springfield, IL`,
    product_sku: `RNG-${1000 + i}-18K`,
    selected_product: '',
  }));

/** Imports `data` through the staff function importToAppwrite with `token`; throws when it is not taken. */
export async function importAsStaff(server: TestServer, token: string, data: Record<string, string>[]): Promise<void> {
  const res = await fetch(`${server.url}/.netlify/functions/importToAppwrite`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  if (res.status !== 200) throw new Error(`importToAppwrite answered ${res.status}: ${await res.text()}`);
}
