// On /home: where registrations are handed on to (Shopify, or the integration log kept in Appwrite)
// and the latest hand-offs.
import { useEffect, useState } from 'react';
import { getStaffToken } from '@/lib/staff-session';
import type { RuntimeConfig } from '@/lib/runtime-config';
import './integration-log.css';
import { callStaffFunction, type StaffData } from '@/lib/staff-functions';

type Log = StaffData<'getIntegrationLog'>;

const when = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export function IntegrationLog({ config }: { config: RuntimeConfig }) {
  const [log, setLog] = useState<Log | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const token = await getStaffToken(config);
        const answer = await callStaffFunction('getIntegrationLog', { staffToken: token ?? '' });
        if (!answer.ok) throw new Error(answer.error);
        if (live) setLog(answer.data);
      } catch (err) {
        if (live) setError(err instanceof TypeError ? 'The integration log cannot be read while offline.' : (err as Error).message);
      }
    })();
    return () => {
      live = false;
    };
  }, [config]);

  return (
    <section aria-labelledby="integration-heading" className="staff-section">
      <h2 id="integration-heading" className="staff-subtitle">
        Integration log
      </h2>
      {error && <p className="staff-muted">{error}</p>}
      {!error && !log && <p className="staff-muted">Loading...</p>}
      {log && (
        <>
          <p className="staff-muted">
            {log.target === 'shopify'
              ? `Registrations are sent to Shopify (${log.shop}) as customers tagged warranty-registered.`
              : 'Shopify is not configured: each registration is recorded here instead.'}
          </p>
          {log.entries.length === 0 ? (
            <p className="staff-muted">No hand-offs recorded yet.</p>
          ) : (
            <table className="staff-log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Email</th>
                  <th scope="col">Registration</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {log.entries.map((e) => (
                  <tr key={`${e.registrationId}-${e.action}`}>
                    <td>{when(e.at)}</td>
                    <td>{e.email}</td>
                    <td>
                      <code>{e.registrationId}</code>
                    </td>
                    <td>{e.result}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
