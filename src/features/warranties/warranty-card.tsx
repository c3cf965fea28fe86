// One registration's card: products, photos, dates, the certificate, and its claims and care (the server's facts,
// plus what this device keeps unsent). "Report a problem" and "Reply" load their forms when pressed.
import { useState, type ComponentType } from 'react';
import type { appwrite } from '@/lib/appwrite';
import type { ClaimOutboxEntry } from '@/db/types';
import { claimHeading, CLAIM_TEXTS } from '@/shared/claims/claim-texts';
import type { ClaimRuntime } from './claim-runtime';
import type { LoadPhotoPath } from './claim-photos';
import { Certificate } from './certificate';
import type { WarrantyCard } from './warranty-cards';
import type { ClaimFormProps } from './kept-form';

type Props = {
  card: WarrantyCard;
  thumb: (fileId: string) => string;
  account: ReturnType<typeof appwrite>['account'];
  /** This registration's reports and replies kept on the device, oldest first. */
  kept: ClaimOutboxEntry[];
  claims: { runtime: ClaimRuntime; userId: string; loadPhotos: LoadPhotoPath } | null;
};

const SENDING = 'Sending…';
const NOT_LOADED = 'This form could not be opened. Check your connection, then try again.';

/** What a kept report or reply says of itself: on its way, kept until the network returns, or held. */
function keptText(e: ClaimOutboxEntry): string {
  if (e.status === 'needs-sign-in') return 'Saved on this device. Sign out, then sign in again with your email to send it.';
  if (e.status === 'rejected') return `This could not be sent: ${e.lastError ?? 'the server refused it.'}`;
  return e.attempts === 0 && navigator.onLine ? SENDING : CLAIM_TEXTS.savedOffline;
}

export function Card({ card, thumb, account, kept, claims }: Props) {
  const [open, setOpen] = useState<{ kind: 'report' | 'reply'; Form: ComponentType<ClaimFormProps> } | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const titleId = `warranty-${card.id}`;
  const report = kept.find((e) => e.kind === 'report');
  const reply = kept.find((e) => e.kind === 'reply' && e.claimId === card.claim?.id);
  const claim = card.claim ?? null;

  const openForm = async (kind: 'report' | 'reply') => {
    setLoadFailed(false);
    try {
      const Form =
        kind === 'report'
          ? ((await import('./report-form')).ReportForm as ComponentType<ClaimFormProps>)
          : (await import('./reply-form')).ReplyForm;
      setOpen({ kind, Form });
    } catch {
      setLoadFailed(true);
    }
  };
  const queued = () => {
    setOpen(null);
    void claims?.runtime.refresh();
  };

  return (
    <article className="warranty" aria-labelledby={titleId}>
      <h2 className="warranty__products" id={titleId}>
        {card.products.map((p, i) => (
          <span key={i} className="warranty__product">
            {p}
          </span>
        ))}
      </h2>
      {card.photoIds.length > 0 && (
        <ul className="warranty__photos" aria-label="Photos">
          {card.photoIds.map((id, i) => (
            <li key={id}>
              <img
                className="thumb warranty__photo"
                src={thumb(id)}
                alt={`Photo ${i + 1} of ${card.photoIds.length}`}
                width={80}
                height={80}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
      <p className="warranty__dates">
        <span>{card.registeredOn}</span>
        <strong>{card.coverageEnded ?? card.coveredUntil}</strong>
        {card.lastInspection && <span>{card.lastInspection}</span>}
      </p>

      {report ? (
        <section className="claim" aria-label={claimHeading(report.number)}>
          <h3 className="claim__number">{claimHeading(report.number)}</h3>
          <p className="claim__status" role="status">
            {keptText(report)}
          </p>
          {report.status === 'rejected' && (
            <button type="button" className="button button--small" onClick={() => void claims?.runtime.discard(report.id)}>
              Discard this report
            </button>
          )}
        </section>
      ) : (
        claim && (
          <section className="claim" aria-label={claimHeading(claim.number)}>
            <h3 className="claim__number">{claimHeading(claim.number)}</h3>
            <p className="claim__status">
              <span className={`claim__badge claim__badge--${claim.status}`}>{claim.statusText}</span>
            </p>
            {claim.status === 'needs_information' && claim.question && (
              <div className="claim__question">
                <p className="claim__label">Our question</p>
                <p className="claim__message">{claim.question}</p>
              </div>
            )}
            {claim.status === 'denied' && claim.reason && <p className="claim__message">{claim.reason}</p>}
            {claim.resolution && <p className="claim__message">Resolution: {claim.resolution}</p>}
            {reply && (
              <p className="claim__status" role="status">
                {keptText(reply)}
              </p>
            )}
            {reply?.status === 'rejected' && (
              <button type="button" className="button button--small" onClick={() => void claims?.runtime.discard(reply.id)}>
                Discard this reply
              </button>
            )}
          </section>
        )
      )}

      {open && claims ? (
        <open.Form
          db={claims.runtime.db}
          userId={claims.userId}
          registrationId={card.id}
          claimId={claim?.id ?? ''}
          loadPhotos={claims.loadPhotos}
          onQueued={queued}
          onCancel={() => setOpen(null)}
        />
      ) : (
        <div className="warranty__buttons">
          {card.pending ? (
            <p className="warranty__note">Awaiting email confirmation: open the link we emailed you to get your certificate.</p>
          ) : (
            <Certificate id={card.id} account={account} />
          )}
          {claims && card.canReport && !report && (
            <button type="button" className="button button--small" onClick={() => void openForm('report')}>
              {CLAIM_TEXTS.report}
            </button>
          )}
          {claims && claim?.status === 'needs_information' && !reply && (
            <button type="button" className="button button--small" onClick={() => void openForm('reply')}>
              {CLAIM_TEXTS.reply}
            </button>
          )}
        </div>
      )}
      {loadFailed && (
        <p className="field__error" role="alert">
          {NOT_LOADED}
        </p>
      )}
    </article>
  );
}
