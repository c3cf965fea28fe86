// /login/staff. Email and password, then the 6-digit code when the account
// has a verified TOTP factor; accounts without role staff are refused and signed out. Success goes to `next`.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Session } from '@supabase/supabase-js';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { isNonStaffSession, isStaffSession, loadSupabase, signOutStaff, staffSessionLives } from '@/lib/staff-session';
import type { Navigate } from './navigation';
import { authMessage, NOT_STAFF } from './sign-in-messages';
import './staff.css';

type Stage = { name: 'checking' } | { name: 'password' } | { name: 'code'; factorId: string; email: string };

export function StaffSignIn({ config, navigate, next }: { config: RuntimeConfig; navigate: Navigate; next: string }) {
  const [stage, setStage] = useState<Stage>({ name: 'checking' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const live = useRef(true);

  /** Where a session leads: refused (not staff), the code step (second factor due), or on to `next`. */
  async function continueWith(session: Session | null) {
    const sb = await loadSupabase(config);
    if (!live.current) return;
    if (!session) return setStage({ name: 'password' });
    if (isNonStaffSession(session)) {
      await signOutStaff(config);
      setError(NOT_STAFF);
      return setStage({ name: 'password' });
    }
    if (isStaffSession(session)) return navigate(next, { replace: true });
    const factors = await sb.auth.mfa.listFactors();
    const totp = factors.data?.totp.find((f) => f.status === 'verified');
    if (!totp) {
      setError(authMessage(factors.error ?? {}));
      return setStage({ name: 'password' });
    }
    setCode('');
    setStage({ name: 'code', factorId: totp.id, email: session.user.email ?? '' });
  }

  // The stored session is looked at once per configuration, with the handler of the moment.
  const continueNow = useRef(continueWith);
  continueNow.current = continueWith;
  useEffect(() => {
    live.current = true;
    loadSupabase(config)
      .then((sb) => sb.auth.getSession())
      .then(async ({ data }) => {
        // A stored session may have been ended on the server (signed out elsewhere): it is removed here and the form
        // shows, rather than opening a staff screen that can no longer load anything.
        if (data.session && !(await staffSessionLives(config))) {
          await signOutStaff(config);
          return continueNow.current(null);
        }
        return continueNow.current(data.session);
      })
      .catch((err: unknown) => {
        console.error(err);
        if (live.current) setStage({ name: 'password' });
      });
    return () => {
      live.current = false;
    };
  }, [config]);

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await task();
    } catch (err) {
      console.error(err);
      setError(authMessage(err as object));
    } finally {
      if (live.current) setBusy(false);
    }
  }

  const signIn = (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError('Enter your email.');
    if (!password) return setError('Enter your password.');
    void run(async () => {
      const sb = await loadSupabase(config);
      const { data, error: failed } = await sb.auth.signInWithPassword({ email: email.trim(), password });
      if (failed) return setError(authMessage(failed));
      await continueWith(data.session);
    });
  };

  const verify = (e: FormEvent, factorId: string) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError('Enter the 6-digit code.');
    void run(async () => {
      const sb = await loadSupabase(config);
      const challenge = await sb.auth.mfa.challenge({ factorId });
      if (challenge.error) return setError(authMessage(challenge.error));
      const verified = await sb.auth.mfa.verify({ factorId, challengeId: challenge.data.id, code });
      if (verified.error) {
        setCode('');
        return setError(authMessage(verified.error));
      }
      navigate(next, { replace: true });
    });
  };

  const otherAccount = () =>
    void run(async () => {
      await signOutStaff(config);
      setPassword('');
      setStage({ name: 'password' });
    });

  if (stage.name === 'checking') return <p className="loading">Loading...</p>;

  const alert = error && (
    <p className="staff-error" role="alert">
      {error}
    </p>
  );

  return (
    <div className="staff staff-auth">
      <main className="staff-auth__panel">
        <p className="staff-auth__brand">{config.brand.productName}</p>
        {stage.name === 'password' ? (
          <form className="staff-form" onSubmit={signIn} noValidate>
            <h1 className="staff-auth__title">Staff sign-in</h1>
            {alert}
            <label htmlFor="staff-email">Email</label>
            <input
              id="staff-email"
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <label htmlFor="staff-password">Password</label>
            <input
              id="staff-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button type="submit" className="staff-button staff-button--primary staff-button--wide" disabled={busy}>
              {busy ? 'Signing in...' : 'Sign in'}
            </button>
          </form>
        ) : (
          <form className="staff-form" onSubmit={(e) => verify(e, stage.factorId)} noValidate>
            <h1 className="staff-auth__title">Two-step verification</h1>
            <p className="staff-auth__hint">Enter the 6-digit code from the authenticator app for {stage.email}.</p>
            {alert}
            <label htmlFor="staff-code">Authentication code</label>
            <input
              id="staff-code"
              className="staff-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
            <button type="submit" className="staff-button staff-button--primary staff-button--wide" disabled={busy || code.length !== 6}>
              {busy ? 'Verifying...' : 'Verify'}
            </button>
            <button type="button" className="staff-button staff-button--quiet staff-button--wide" onClick={otherAccount} disabled={busy}>
              Use a different account
            </button>
          </form>
        )}
      </main>
    </div>
  );
}
