// Where the registration stands (and its store) in the Edit Submission dialog: a pending one can have its
// confirmation link sent again, a confirmed one its confirmation e-mail (with the certificate). Fields the server does
// not trust are listed for staff to check with the customer.
import { useState } from 'react';
import { callStaffFunction } from '@/lib/staff-functions';
import { REGISTRATION_STATUS, statusLabel, type Submission } from '@/shared/contracts/submission';
import type { TokenSource } from './staff-images';

export function RegistrationStatus({ row, token }: { row: Submission; token: TokenSource }) {
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pending = row.status === REGISTRATION_STATUS.pending;
  const resend = async () => {
    setSending(true);
    setMessage(null);
    try {
      const name = pending ? 'resendConfirmationLink' : 'resendConfirmation';
      const answer = await callStaffFunction(name, { staffToken: (await token()) ?? '', body: { id: row.$id } });
      const sent = pending
        ? `A new confirmation link was sent to ${row.email}.`
        : `The confirmation e-mail was sent again to ${row.email}.`;
      setMessage(answer.ok ? sent : answer.error);
    } catch {
      setMessage('It can be sent again once this device is online.');
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="subs-status-line">
      <p>
        <span className="subs-field__label">Status</span> {statusLabel(row.status ?? '')}
        {row.store ? (
          <>
            {' '}
            · <span className="subs-field__label">Store</span> {row.store}
          </>
        ) : null}
      </p>
      <button type="button" className="subs-button subs-button--small" onClick={() => void resend()} disabled={sending}>
        {sending ? 'Sending...' : pending ? 'Resend link' : 'Resend confirmation'}
      </button>
      {message && <p role="status">{message}</p>}
      {row.flags?.length ? (
        <div className="subs-flags">
          <p className="subs-field__label">Check with the customer: the server does not trust this</p>
          <ul>
            {row.flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
