// "Service history" in the edit dialog: the registration's care visits (getVisits), newest first, and "Record a
// visit" (recordVisit; the server records who and at which store). The visit's id is made once when the form opens,
// so a retry records it once. No <form> of its own: it sits inside the edit form. Its photos are sent as they are
// chosen (./visit-photos.tsx) and shown with each visit through the staff image path.
import { useCallback, useEffect, useId, useState } from 'react';
import { callStaffFunction } from '@/lib/staff-functions';
import { CLAIM_TEXTS, VISIT_KINDS, type VisitKind } from '@/shared/claims/claim-texts';
import { recordVisitBodySchema, type CareVisit } from '@/shared/contracts/claims';
import { uniqueId } from '@/shared/unique-id';
import type { TokenSource } from '../submissions/staff-images';
import { whenText } from './claim-format';
import { ClaimPhotos } from './claim-photos';
import { VisitPhotoInput, useVisitPhotos } from './visit-photos';
import './claims.css';

const OFFLINE = 'This device is offline. Try again once it is back online; what you typed is kept.';
const newest = (visits: CareVisit[]) => visits.slice().sort((a, b) => (a.at < b.at ? 1 : -1));

export function ServiceHistory({ registrationId, token }: { registrationId: string; token: TokenSource }) {
  const [visits, setVisits] = useState<CareVisit[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [visitId, setVisitId] = useState<string | null>(null);
  const [kind, setKind] = useState<VisitKind | ''>('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ kind?: string; notes?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const photos = useVisitPhotos(token);
  const idp = useId();

  const load = useCallback(async () => {
    try {
      const answer = await callStaffFunction('getVisits', {
        staffToken: (await token()) ?? '',
        query: { registration_id: registrationId },
      });
      if (answer.ok) setVisits(newest(answer.data.visits));
      else setLoadError(answer.error);
    } catch {
      setLoadError('The service history shows once this device is online.');
    }
  }, [registrationId, token]);
  useEffect(() => void load(), [load]);

  const start = () => {
    setVisitId(uniqueId());
    setKind('');
    setNotes('');
    setErrors({});
    photos.clear();
  };
  const save = async () => {
    if (!visitId || busy) return;
    if (photos.sending) return setErrors({ form: 'Wait until the photos are sent.' });
    const body = { id: visitId, registration_id: registrationId, kind, notes, photo_ids: photos.ids };
    const checked = recordVisitBodySchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await callStaffFunction('recordVisit', { staffToken: (await token()) ?? '', body: checked.data });
      if (!answer.ok) return setErrors({ form: answer.error });
      const visit = answer.data.visit;
      setVisits((v) => newest([visit, ...(v ?? []).filter((x) => x.id !== visit.id)]));
      setVisitId(null);
    } catch {
      setErrors({ form: OFFLINE });
    } finally {
      setBusy(false);
    }
  };

  const described = (f: 'kind' | 'notes') => (errors[f] ? `${idp}-${f}-error` : undefined);
  return (
    <section className="care-section" aria-labelledby={`${idp}-title`}>
      <div className="care-section__head">
        <h3 id={`${idp}-title`}>{CLAIM_TEXTS.serviceHistory}</h3>
        {!visitId && (
          <button type="button" className="subs-button subs-button--small" onClick={start}>
            {CLAIM_TEXTS.recordVisit}
          </button>
        )}
      </div>
      {visitId && (
        <div className="care-form" role="group" aria-label={CLAIM_TEXTS.recordVisit}>
          <div className={errors.kind ? 'subs-field subs-field--error' : 'subs-field'}>
            <label htmlFor={`${idp}-kind`}>Kind of visit</label>
            {errors.kind && (
              <p className="subs-field__error" id={described('kind')}>
                {errors.kind}
              </p>
            )}
            <select
              id={`${idp}-kind`}
              value={kind}
              aria-invalid={Boolean(errors.kind)}
              aria-describedby={described('kind')}
              onChange={(e) => setKind(e.target.value as VisitKind | '')}
            >
              <option value="">Choose...</option>
              {(Object.keys(VISIT_KINDS) as VisitKind[]).map((k) => (
                <option key={k} value={k}>
                  {VISIT_KINDS[k]}
                </option>
              ))}
            </select>
          </div>
          <div className={errors.notes ? 'subs-field subs-field--error care-form__wide' : 'subs-field care-form__wide'}>
            <label htmlFor={`${idp}-notes`}>Notes</label>
            {errors.notes && (
              <p className="subs-field__error" id={described('notes')}>
                {errors.notes}
              </p>
            )}
            <textarea
              id={`${idp}-notes`}
              rows={3}
              value={notes}
              aria-invalid={Boolean(errors.notes)}
              aria-describedby={described('notes')}
              onChange={(e) => setNotes(e.target.value)}
            />
          </div>
          <VisitPhotoInput id={`${idp}-photos`} {...photos} disabled={busy} />
          {errors.form && (
            <p className="subs-field__error care-form__wide" role="alert">
              {errors.form}
            </p>
          )}
          <div className="care-form__actions">
            <button type="button" className="subs-button subs-button--small" onClick={() => setVisitId(null)} disabled={busy}>
              Cancel
            </button>
            <button
              type="button"
              className="subs-button subs-button--small subs-button--primary"
              onClick={() => void save()}
              disabled={busy}
            >
              {busy ? 'Saving...' : 'Save visit'}
            </button>
          </div>
        </div>
      )}
      {visits === null ? (
        loadError ? (
          <p className="subs-field__error">{loadError}</p>
        ) : (
          <p className="claim-muted">Loading...</p>
        )
      ) : visits.length === 0 ? (
        <p className="claim-muted">No visits recorded yet.</p>
      ) : (
        <ul className="care-visits">
          {visits.map((v) => (
            <li key={v.id}>
              <strong>{VISIT_KINDS[v.kind]}</strong> · <time dateTime={v.at}>{whenText(v.at)}</time>
              <span className="claim-muted">
                {' '}
                · {v.staff}
                {v.store ? ` · ${v.store}` : ''}
              </span>
              {v.notes && <p className="care-visits__notes">{v.notes}</p>}
              {v.photo_ids.length > 0 && <ClaimPhotos ids={v.photo_ids} token={token} size={88} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
