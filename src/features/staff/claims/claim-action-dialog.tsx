// The dialog of one staff step on a claim: what the step needs (a question, a reason, a note, a resolution) checked
// with the contract's own words before it is sent, and the step sent with an id made once when the dialog opened, so
// a double click or a retry after a lost answer is applied once. When the claim changed meanwhile (409), the dialog
// stays open with what was typed, says so with the claim's status now, and offers the step again only where the claim
// machine still allows it.
import { useId, useState, type FormEvent } from 'react';
import { claimActions } from '@/shared/claims/claim.machine';
import { CLAIM_TEXTS, RESOLUTIONS, type ClaimStatus, type Resolution } from '@/shared/claims/claim-texts';
import { claimActionBodySchema } from '@/shared/contracts/claims';
import { uniqueId } from '@/shared/unique-id';
import { Modal } from '../submissions/modal';
import { statusText, statusTone } from './claim-format';
import type { StaffStep, StepResult } from './use-claim';

type Action = StaffStep['action'];

type Copy = { title: string; submit: string; field?: string; hint?: string; lead?: string };
const COPY: Record<Action, Copy> = {
  ask: {
    title: CLAIM_TEXTS.askForInformation,
    submit: 'Send question',
    field: 'Question for the customer',
    hint: 'The customer reads this and can reply with text and photos.',
  },
  approve: { title: CLAIM_TEXTS.approve, submit: CLAIM_TEXTS.approve },
  deny: { title: CLAIM_TEXTS.deny, submit: CLAIM_TEXTS.deny, field: 'Reason', hint: 'Shown to the customer.' },
  ready: { title: CLAIM_TEXTS.readyForPickup, submit: CLAIM_TEXTS.readyForPickup, lead: 'The customer is told the piece is ready.' },
  close: { title: CLAIM_TEXTS.close, submit: 'Close claim', lead: 'A closed claim takes no further steps.' },
  note: {
    title: CLAIM_TEXTS.internalNote,
    submit: 'Add note',
    field: 'Note',
    hint: 'For staff only: never shown to the customer.',
  },
};

/** The label of each step's button on the claim page. */
export const actionLabel = (action: Action) => COPY[action].title;

type Props = {
  action: Action;
  /** The claim as the page shows it: after a refusal because it changed, as it is now. */
  claim: { id: string; number: string; status: ClaimStatus };
  act: (step: StaffStep) => Promise<StepResult>;
  onClose: () => void;
};

export function ClaimActionDialog({ action, claim, act, onClose }: Props) {
  const copy = COPY[action];
  const [eventId] = useState(uniqueId);
  const [message, setMessage] = useState('');
  const [resolution, setResolution] = useState<Resolution | ''>('');
  const [error, setError] = useState<string | null>(null);
  /** Why the step was refused when the claim changed meanwhile. */
  const [changed, setChanged] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const allowed = (claimActions(claim.status, 'staff') as Action[]).includes(action);
  const id = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !allowed) return;
    const step: StaffStep = {
      event_id: eventId,
      action,
      ...(copy.field ? { message } : {}),
      ...(action === 'approve' && resolution ? { resolution } : {}),
    };
    const checked = claimActionBodySchema.safeParse({ ...step, claim_id: claim.id, expected_status: claim.status });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Check what you entered.');
      return;
    }
    setBusy(true);
    const done = await act({ ...step, ...(copy.field ? { message: message.trim() } : {}) });
    setBusy(false);
    if (done.ok) return onClose();
    // A claim that changed meanwhile: what was typed stays, with the claim as it is now.
    setChanged(done.changed ? done.error : null);
    setError(done.changed ? null : done.error);
  };

  const errorId = `${id}-error`;
  return (
    <Modal title={`${copy.title}: Claim ${claim.number}`} onClose={onClose} busy={busy}>
      <form className="claim-step" onSubmit={(e) => void submit(e)} noValidate>
        {copy.lead && <p className="claim-step__lead">{copy.lead}</p>}
        {changed && (
          <div className="claim-changed claim-step__changed" role="alert">
            <p>{changed}</p>
            <p>
              Status now: <span className={`claim-status claim-status--${statusTone(claim.status)}`}>{statusText(claim.status)}</span>
            </p>
            <p>
              {allowed
                ? 'What you entered is kept: check it, then send it again.'
                : `${copy.title} is no longer possible for this claim. What you entered is kept below for you to copy.`}
            </p>
          </div>
        )}
        {copy.field && (
          <div className={error ? 'subs-field subs-field--error' : 'subs-field'}>
            <label htmlFor={`${id}-message`}>{copy.field}</label>
            {copy.hint && (
              <p className="claim-step__hint" id={`${id}-hint`}>
                {copy.hint}
              </p>
            )}
            <textarea
              id={`${id}-message`}
              rows={5}
              value={message}
              aria-invalid={Boolean(error)}
              aria-describedby={[copy.hint ? `${id}-hint` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
        )}
        {action === 'approve' && (
          <fieldset className="claim-step__choices" aria-describedby={error ? errorId : undefined}>
            <legend>Resolution</legend>
            {(Object.keys(RESOLUTIONS) as Resolution[]).map((r) => (
              <label key={r}>
                <input type="radio" name={`${id}-resolution`} value={r} checked={resolution === r} onChange={() => setResolution(r)} />
                {RESOLUTIONS[r]}
              </label>
            ))}
          </fieldset>
        )}
        {error && (
          <p className="subs-field__error" id={errorId} role="alert">
            {error}
          </p>
        )}
        <div className="subs-modal__actions">
          <button type="button" className="subs-button" onClick={onClose} disabled={busy}>
            {allowed ? 'Cancel' : 'Close'}
          </button>
          {allowed && (
            <button type="submit" className="subs-button subs-button--primary" disabled={busy}>
              {busy ? 'Sending...' : copy.submit}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
