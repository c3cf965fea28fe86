// What the report and the reply forms share: an id made once (their photos are kept under it and every attempt sends
// it), keeping the entry on the device and asking the claims' runner to send it, the focus on the first field with a
// message, a text with its character count, and the form's end (the failure to keep it, the send and Cancel buttons).
import { useRef, useState, type ReactNode } from 'react';
import { claimOutboxRepository } from '@/db/claim-outbox-repository';
import { draftsRepository } from '@/db/drafts-repository';
import type { AppDb } from '@/db/schema';
import type { ClaimOutboxEntry } from '@/db/types';
import { requestClaimsFlush } from '@/sync/flush-request';
import { uniqueId } from '@/shared/unique-id';
import { Field } from '@/ui/field';
import { charactersUsed } from './claim-checks';
import { useClaimPhotos, type LoadPhotoPath } from './claim-photos';

type Queued = Parameters<ReturnType<typeof claimOutboxRepository>['enqueue']>[0];
type KeptFormProps = { db: AppDb; loadPhotos: LoadPhotoPath; onQueued: (entry: ClaimOutboxEntry) => void; onCancel: () => void };
/** What a card gives its report or reply form. */
export type ClaimFormProps = KeptFormProps & { userId: string; registrationId: string; claimId: string };

export function useKeptForm({ db, loadPhotos, onQueued, onCancel }: KeptFormProps) {
  const [id] = useState(uniqueId);
  const photos = useClaimPhotos(db, id, loadPhotos);
  const [failed, setFailed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  return {
    id,
    photos,
    failed,
    form,
    /** The first field with a message takes the focus, so a screen reader reads it first. */
    focusFirstError: () => requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()),
    /** Keeps the entry (with the photos chosen) on the device and asks for it to be sent. */
    keep: async (entry: Queued) => {
      try {
        onQueued(
          await claimOutboxRepository(db).enqueue(
            entry,
            photos.photos.map((p) => p.id),
          ),
        );
        requestClaimsFlush();
      } catch {
        setFailed(true);
      }
    },
    /** Photos chosen for an entry never sent leave the device with it. */
    cancel: () => {
      void draftsRepository(db).remove(id);
      onCancel();
    },
  };
}

type TextProps = { id: string; label: string; value: string; error?: string; rows: number; onChange: (value: string) => void };

/** A free text with how many of its characters are used. */
export const MessageField = ({ id, label, value, error, rows, onChange }: TextProps) => (
  <Field id={id} label={label} hint={charactersUsed(value)} error={error}>
    {(a11y) => (
      <textarea {...a11y} className="input claim-form__text" rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />
    )}
  </Field>
);

type EndProps = { failed: boolean; notKept: string; send: ReactNode; storing: boolean; onCancel: () => void };

/** The failure to keep the entry on the device, then the send and Cancel buttons. */
export const KeptFormEnd = ({ failed, notKept, send, storing, onCancel }: EndProps) => (
  <>
    {failed && (
      <p className="field__error" role="alert">
        {notKept}
      </p>
    )}
    <div className="claim-form__actions">
      <button type="submit" className="button button--primary" disabled={storing}>
        {send}
      </button>
      <button type="button" className="button button--quiet" onClick={onCancel}>
        Cancel
      </button>
    </div>
  </>
);
