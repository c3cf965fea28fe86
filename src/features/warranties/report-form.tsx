// "Report a problem": what happened, more words, photos of the problem and how the piece comes to us. Loaded when
// the button is pressed. "Send report" keeps the report on the device with its claim number made here (so the number
// shows at once, offline too) and asks the claims' runner to send it.
import { useEffect, useState, type FormEvent } from 'react';
import { newClaimNumber } from '@/shared/claims/claim-number';
import { CLAIM_TEXTS, DELIVERIES, PROBLEMS, type Delivery, type Problem } from '@/shared/claims/claim-texts';
import { reportErrors, type ReportErrors } from './claim-checks';
import { ClaimPhotos } from './claim-photos';
import { KeptFormEnd, MessageField, useKeptForm, type ClaimFormProps } from './kept-form';
import { RadioGroup } from './radio-group';

/** A report has no claim yet: the card's `claimId` is not read. */
type Props = Omit<ClaimFormProps, 'claimId'>;

const NOT_KEPT = 'Your report could not be saved on this device. Please try again.';

export function ReportForm({ db, userId, registrationId, loadPhotos, onQueued, onCancel }: Props) {
  // The claim's id is made once: its photos are kept under it, and every attempt sends it.
  const kept = useKeptForm({ db, loadPhotos, onQueued, onCancel });
  const { id, photos } = kept;
  const photoCount = photos.photos.length;
  const [problem, setProblem] = useState<Problem | ''>('');
  const [details, setDetails] = useState('');
  const [delivery, setDelivery] = useState<Delivery | ''>('');
  const [errors, setErrors] = useState<ReportErrors>({});
  const prefix = `report-${registrationId}`;
  // A field's message goes once it is answered; the others stay until the next "Send report".
  const answered = (field: keyof ReportErrors) => setErrors(({ [field]: _gone, ...rest }) => rest);
  /** Keeps a field's new value and clears its message. */
  const answer =
    <T,>(field: keyof ReportErrors, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      answered(field);
    };
  /** A question with choices: its id, its message, and its answer. */
  const choice = <T,>(field: 'problem' | 'delivery', set: (value: T) => void) => ({
    id: `${prefix}-${field}`,
    error: errors[field],
    onValue: answer(field, set),
  });

  useEffect(() => {
    if (photoCount > 0) setErrors(({ photos: _gone, ...rest }) => rest);
  }, [photoCount]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const found = reportErrors({ problem, details, delivery, photoCount: photos.photos.length });
    setErrors(found);
    if (problem === '' || delivery === '' || Object.keys(found).length) return void kept.focusFirstError();
    await kept.keep({ kind: 'report', id, userId, registrationId, number: newClaimNumber(), problem, details: details.trim(), delivery });
  };

  return (
    <form className="claim-form" ref={kept.form} noValidate onSubmit={(e) => void send(e)} aria-labelledby={`${prefix}-title`}>
      <h3 className="claim-form__title" id={`${prefix}-title`}>
        {CLAIM_TEXTS.report}
      </h3>
      <RadioGroup legend={CLAIM_TEXTS.whatHappened} options={PROBLEMS} value={problem} {...choice('problem', setProblem)} />
      <MessageField
        id={`${prefix}-details`}
        label={CLAIM_TEXTS.tellUsMore}
        value={details}
        error={errors.details}
        rows={5}
        onChange={answer('details', setDetails)}
      />
      <ClaimPhotos id={`${prefix}-photos`} label={CLAIM_TEXTS.photos} error={errors.photos} {...photos} />
      <RadioGroup legend={CLAIM_TEXTS.delivery} options={DELIVERIES} value={delivery} {...choice('delivery', setDelivery)} />
      <KeptFormEnd failed={kept.failed} notKept={NOT_KEPT} send={CLAIM_TEXTS.send} storing={photos.storing} onCancel={kept.cancel} />
    </form>
  );
}
