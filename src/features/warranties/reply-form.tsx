// "Reply" at "Needs information": the customer's answer to the staff's question, with photos if they help. Kept on
// the device under a reply id made here (sent exactly once), then sent by the claims' runner; the server returns the
// claim to "Submitted".
import { useState, type FormEvent } from 'react';
import { CLAIM_TEXTS } from '@/shared/claims/claim-texts';
import { replyError } from './claim-checks';
import { ClaimPhotos } from './claim-photos';
import { KeptFormEnd, MessageField, useKeptForm, type ClaimFormProps } from './kept-form';

export function ReplyForm({ db, userId, registrationId, claimId, loadPhotos, onQueued, onCancel }: ClaimFormProps) {
  const kept = useKeptForm({ db, loadPhotos, onQueued, onCancel });
  const { id, photos } = kept;
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<ReturnType<typeof replyError>>({});
  const prefix = `reply-${claimId}`;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const found = replyError(message, photos.photos.length);
    setErrors(found);
    if (found.message || found.photos) return void kept.focusFirstError();
    await kept.keep({ kind: 'reply', id, userId, registrationId, claimId, message: message.trim() });
  };

  return (
    <form className="claim-form" ref={kept.form} noValidate onSubmit={(e) => void send(e)} aria-label={CLAIM_TEXTS.reply}>
      <MessageField
        id={`${prefix}-message`}
        label="Your reply"
        value={message}
        error={errors.message}
        rows={4}
        onChange={(value) => {
          setMessage(value);
          setErrors(({ message: _gone, ...rest }) => rest);
        }}
      />
      <ClaimPhotos id={`${prefix}-photos`} label="Photos (optional)" error={errors.photos} {...photos} />
      <KeptFormEnd
        failed={kept.failed}
        notKept="Your reply could not be saved on this device. Please try again."
        send="Send reply"
        storing={photos.storing}
        onCancel={kept.cancel}
      />
    </form>
  );
}
