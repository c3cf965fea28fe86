// A claim opened while this device is offline: what the device's copy of the claims keeps of it (its row of the
// queue), and why the rest (report, photos, timeline) and the actions wait for the network.
import type { CachedClaim } from '@/db/claims-cache-repository';
import { claimHeading } from '@/shared/claims/claim-texts';
import { claimAge, dayText, problemText, statusText, statusTone } from './claim-format';

export const SAVED_CLAIM_NOTE =
  'You are offline. This is the claim as saved on this device. Its report, photos and timeline show, and its actions can be taken, once the device is back online.';

const Fact = ({ term, value }: { term: string; value: string }) => (
  <div className="claim-facts__row">
    <dt>{term}</dt>
    <dd className={value.trim() ? undefined : 'subs-table__empty'}>{value.trim() || '-'}</dd>
  </div>
);

export function SavedClaim({ claim }: { claim: CachedClaim }) {
  return (
    <>
      <header className="claim__head">
        <h1 className="subs__title">{claimHeading(claim.number)}</h1>
        <span className={`claim-status claim-status--${statusTone(claim.status)}`}>{statusText(claim.status)}</span>
      </header>
      <p className="claim-changed" role="status">
        {SAVED_CLAIM_NOTE}
      </p>
      <section className="claim-card" aria-labelledby="claim-saved">
        <h2 id="claim-saved">Claim</h2>
        <dl className="claim-facts">
          <Fact term="Name" value={claim.customer} />
          <Fact term="Email" value={claim.email} />
          <Fact term="Product" value={claim.product} />
          <Fact term="Problem" value={problemText(claim.problem)} />
          <Fact term="Store" value={claim.store} />
          <Fact term="Opened" value={dayText(claim.opened_at)} />
          <Fact term="Age" value={claimAge(claim.opened_at, claim.ended_at)} />
        </dl>
      </section>
    </>
  );
}
