// The customer's compact queue indicator; shown only while registrations wait. A registration the server set aside
// says plainly what was refused and offers to fix it (`onFix`; without it, on a store's counter, staff fix it).
import { useState } from 'react';
import type { OutboxEntry } from '@/db/types';
import { customerReason, plural, refusalOf } from './outbox-summary';
import { retryNow } from './queue-actions';
import { useOutbox } from './use-outbox';
import './queue-pill.css';

type Props = {
  onFix?: (entry: OutboxEntry) => void;
  /** The set-aside registration the wizard on screen is fixing now. */
  fixing?: string | null;
};

export function QueuePill({ onFix, fixing }: Props) {
  const outbox = useOutbox();
  const [retrying, setRetrying] = useState(false);
  const s = outbox?.summary;
  if (!outbox || !s || s.waiting === 0) return null;
  const setAside = outbox.entries.find((e) => e.status === 'rejected');
  if (setAside) return <SetAside entry={setAside} count={s.rejected} onFix={onFix} fixing={setAside.id === fixing} />;
  const retry = async () => {
    setRetrying(true);
    await retryNow(outbox.entries).finally(() => setTimeout(() => setRetrying(false), 1_000));
  };
  return (
    <div
      className={`queue-pill${s.needsSignIn > 0 ? ' queue-pill--attention' : ''}${s.sending > 0 ? ' queue-pill--busy' : ''}`}
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

/** The oldest set-aside registration: what was refused, and Fix it (sending it again as it is would fail again). */
function SetAside({ entry, count, onFix, fixing }: { entry: OutboxEntry; count: number; fixing: boolean } & Pick<Props, 'onFix'>) {
  const [opening, setOpening] = useState(false);
  const canFix = onFix && !fixing;
  return (
    <div className="queue-pill queue-pill--attention" role="status" aria-live="polite">
      <span className="queue-pill__text">
        <strong className="queue-pill__title">{plural(count, 'registration')} not sent</strong>
        <span className="visually-hidden">. </span>
        <span className="queue-pill__reason">
          {refusalOf(entry, 'your')}
          {fixing ? ' Correct it here, then submit it again.' : !onFix && ' Ask staff to fix it.'}
        </span>
      </span>
      {canFix && (
        <button
          type="button"
          className="queue-pill__retry"
          disabled={opening}
          onClick={() => {
            setOpening(true);
            onFix(entry);
          }}
        >
          {opening ? 'Opening…' : 'Fix it'}
        </button>
      )}
    </div>
  );
}
