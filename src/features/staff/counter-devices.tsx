// On /home: the store's counter devices. "Use this device as a counter" enrols this device (its token kept in
// IndexedDB, shown nowhere), ends the staff session here and opens the start page; every counter can be revoked.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { counterRepository } from '@/db/counter-repository';
import { appDb } from '@/db/schema';
import type { FunctionCall } from '@/lib/functions';
import { callStaffFunction, type StaffData, type StaffResult } from '@/lib/staff-functions';
import { getStaffToken } from '@/lib/staff-session';
import type { RuntimeConfig } from '@/lib/runtime-config';
import type { Counter } from '@/shared/contracts/functions';
import { RecordsTable } from '@/ui/table';
import type { Navigate } from './navigation';
import { signOutAndForget } from './sign-out';

const when = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : 'Never';

type CounterFunction = 'enrolCounter' | 'listCounters' | 'revokeCounter';

/** Calls a staff function for its answer; a refusal throws the server's message. */
async function staffCall<N extends CounterFunction>(
  config: RuntimeConfig,
  name: N,
  call: Pick<FunctionCall<N>, 'body'> = {},
): Promise<StaffData<N>> {
  const token = await getStaffToken(config);
  let answer: StaffResult<N>;
  try {
    answer = await callStaffFunction(name, { ...call, staffToken: token ?? '' });
  } catch {
    throw new Error('Counter devices need the network: try again when this device is online.');
  }
  if (!answer.ok) throw new Error(answer.error);
  return answer.data;
}

export function CounterDevices({ config, navigate }: { config: RuntimeConfig; navigate: Navigate }) {
  const [counters, setCounters] = useState<Counter[] | null>(null);
  const [store, setStore] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setCounters((await staffCall(config, 'listCounters')).counters);
      setListError(null);
    } catch (err) {
      setListError((err as Error).message);
    }
  }, [config]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const enrol = async (e: FormEvent) => {
    e.preventDefault();
    if (!store.trim()) return setError('Enter the store name.');
    setBusy(true);
    setError(null);
    try {
      const enrolled = await staffCall(config, 'enrolCounter', { body: { store: store.trim() } });
      const db = appDb();
      await counterRepository(db).enrol({ ...enrolled, enrolledAt: new Date().toISOString() });
      // A counter is for customers: staff sign in again on it to reach staff screens.
      await signOutAndForget(config, db);
      navigate('/');
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  const revoke = async (c: Counter) => {
    if (!window.confirm(`Revoke the counter at ${c.store}? It can no longer send registrations.`)) return;
    try {
      await staffCall(config, 'revokeCounter', { body: { id: c.id } });
      await refresh();
    } catch (err) {
      setListError((err as Error).message);
    }
  };

  return (
    <section aria-labelledby="counters-heading" className="staff-section">
      <h2 id="counters-heading" className="staff-subtitle">
        Counter devices
      </h2>
      <form className="counter-enrol" onSubmit={(e) => void enrol(e)} noValidate>
        <div className="counter-enrol__field">
          <label htmlFor="counter-store" className="staff-label">
            Store name
          </label>
          {error && (
            <p id="counter-store-error" className="staff-error" role="alert">
              {error}
            </p>
          )}
          <input
            id="counter-store"
            className="staff-input"
            value={store}
            maxLength={80}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'counter-store-error' : undefined}
            onChange={(e) => setStore(e.target.value)}
          />
        </div>
        <button type="submit" className="staff-button staff-button--primary" disabled={busy}>
          {busy ? 'Enrolling...' : 'Use this device as a counter'}
        </button>
      </form>
      {listError && <p className="staff-muted">{listError}</p>}
      {!listError && !counters && <p className="staff-muted">Loading...</p>}
      {counters && counters.length === 0 && <p className="staff-muted">No counter devices yet.</p>}
      {counters && counters.length > 0 && (
        <RecordsTable className="staff-log counter-table" columns={['Store', 'Enrolled by', 'Enrolled at', 'Last seen']} actions="Action">
          {counters.map((c) => (
            <tr key={c.id}>
              <td>{c.store}</td>
              <td>{c.enrolled_by}</td>
              <td>{when(c.enrolled_at)}</td>
              <td>{when(c.last_seen)}</td>
              <td>
                {c.revoked_at ? (
                  <span className="staff-muted">Revoked {when(c.revoked_at)}</span>
                ) : (
                  <button type="button" className="staff-button" onClick={() => void revoke(c)} aria-label={`Revoke ${c.store}`}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </RecordsTable>
      )}
    </section>
  );
}
