// Which sessions count as staff, and one Supabase client per deployment.
import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import ws from 'ws';
import { isNonStaffSession, isStaffSession, loadSupabase, staffStorageKey } from '@/lib/staff-session';

const token = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
const session = (claims: object, factors: { status: 'verified' | 'unverified' }[] = []) =>
  ({ access_token: token(claims), user: { app_metadata: {}, factors } }) as unknown as Session;
const staff = { app_metadata: { role: 'staff' }, aal: 'aal1' };

describe('isStaffSession', () => {
  it('accepts a staff token without a second factor', () => {
    expect(isStaffSession(session(staff))).toBe(true);
    expect(isStaffSession(session(staff, [{ status: 'unverified' }]))).toBe(true);
  });

  it('refuses a staff token that has not passed its verified second factor yet', () => {
    expect(isStaffSession(session(staff, [{ status: 'verified' }]))).toBe(false);
    expect(isStaffSession(session({ ...staff, aal: 'aal2' }, [{ status: 'verified' }]))).toBe(true);
  });

  it('refuses no session, a garbled token and an account without role staff', () => {
    expect(isStaffSession(null)).toBe(false);
    expect(isStaffSession({ access_token: 'garbage' } as Session)).toBe(false);
    expect(isStaffSession(session({ app_metadata: { role: 'customer' }, aal: 'aal2' }))).toBe(false);
    expect(isNonStaffSession(session({ app_metadata: {} }))).toBe(true);
    expect(isNonStaffSession(session(staff))).toBe(false);
  });
});

describe('loadSupabase', () => {
  // Node 20 has no WebSocket; supabase-js makes its realtime client when it is created.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= ws;

  it('makes one client per deployment, keeping the session under supabase-js’s usual key', async () => {
    const a = { supabaseUrl: 'http://127.0.0.1:8888', supabaseAnonKey: 'anon-a' };
    const [x, y] = await Promise.all([loadSupabase(a), loadSupabase({ ...a })]);
    expect(x).toBe(y);
    expect(await loadSupabase({ ...a, supabaseAnonKey: 'anon-b' })).not.toBe(x);
    expect(staffStorageKey({ ...a, supabaseUrl: 'https://abcd.supabase.co' })).toBe('sb-abcd-auth-token');
  });
});
