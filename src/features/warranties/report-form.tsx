// "Report a problem": what happened, more words, photos of the problem and how the piece comes to us. Loaded when
// the button is pressed. "Send report" keeps the report on the device with its claim number made here (so the number
// shows at once, offline too) and asks the claims' runner to send it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { claimOutboxRepository } from '@/db/claim-outbox-repository';
import { draftsRepository } from '@/db/drafts-repository';
import type { AppDb } from '@/db/schema';
import type { ClaimOutboxEntry } from '@/db/types';
import { requestClaimsFlush } from '@/sync/claim-triggers';
import { newClaimNumber } from '@/shared/claims/claim-number';
import { CLAIM_TEXTS, DELIVERIES, PROBLEMS, type Delivery, type Problem } from '@/shared/claims/claim-texts';
import { uniqueId } from '@/shared/unique-id';
import { Field } from '@/ui/field';
import { charactersUsed, reportErrors, type ReportErrors } from './claim-checks';
import { ClaimPhotos, useClaimPhotos, type LoadPhotoPath } from './claim-photos';
import { RadioGroup } from './radio-group';

type Props = {
  db: AppDb;
  userId: string;
  registrationId: string;
  loadPhotos: LoadPhotoPath;
  onQueued: (entry: ClaimOutboxEntry) => void;
  onCancel: () => void;
};

const NOT_KEPT = 'Your report could not be saved on this device. Please try again.';

export function ReportForm({ db, userId, registrationId, loadPhotos, onQueued, onCancel }: Props) {
  // The claim's id, made once: its photos are kept under it, and every attempt sends it.
  const [id] = useState(uniqueId);
  const photos = useClaimPhotos(db, id, loadPhotos);
  const photoCount = photos.photos.length;
  const [problem, setProblem] = useState<Problem | ''>('');
  const [details, setDetails] = useState('');
  const [delivery, setDelivery] = useState<Delivery | ''>('');
  const [errors, setErrors] = useState<ReportErrors>({});
  const [failed, setFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const prefix = `report-${registrationId}`;
  // A field's message goes once it is answered; the others stay until the next "Send report".
  const answered = (field: keyof ReportErrors) => setErrors(({ [field]: _gone, ...rest }) => rest);

  // Photos chosen for a report never sent leave the device with it.
  const cancel = () => {
    void draftsRepository(db).remove(id);
    onCancel();
  };

  useEffect(() => {
    if (photoCount > 0) setErrors(({ photos: _gone, ...rest }) => rest);
  }, [photoCount]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const found = reportErrors({ problem, details, delivery, photoCount: photos.photos.length });
    setErrors(found);
    if (problem === '' || delivery === '' || Object.keys(found).length) {
      // The first field with a message takes the focus, so a screen reader reads it first.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      const entry = await claimOutboxRepository(db).enqueue(
        { kind: 'report', id, userId, registrationId, number: newClaimNumber(), problem, details: details.trim(), delivery },
        photos.photos.map((p) => p.id),
      );
      onQueued(entry);
      requestClaimsFlush();
    } catch {
      setFailed(true);
    }
  };

  return (
    <form className="claim-form" ref={form} noValidate onSubmit={(e) => void send(e)} aria-labelledby={`${prefix}-title`}>
      <h3 className="claim-form__title" id={`${prefix}-title`}>
        {CLAIM_TEXTS.report}
      </h3>
      <RadioGroup
        id={`${prefix}-problem`}
        legend={CLAIM_TEXTS.whatHappened}
        options={PROBLEMS}
        value={problem}
        error={errors.problem}
        onValue={(v) => {
          setProblem(v);
          answered('problem');
        }}
      />
      <Field id={`${prefix}-details`} label={CLAIM_TEXTS.tellUsMore} hint={charactersUsed(details)} error={errors.details}>
        {(a11y) => (
          <textarea
            {...a11y}
            className="input claim-form__text"
            rows={5}
            value={details}
            onChange={(e) => {
              setDetails(e.target.value);
              answered('details');
            }}
          />
        )}
      </Field>
      <ClaimPhotos id={`${prefix}-photos`} label={CLAIM_TEXTS.photos} error={errors.photos} {...photos} />
      <RadioGroup
        id={`${prefix}-delivery`}
        legend={CLAIM_TEXTS.delivery}
        options={DELIVERIES}
        value={delivery}
        error={errors.delivery}
        onValue={(v) => {
          setDelivery(v);
          answered('delivery');
        }}
      />
      {failed && (
        <p className="field__error" role="alert">
          {NOT_KEPT}
        </p>
      )}
      <div className="claim-form__actions">
        <button type="submit" className="button button--primary" disabled={photos.storing}>
          {CLAIM_TEXTS.send}
        </button>
        <button type="button" className="button button--quiet" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
