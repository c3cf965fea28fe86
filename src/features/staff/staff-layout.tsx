// The frame of every staff screen: brand, the staff links, who is signed in,
// and Sign out (which also clears this device's staff cache).
import { useContext, useState, type ReactNode } from 'react';
import { appDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { signOutAndForget } from './sign-out';
import { linkHandler, type Navigate } from './navigation';
import { StaffSessionContext } from './require-staff';
import './staff.css';
import { pendingEditsRepository } from '@/db/pending-edits-repository';

const LINKS = [
  { to: '/home', label: 'Home' },
  { to: '/submission', label: 'Submissions' },
  { to: '/submissionslist', label: 'List' },
  { to: '/claims', label: 'Claims' },
  { to: '/account', label: 'Account' },
];

export function StaffLink({
  to,
  navigate,
  className,
  children,
}: {
  to: string;
  navigate: Navigate;
  className?: string;
  children: ReactNode;
}) {
  // A screen's own pages (a claim under /claims) keep its link marked.
  const here = typeof window !== 'undefined' ? window.location.pathname : '';
  const current = here === to || here.startsWith(`${to}/`);
  return (
    <a href={to} className={className} aria-current={current ? 'page' : undefined} onClick={linkHandler(navigate, to)}>
      {children}
    </a>
  );
}

export function StaffLayout({ config, navigate, children }: { config: RuntimeConfig; navigate: Navigate; children: ReactNode }) {
  const staff = useContext(StaffSessionContext);
  const [leaving, setLeaving] = useState(false);

  const signOut = async () => {
    const db = appDb();
    const pending = await pendingEditsRepository(db).count();
    const lose = `${pending} ${pending === 1 ? 'edit has' : 'edits have'} not been sent yet and will be lost. Sign out anyway?`;
    if (pending > 0 && !window.confirm(lose)) return;
    setLeaving(true);
    await signOutAndForget(config, db);
    navigate('/login/staff', { replace: true });
  };

  return (
    <div className="staff">
      <header className="staff-bar">
        <StaffLink to="/home" navigate={navigate} className="staff-bar__brand">
          {config.brand.productName} <span className="staff-bar__tag">Staff</span>
        </StaffLink>
        <nav aria-label="Staff screens">
          <ul className="staff-bar__links">
            {LINKS.map((l) => (
              <li key={l.to}>
                <StaffLink to={l.to} navigate={navigate}>
                  {l.label}
                </StaffLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="staff-bar__user">
          {staff?.offline && <span className="staff-badge">Offline</span>}
          <span className="staff-bar__email">{staff?.session.user.email}</span>
          <button type="button" className="staff-button" onClick={() => void signOut()} disabled={leaving}>
            {leaving ? 'Signing out...' : 'Sign out'}
          </button>
        </div>
      </header>
      <main className="staff-main">{children}</main>
    </div>
  );
}
