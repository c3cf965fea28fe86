// A claim's timeline, oldest step first: who (and whether customer or staff), when, what, and what they wrote.
// Internal notes are marked as such: staff alone read them.
import type { ClaimEventRecord } from '@/shared/contracts/claims';
import type { TokenSource } from '../submissions/staff-images';
import { eventText, statusText, whenText } from './claim-format';
import { ClaimPhotos } from './claim-photos';

export function ClaimTimeline({ events, token }: { events: readonly ClaimEventRecord[]; token: TokenSource }) {
  if (!events.length) return <p className="claim-muted">No steps yet.</p>;
  return (
    <ol className="claim-timeline">
      {events.map((e) => (
        <li key={e.id} className={e.internal ? 'claim-timeline__step claim-timeline__step--internal' : 'claim-timeline__step'}>
          <p className="claim-timeline__what">
            <strong>{eventText(e)}</strong>
            {e.internal ? (
              <span className="claim-internal">Internal: not shown to the customer</span>
            ) : (
              e.action !== 'note' && <span className="claim-timeline__status">Status: {statusText(e.status_after)}</span>
            )}
          </p>
          <p className="claim-timeline__who">
            {e.by_name || (e.by_role === 'customer' ? 'The customer' : 'Staff')} ({e.by_role === 'customer' ? 'customer' : 'staff'}) ·{' '}
            <time dateTime={e.at}>{whenText(e.at)}</time>
          </p>
          {e.message && <p className="claim-timeline__message">{e.message}</p>}
          {e.photo_ids.length > 0 && <ClaimPhotos ids={e.photo_ids} token={token} size={88} />}
        </li>
      ))}
    </ol>
  );
}
