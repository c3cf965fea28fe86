// Staff-only screens. With a staff session stored on this device the screen opens at once (its data is this device's
// copy), while the session is confirmed alongside through supabase-js; otherwise "Loading..." until it is. Without a
// staff session the person is sent to /login/staff?next=<this path>, and a sign-out elsewhere (another tab, a revoked
// token) closes the screen. The session is offered to the screen through useStaffSession().
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { getStaffSession, loadSupabase, storedStaffSession, type StaffSession } from '@/lib/staff-session';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { signInPath, type Navigate } from './navigation';
import './staff.css';

export const StaffSessionContext = createContext<StaffSession | null>(null);

/** The staff session of the screen inside RequireStaff. */
export function useStaffSession(): StaffSession {
  const s = useContext(StaffSessionContext);
  if (!s) throw new Error('useStaffSession outside RequireStaff');
  return s;
}

export function RequireStaff({ config, navigate, children }: { config: RuntimeConfig; navigate: Navigate; children: ReactNode }) {
  const [session, setSession] = useState<StaffSession | null>(() => {
    const stored = storedStaffSession(config);
    return stored && { session: stored, offline: false };
  });
  const nav = useRef(navigate);
  nav.current = navigate;

  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    const here = window.location.pathname + window.location.search;
    const leave = () => live && nav.current(signInPath(here), { replace: true });
    getStaffSession(config).then(
      (s) => (s ? live && setSession(s) : leave()),
      (err: unknown) => {
        console.error(err);
        leave();
      },
    );
    // Signed out elsewhere (another tab, the token revoked): this screen closes.
    void loadSupabase(config).then(
      (sb) => {
        const { data } = sb.auth.onAuthStateChange((event) => {
          if (event === 'SIGNED_OUT') leave();
        });
        if (live) unsubscribe = () => data.subscription.unsubscribe();
        else data.subscription.unsubscribe();
      },
      () => undefined,
    );
    return () => {
      live = false;
      unsubscribe();
    };
  }, [config]);

  if (!session) return <p className="loading">Loading...</p>;
  return <StaffSessionContext.Provider value={session}>{children}</StaffSessionContext.Provider>;
}
