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
import { Choices, StaffField } from '../staff-field';
import { CareForm, CareSection } from './care-section';
import { whenText } from './claim-format';
import { useCareForm } from './use-care-form';
import { ClaimPhotos } from './claim-photos';
import { VisitPhotoInput, useVisitPhotos } from './visit-photos';

const newest = (visits: CareVisit[]) => visits.slice().sort((a, b) => (a.at < b.at ? 1 : -1));

export function ServiceHistory({ registrationId, token }: { registrationId: string; token: TokenSource }) {
  const [visits, setVisits] = useState<CareVisit[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [kind, setKind] = useState<VisitKind | ''>('');
  const [notes, setNotes] = useState('');
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

  const form = useCareForm({
    make: uniqueId,
    reset: () => {
      setKind('');
      setNotes('');
      photos.clear();
    },
    notReady: () => (photos.sending ? 'Wait until the photos are sent.' : null),
    check: (id) => recordVisitBodySchema.safeParse({ id, registration_id: registrationId, kind, notes, photo_ids: photos.ids }),
    send: async (body) => callStaffFunction('recordVisit', { staffToken: (await token()) ?? '', body }),
    done: ({ visit }) => setVisits((v) => newest([visit, ...(v ?? []).filter((x) => x.id !== visit.id)])),
  });
  const { errors } = form;

  return (
    <CareSection title={CLAIM_TEXTS.serviceHistory} start={CLAIM_TEXTS.recordVisit} form={form}>
      {form.isOpen && (
        <CareForm label={CLAIM_TEXTS.recordVisit} form={form} send="Save visit" sending="Saving...">
          <StaffField id={`${idp}-kind`} label="Kind of visit" error={errors.kind}>
            {(a11y) => <Choices {...a11y} choices={VISIT_KINDS} value={kind} onChange={(e) => setKind(e.target.value as VisitKind | '')} />}
          </StaffField>
          <StaffField id={`${idp}-notes`} label="Notes" error={errors.notes} className="care-form__wide">
            {(a11y) => <textarea {...a11y} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />}
          </StaffField>
          <VisitPhotoInput id={`${idp}-photos`} {...photos} disabled={form.busy} />
        </CareForm>
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
    </CareSection>
  );
}
