// "New claim" in the edit dialog: staff open a claim for this registration (openClaim) with what the customer told
// them, then are offered the claim's page. Its id and number are made once when the form opens, so sending it again
// (a double click, a retry after a lost answer) opens one claim. No <form> of its own: it sits inside the edit form.
import { useId, useState, type ReactElement } from 'react';
import { callStaffFunction } from '@/lib/staff-functions';
import { newClaimNumber } from '@/shared/claims/claim-number';
import { CLAIM_TEXTS, DELIVERIES, PROBLEMS, claimHeading } from '@/shared/claims/claim-texts';
import { openClaimBodySchema } from '@/shared/contracts/claims';
import { uniqueId } from '@/shared/unique-id';
import type { TokenSource } from '../submissions/staff-images';
import { claimPath } from './claims-table';
import './claims.css';

type Field = 'problem' | 'details' | 'delivery';
type Draft = Record<Field, string>;
const EMPTY: Draft = { problem: '', details: '', delivery: '' };

export function NewClaim({ registrationId, token }: { registrationId: string; token: TokenSource }) {
  const [ids, setIds] = useState<{ id: string; number: string } | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'form', string>>>({});
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState<{ id: string; number: string } | null>(null);
  const idp = useId();

  const start = () => {
    setIds({ id: uniqueId(), number: newClaimNumber() });
    setDraft(EMPTY);
    setErrors({});
    setOpened(null);
  };
  const send = async () => {
    if (!ids || busy) return;
    const checked = openClaimBodySchema.safeParse({ ...ids, registration_id: registrationId, ...draft });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await callStaffFunction('openClaim', { staffToken: (await token()) ?? '', body: checked.data });
      if (answer.ok) {
        setOpened({ id: answer.data.claim.id, number: answer.data.claim.number });
        setIds(null);
      } else setErrors({ form: answer.error });
    } catch {
      setErrors({ form: 'This device is offline. Try again once it is back online; what you typed is kept.' });
    } finally {
      setBusy(false);
    }
  };

  const field = (
    f: Field,
    label: string,
    control: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactElement,
  ) => (
    <div className={errors[f] ? 'subs-field subs-field--error' : 'subs-field'}>
      <label htmlFor={`${idp}-${f}`}>{label}</label>
      {errors[f] && (
        <p className="subs-field__error" id={`${idp}-${f}-error`}>
          {errors[f]}
        </p>
      )}
      {control({ id: `${idp}-${f}`, 'aria-invalid': Boolean(errors[f]), 'aria-describedby': errors[f] ? `${idp}-${f}-error` : undefined })}
    </div>
  );
  const set = (f: Field) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [f]: e.target.value }));

  return (
    <section className="care-section" aria-labelledby={`${idp}-title`}>
      <div className="care-section__head">
        <h3 id={`${idp}-title`}>Claims</h3>
        {!ids && (
          <button type="button" className="subs-button subs-button--small" onClick={start}>
            {CLAIM_TEXTS.newClaim}
          </button>
        )}
      </div>
      {opened && (
        <p role="status" className="care-section__done">
          {claimHeading(opened.number)} was opened. <a href={claimPath(opened.id)}>Open {claimHeading(opened.number)}</a>
        </p>
      )}
      {ids && (
        <div className="care-form" role="group" aria-label={CLAIM_TEXTS.newClaim}>
          {field('problem', CLAIM_TEXTS.whatHappened, (p) => (
            <select {...p} value={draft.problem} onChange={set('problem')}>
              <option value="">Choose...</option>
              {Object.entries(PROBLEMS).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          ))}
          {field('delivery', CLAIM_TEXTS.delivery, (p) => (
            <select {...p} value={draft.delivery} onChange={set('delivery')}>
              <option value="">Choose...</option>
              {Object.entries(DELIVERIES).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          ))}
          {field('details', CLAIM_TEXTS.tellUsMore, (p) => (
            <textarea {...p} rows={3} value={draft.details} onChange={set('details')} />
          ))}
          {errors.form && (
            <p className="subs-field__error care-form__wide" role="alert">
              {errors.form}
            </p>
          )}
          <div className="care-form__actions">
            <button type="button" className="subs-button subs-button--small" onClick={() => setIds(null)} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className="subs-button subs-button--small subs-button--primary"
              onClick={() => void send()}
              disabled={busy}
            >
              {busy ? 'Opening...' : 'Open claim'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
