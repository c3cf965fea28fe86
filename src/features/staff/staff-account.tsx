// The account screen of SPEC.md: asks Supabase Auth for the user; Loading...,
// then /login without one, else "Welcome!", the name, "Email:" and Logout (which also clears the staff cache).
import { useEffect, useRef, useState } from 'react';
import { appDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { loadSupabase } from '@/lib/staff-session';
import { signOutAndForget } from './sign-out';
import { displayName } from './display-name';
import type { Navigate } from './navigation';
import { StaffLink } from './staff-layout';
import './staff.css';

export function StaffAccount({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const [user, setUser] = useState<{ email?: string } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const nav = useRef(navigate);
  nav.current = navigate;

  useEffect(() => {
    let live = true;
    loadSupabase(config)
      .then((sb) => sb.auth.getUser())
      .then(
        ({ data }) => {
          if (!live) return;
          if (data.user) setUser({ email: data.user.email });
          else nav.current('/login', { replace: true });
        },
        (err: unknown) => {
          console.error(err);
          if (live) nav.current('/login', { replace: true });
        },
      );
    return () => {
      live = false;
    };
  }, [config]);

  if (!user) return <p className="loading">Loading...</p>;

  const logout = async () => {
    setLeaving(true);
    await signOutAndForget(config, appDb());
    navigate('/login');
  };

  return (
    <div className="staff staff-auth">
      <main className="staff-auth__panel staff-account">
        <StaffLink to="/home" navigate={navigate} className="staff-back">
          Staff home
        </StaffLink>
        <h1 className="staff-auth__title">Welcome!</h1>
        <p className="staff-account__name">{displayName(user.email)}</p>
        <p className="staff-account__email">
          <span className="staff-label">Email:</span> {user.email}
        </p>
        <button
          type="button"
          className="staff-button staff-button--primary staff-button--wide"
          onClick={() => void logout()}
          disabled={leaving}
        >
          Logout
        </button>
      </main>
    </div>
  );
}
