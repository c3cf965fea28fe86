// "Reply" at "Needs information": the customer's answer to the staff's question, with photos if they help. Kept on
// the device under a reply id made here (sent exactly once), then sent by the claims' runner; the server returns the
// claim to "Submitted".
import { useRef, useState, type FormEvent } from 'react';
import { claimOutboxRepository } from '@/db/claim-outbox-repository';
import { draftsRepository } from '@/db/drafts-repository';
import type { AppDb } from '@/db/schema';
import type { ClaimOutboxEntry } from '@/db/types';
import { requestClaimsFlush } from '@/sync/claim-triggers';
import { CLAIM_TEXTS } from '@/shared/claims/claim-texts';
import { uniqueId } from '@/shared/unique-id';
import { Field } from '@/ui/field';
import { charactersUsed, replyError } from './claim-checks';
import { ClaimPhotos, useClaimPhotos, type LoadPhotoPath } from './claim-photos';

type Props = {
  db: AppDb;
  userId: string;
  registrationId: string;
  claimId: string;
  loadPhotos: LoadPhotoPath;
  onQueued: (entry: ClaimOutboxEntry) => void;
  onCancel: () => void;
};

export function ReplyForm({ db, userId, registrationId, claimId, loadPhotos, onQueued, onCancel }: Props) {
  const [id] = useState(uniqueId);
  const photos = useClaimPhotos(db, id, loadPhotos);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof replyError>>({});
  const [failed, setFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const prefix = `reply-${claimId}`;

  // Photos chosen for a report never sent leave the device with it.
  const cancel = () => {
    void draftsRepository(db).remove(id);
    onCancel();
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const found = replyError(message, photos.photos.length);
    setErrors(found);
    if (found.message || found.photos) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      const entry = await claimOutboxRepository(db).enqueue(
        { kind: 'reply', id, userId, registrationId, claimId, message: message.trim() },
        photos.photos.map((p) => p.id),
      );
      onQueued(entry);
      requestClaimsFlush();
    } catch {
      setFailed(true);
    }
  };

  return (
    <form className="claim-form" ref={form} noValidate onSubmit={(e) => void send(e)} aria-label={CLAIM_TEXTS.reply}>
      <Field id={`${prefix}-message`} label="Your reply" hint={charactersUsed(message)} error={errors.message}>
        {(a11y) => (
          <textarea
            {...a11y}
            className="input claim-form__text"
            rows={4}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setErrors(({ message: _gone, ...rest }) => rest);
            }}
          />
        )}
      </Field>
      <ClaimPhotos id={`${prefix}-photos`} label="Photos (optional)" error={errors.photos} {...photos} />
      {failed && (
        <p className="field__error" role="alert">
          Your reply could not be saved on this device. Please try again.
        </p>
      )}
      <div className="claim-form__actions">
        <button type="submit" className="button button--primary" disabled={photos.storing}>
          Send reply
        </button>
        <button type="button" className="button button--quiet" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
