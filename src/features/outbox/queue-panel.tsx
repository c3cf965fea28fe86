// The staff's full outbox panel: counts, last error, Retry now, rows to save or discard.
import { useState } from 'react';
import type { OutboxEntry } from '@/db/types';
import { RecordsTable } from '@/ui/table';
import { plural, reasonOf, STATUS_LABEL } from './outbox-summary';
import { discard, retryNow, saveAsFile } from './queue-actions';
import { useOutbox } from './use-outbox';
import './queue-panel.css';

const when = (ms: number) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
const clock = (ms: number) => new Intl.DateTimeFormat('en-US', { timeStyle: 'medium' }).format(new Date(ms));
const nextTry = (e: OutboxEntry) => (e.status === 'pending' && e.nextAttemptAt > 0 ? `Next try at ${clock(e.nextAttemptAt)}` : null);

/** `onFix` opens a set-aside registration in the wizard, on the step at fault, to be corrected and sent again. */
export function QueuePanel({ onFix }: { onFix?: (entry: OutboxEntry) => Promise<void> }) {
  const outbox = useOutbox();
  const [busy, setBusy] = useState<string | null>(null);
  const s = outbox?.summary;
  const act = async (key: string, fn: () => Promise<void>) => {
    setBusy(key);
    try {
      await fn();
    } catch (err) {
      window.alert(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(null);
    }
  };
  const confirmDiscard = (e: OutboxEntry) => {
    const what =
      e.status === 'sent'
        ? 'The server has it; only its Shopify hand-off will be dropped.'
        : 'It has not reached the server and will be deleted from this device with its photos. Save it as a file first if it may be needed.';
    if (window.confirm(`Discard the registration of ${e.fields.full_name || e.fields.email}? ${what}`))
      void act(`discard:${e.id}`, () => discard(e));
  };

  const counts = s
    ? [
        { label: 'Waiting to send', value: s.pending },
        { label: 'Sending', value: s.sending },
        { label: 'Needs sign-in', value: s.needsSignIn, alert: s.needsSignIn > 0 },
        { label: 'Set aside', value: s.rejected, alert: s.rejected > 0 },
      ]
    : [];

  return (
    <section aria-labelledby="queue-heading" className="staff-section queue-panel">
      <div className="queue-panel__head">
        <h2 id="queue-heading" className="staff-subtitle">
          Customer registrations queued on this device
        </h2>
        <button
          type="button"
          className="staff-button"
          onClick={() => outbox && void act('retry', () => retryNow(outbox.entries))}
          disabled={!s || s.waiting + s.handOff === 0 || busy === 'retry'}
        >
          {busy === 'retry' ? 'Retrying…' : 'Retry now'}
        </button>
      </div>
      <dl className="queue-panel__counts" aria-live="polite">
        {counts.map((c) => (
          <div key={c.label} className={`queue-panel__count${c.alert ? ' queue-panel__count--alert' : ''}`}>
            <dt>{c.label}</dt>
            <dd>{c.value.toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {s?.lastError && (
        <p className="queue-panel__error" role="alert">
          <span className="staff-label">Last error</span> {s.lastError.reason}
          {s.lastError.entry.failedAt ? <span className="queue-panel__when"> · {when(s.lastError.entry.failedAt)}</span> : null}
        </p>
      )}
      {outbox && outbox.entries.length === 0 && <p className="queue-panel__empty">Nothing is waiting on this device.</p>}
      {outbox && outbox.entries.length > 0 && (
        <RecordsTable
          className="queue-table"
          caption={plural(outbox.entries.length, 'queued registration')}
          columns={['Customer', 'Submitted', { label: 'Photos', className: 'queue-table__num' }, 'Status', 'Reason']}
          actions="Actions"
        >
          {outbox.entries.map((e) => (
            <tr key={e.id} className={`queue-table__row queue-table__row--${e.status}`}>
              <th scope="row">
                <span className="queue-table__name">{e.fields.full_name || '—'}</span>
                <span className="queue-table__email">{e.fields.email}</span>
              </th>
              <td className="queue-table__when">{when(Date.parse(e.submittedAt))}</td>
              <td className="queue-table__num">{e.files.length}</td>
              <td>
                <span className={`queue-status queue-status--${e.status}`}>{STATUS_LABEL[e.status]}</span>
                {e.attempts > 0 && <span className="queue-table__attempts">{plural(e.attempts, 'attempt')}</span>}
              </td>
              <td className="queue-table__reason">
                {reasonOf(e) ?? '—'}
                {nextTry(e) && <span className="queue-table__next">{nextTry(e)}</span>}
              </td>
              <td className="queue-table__actions">
                {onFix && e.status === 'rejected' && (
                  <button
                    type="button"
                    className="staff-button"
                    onClick={() => void act(`fix:${e.id}`, () => onFix(e))}
                    disabled={busy !== null}
                    aria-label={`Fix the registration of ${e.fields.full_name || e.fields.email}`}
                  >
                    Fix
                  </button>
                )}
                <button
                  type="button"
                  className="staff-button"
                  onClick={() => void act(`save:${e.id}`, () => saveAsFile(e))}
                  disabled={busy !== null}
                >
                  Save as file
                </button>
                <button
                  type="button"
                  className="staff-button staff-button--danger"
                  onClick={() => confirmDiscard(e)}
                  disabled={busy !== null || e.status === 'sending'}
                  aria-label={`Discard the registration of ${e.fields.full_name || e.fields.email}`}
                >
                  Discard
                </button>
              </td>
            </tr>
          ))}
        </RecordsTable>
      )}
    </section>
  );
}
