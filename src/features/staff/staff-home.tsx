// /home. What this device holds (cached submissions, edits waiting, the customer
// outbox record by record), when it last synced, "Sync now", and the way to every staff screen.
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { appDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { lastSyncedAt } from '@/sync/submissions-sync';
import type { Navigate } from './navigation';
import { IntegrationLog } from './integration-log';
import { CounterDevices } from './counter-devices';
import { StaffLayout, StaffLink } from './staff-layout';
import { useStaffSync } from './use-staff-sync';
import './staff.css';
import { pendingEditsRepository } from '@/db/pending-edits-repository';
import { staffRepository } from '@/db/staff-repository';

const SCREENS = [
  { to: '/submission', title: 'Submissions', text: 'Search, edit, import and export every warranty submission.' },
  { to: '/submissionslist', title: 'Submissions list', text: 'A read-only card for each submission; works offline.' },
  { to: '/claims', title: 'Claims', text: "Customers' reported problems: ask, approve, deny, and see each one through." },
  { to: '/account', title: 'Account', text: 'Your account details and Logout.' },
];

const number = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString('en-US'));
const when = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** `outbox` is this device's customer outbox panel (another feature's, composed by the route). */
export function StaffHome({ config, navigate, outbox }: { config: RuntimeConfig; navigate: Navigate; outbox: ReactNode }) {
  const db = appDb();
  const sync = useStaffSync(config, db);
  const data = useLiveQuery(async () => {
    const [submissions, edits, conflicts, syncedAt] = await Promise.all([
      staffRepository(db).count(),
      pendingEditsRepository(db).count(),
      pendingEditsRepository(db).countConflicts(),
      lastSyncedAt(db),
    ]);
    return { submissions, edits, conflicts, syncedAt };
  }, [db]);

  return (
    <StaffLayout config={config} navigate={navigate}>
      <div className="staff-page-head">
        <h1 className="staff-title">Staff home</h1>
        <div className="staff-sync" aria-live="polite">
          <span className="staff-sync__when">
            {data?.syncedAt ? `Last synced ${when(data.syncedAt)}` : data ? 'Not synced on this device yet' : ''}
          </span>
          <button type="button" className="staff-button staff-button--primary" onClick={() => void sync.syncNow()} disabled={sync.syncing}>
            {sync.syncing ? 'Syncing...' : 'Sync now'}
          </button>
        </div>
      </div>
      {sync.error && (
        <p className="staff-error" role="alert">
          {sync.error}
        </p>
      )}

      <section aria-labelledby="device-heading" className="staff-section">
        <h2 id="device-heading" className="staff-subtitle">
          This device
        </h2>
        <dl className="staff-stats">
          <div className="staff-stat">
            <dt>Submissions saved here</dt>
            <dd>{number(data?.submissions)}</dd>
          </div>
          <div className="staff-stat">
            <dt>Edits waiting to send</dt>
            <dd>{number(data?.edits)}</dd>
          </div>
          <div className={`staff-stat${data?.conflicts ? ' staff-stat--alert' : ''}`}>
            <dt>Edits in conflict</dt>
            <dd>{number(data?.conflicts)}</dd>
          </div>
        </dl>
      </section>

      {outbox}

      <CounterDevices config={config} navigate={navigate} />

      <IntegrationLog config={config} />

      <section aria-labelledby="screens-heading" className="staff-section">
        <h2 id="screens-heading" className="staff-subtitle">
          Screens
        </h2>
        <ul className="staff-tiles">
          {SCREENS.map((s) => (
            <li key={s.to}>
              <StaffLink to={s.to} navigate={navigate} className="staff-tile">
                <span className="staff-tile__title">{s.title}</span>
                <span className="staff-tile__text">{s.text}</span>
              </StaffLink>
            </li>
          ))}
        </ul>
      </section>
    </StaffLayout>
  );
}
