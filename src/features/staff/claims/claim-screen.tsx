// /claims/{id}: one claim as staff work it. The registration, the report with its photos, the timeline, and exactly
// the steps the claim machine allows at the status shown (the function decides again when a step is sent).
import { useCallback, useState } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { getStaffToken } from '@/lib/staff-session';
import { claimActions } from '@/shared/claims/claim.machine';
import { DELIVERIES, claimHeading } from '@/shared/claims/claim-texts';
import type { Submission } from '@/shared/contracts/submission';
import { formatDate, registeredAt } from '@/shared/warranty';
import type { Navigate } from '../navigation';
import { StaffLayout, StaffLink } from '../staff-layout';
import { ClaimActionDialog, actionLabel } from './claim-action-dialog';
import { problemText, resolutionText, statusText, statusTone, whenText } from './claim-format';
import { ClaimPhotos } from './claim-photos';
import { SavedClaim } from './claim-saved';
import { ClaimTimeline } from './claim-timeline';
import { useClaim, type ClaimDetail, type StaffStep } from './use-claim';
import '../submissions/submissions.css';
import './claims.css';

/** A term and its value; an empty value shows as a dash. */
const Fact = ({ term, value }: { term: string; value: string }) => (
  <div className="claim-facts__row">
    <dt>{term}</dt>
    <dd className={value.trim() ? undefined : 'subs-table__empty'}>{value.trim() || '-'}</dd>
  </div>
);

function RegistrationFacts({ row }: { row: Submission | null }) {
  if (!row) return <p className="claim-muted">The registration no longer exists.</p>;
  const registered = registeredAt(row);
  return (
    <dl className="claim-facts">
      <Fact term="Name" value={row.full_name ?? ''} />
      <Fact term="Email" value={row.email ?? ''} />
      <Fact term="Phone" value={row.phone ?? ''} />
      <Fact term="Product" value={row.selected_product || row.product_sku || ''} />
      <Fact term="Registration date" value={registered ? formatDate(registered) : ''} />
    </dl>
  );
}

function ReportFacts({ claim }: { claim: ClaimDetail['claim'] }) {
  return (
    <dl className="claim-facts">
      <Fact term="Problem" value={problemText(claim.problem)} />
      <Fact term="Tell us more" value={claim.details} />
      <Fact term="Delivery" value={DELIVERIES[claim.delivery]} />
      <Fact term="Store" value={claim.store} />
      <Fact term="Opened" value={whenText(claim.opened_at)} />
      {claim.status === 'needs_information' && claim.question && <Fact term="Open question" value={claim.question} />}
      {claim.resolution && <Fact term="Resolution" value={resolutionText(claim.resolution)} />}
      {claim.reason && <Fact term="Reason for the denial" value={claim.reason} />}
    </dl>
  );
}

export function ClaimScreen({ id, config, navigate }: { id: string; config: RuntimeConfig; navigate: Navigate }) {
  const token = useCallback(() => getStaffToken(config), [config]);
  const { detail, error, saved, changed, act } = useClaim(id, token);
  const [open, setOpen] = useState<StaffStep['action'] | null>(null);

  let body;
  if (!detail && saved) body = <SavedClaim claim={saved} />;
  else if (!detail && error)
    body = (
      <p className="subs__error" role="alert">
        {error}
      </p>
    );
  else if (!detail) body = <p className="loading">Loading...</p>;
  else {
    const { claim } = detail;
    const actions = claimActions(claim.status, 'staff') as StaffStep['action'][];
    body = (
      <>
        <header className="claim__head">
          <h1 className="subs__title">{claimHeading(claim.number)}</h1>
          <span className={`claim-status claim-status--${statusTone(claim.status)}`}>{statusText(claim.status)}</span>
        </header>
        {changed && (
          <p className="claim-changed" role="alert">
            {changed}
          </p>
        )}
        <div className="claim__grid">
          <div className="claim__column">
            <section className="claim-card" aria-labelledby="claim-report">
              <h2 id="claim-report">Report</h2>
              <ReportFacts claim={claim} />
              <h3 className="claim-card__sub">Photos</h3>
              <ClaimPhotos ids={claim.photo_ids} token={token} size={120} />
            </section>
            <section className="claim-card" aria-labelledby="claim-registration">
              <h2 id="claim-registration">Registration</h2>
              <RegistrationFacts row={detail.registration} />
            </section>
          </div>
          <div className="claim__column">
            <section className="claim-card" aria-labelledby="claim-actions">
              <h2 id="claim-actions">Actions</h2>
              <div className="claim-actions">
                {actions.map((a) => (
                  <button
                    key={a}
                    type="button"
                    className={a === 'note' ? 'subs-button' : 'subs-button subs-button--primary'}
                    onClick={() => setOpen(a)}
                  >
                    {actionLabel(a)}
                  </button>
                ))}
              </div>
            </section>
            <section className="claim-card" aria-labelledby="claim-timeline">
              <h2 id="claim-timeline">Timeline</h2>
              <ClaimTimeline events={detail.timeline} token={token} />
            </section>
          </div>
        </div>
        {open && <ClaimActionDialog action={open} claim={claim} act={act} onClose={() => setOpen(null)} />}
      </>
    );
  }

  return (
    <StaffLayout config={config} navigate={navigate}>
      <div className="claim">
        <p className="claim__back">
          <StaffLink to="/claims" navigate={navigate}>
            All claims
          </StaffLink>
        </p>
        {body}
      </div>
    </StaffLayout>
  );
}
