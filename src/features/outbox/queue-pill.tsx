// The customer's compact queue indicator; shown only while registrations wait.
import { useState } from 'react';
import { customerReason, plural } from './outbox-summary';
import { retryNow } from './queue-actions';
import { useOutbox } from './use-outbox';
import './queue-pill.css';

export function QueuePill() {
  const outbox = useOutbox();
  const [retrying, setRetrying] = useState(false);
  const s = outbox?.summary;
  if (!outbox || !s || s.waiting === 0) return null;
  const retry = async () => {
    setRetrying(true);
    await retryNow(outbox.entries).finally(() => setTimeout(() => setRetrying(false), 1_000));
  };
  return (
    <div
      className={`queue-pill${s.needsSignIn > 0 || s.rejected > 0 ? ' queue-pill--attention' : ''}${s.sending > 0 ? ' queue-pill--busy' : ''}`}
      role="status"
      aria-live="polite"
    >
      <span className="queue-pill__text">
        <strong className="queue-pill__title">{plural(s.waiting, 'registration')} waiting to send</strong>
        <span className="visually-hidden">. </span>
        <span className="queue-pill__reason">{s.sending > 0 ? `Sending ${s.sending} now…` : customerReason(s)}</span>
      </span>
      {s.needsSignIn < s.waiting && (
        <button type="button" className="queue-pill__retry" onClick={() => void retry()} disabled={retrying || s.sending > 0}>
          {retrying ? 'Trying…' : 'Retry now'}
        </button>
      )}
    </div>
  );
}
