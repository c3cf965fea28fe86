// "New claim" in the edit dialog: staff open a claim for this registration (openClaim) with what the customer told
// them, then are offered the claim's page. Its id and number are made once when the form opens, so sending it again
// (a double click, a retry after a lost answer) opens one claim. No <form> of its own: it sits inside the edit form.
// Photos taken at the counter are made small on this device and sent as they are chosen (./visit-photos.tsx, as
// "Record a visit" does); "Open claim" names them, and the server joins them to the claim.
import { useId, useState, type ReactElement } from 'react';
import { callStaffFunction } from '@/lib/staff-functions';
import { newClaimNumber } from '@/shared/claims/claim-number';
import { CLAIM_TEXTS, DELIVERIES, PROBLEMS, claimHeading } from '@/shared/claims/claim-texts';
import { openClaimBodySchema } from '@/shared/contracts/claims';
import { uniqueId } from '@/shared/unique-id';
import type { TokenSource } from '../submissions/staff-images';
import { Choices, StaffField, type StaffFieldA11y } from '../staff-field';
import { CareForm, CareSection } from './care-section';
import { claimPath } from './claims-table';
import { useCareForm } from './use-care-form';
import { VisitPhotoInput, useVisitPhotos } from './visit-photos';

type Field = 'problem' | 'details' | 'delivery';
type Draft = Record<Field, string>;
const EMPTY: Draft = { problem: '', details: '', delivery: '' };

export function NewClaim({ registrationId, token }: { registrationId: string; token: TokenSource }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [opened, setOpened] = useState<{ id: string; number: string } | null>(null);
  const photos = useVisitPhotos(token);
  const form = useCareForm({
    make: () => ({ id: uniqueId(), number: newClaimNumber() }),
    reset: () => {
      setDraft(EMPTY);
      setOpened(null);
      photos.clear();
    },
    notReady: () => (photos.sending ? 'Wait until the photos are sent.' : null),
    check: (ids) => openClaimBodySchema.safeParse({ ...ids, registration_id: registrationId, ...draft, photo_ids: photos.ids }),
    send: async (body) => callStaffFunction('openClaim', { staffToken: (await token()) ?? '', body }),
    done: ({ claim }) => setOpened({ id: claim.id, number: claim.number }),
  });
  const { errors } = form;
  const idp = useId();

  const field = (f: Field, label: string, control: (a11y: StaffFieldA11y) => ReactElement) => (
    <StaffField id={`${idp}-${f}`} label={label} error={errors[f]}>
      {control}
    </StaffField>
  );
  const set = (f: Field) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [f]: e.target.value }));

  return (
    <CareSection title="Claims" start={CLAIM_TEXTS.newClaim} form={form}>
      {opened && (
        <p role="status" className="care-section__done">
          {claimHeading(opened.number)} was opened. <a href={claimPath(opened.id)}>Open {claimHeading(opened.number)}</a>
        </p>
      )}
      {form.isOpen && (
        <CareForm label={CLAIM_TEXTS.newClaim} form={form} send="Open claim" sending="Opening...">
          {field('problem', CLAIM_TEXTS.whatHappened, (p) => (
            <Choices {...p} choices={PROBLEMS} value={draft.problem} onChange={set('problem')} />
          ))}
          {field('delivery', CLAIM_TEXTS.delivery, (p) => (
            <Choices {...p} choices={DELIVERIES} value={draft.delivery} onChange={set('delivery')} />
          ))}
          {field('details', CLAIM_TEXTS.tellUsMore, (p) => (
            <textarea {...p} rows={3} value={draft.details} onChange={set('details')} />
          ))}
          <VisitPhotoInput
            id={`${idp}-photos`}
            {...photos}
            disabled={form.busy}
            label={`${CLAIM_TEXTS.photos} (optional)`}
            listLabel={CLAIM_TEXTS.photos}
          />
        </CareForm>
      )}
    </CareSection>
  );
}
