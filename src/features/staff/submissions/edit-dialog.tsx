// Edit Submission (SPEC.md sections 2, 4, 8): the fields with their checks, where the registration stands, its photos,
// and Save (use-edit-save.ts: kept on this device and sent; a change made on the server meanwhile is shown next to
// the staff member's version to choose from, never overwritten silently). Below them, "New claim" and the
// registration's "Service history" (their own modules, sent on their own, apart from Save).
import { useId, useState, type FormEvent } from 'react';
import type { AppDb } from '@/db/schema';
import { fieldsSchema, type Submission } from '@/shared/contracts/submission';
import type { Conflict } from '@/sync/pending-edits';
import { NewClaim } from '../claims/new-claim';
import { ServiceHistory } from '../claims/service-history';
import { fieldErrors, StaffField } from '../staff-field';
import { ConflictView } from './conflict-view';
import { FIELDS, type Field } from './edit-fields';
import { Modal } from './modal';
import { RegistrationStatus } from './registration-status';
import type { TokenSource } from './staff-images';
import { UploadedImages } from './uploaded-images';
import { useEditSave } from './use-edit-save';

type Form = Record<Field, string>;

type Props = { db: AppDb; row: Submission; token: TokenSource; conflict?: Conflict; onClose: (notice?: string) => void };

export function EditDialog({ db, row, token, conflict: initialConflict, onClose }: Props) {
  const [form, setForm] = useState<Form>(
    () => Object.fromEntries(FIELDS.map(([f]) => [f, initialConflict?.mine.fields[f] ?? row[f] ?? ''])) as Form,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { busy, conflict, save, choose } = useEditSave({ db, row, token, conflict: initialConflict, onClose });
  const idPrefix = useId();

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const checked = fieldsSchema.safeParse({ ...form, image_file_id: row.image_file_id ?? '' });
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    save(Object.fromEntries(FIELDS.map(([f]) => [f, checked.data[f]])));
  };

  return (
    <Modal title="Edit Submission" onClose={() => onClose()} busy={busy} wide={Boolean(conflict)}>
      {conflict ? (
        <ConflictView conflict={conflict} busy={busy} onChoose={choose} />
      ) : (
        <form className="subs-edit" onSubmit={onSave} noValidate>
          {FIELDS.map(([f, label]) => (
            <StaffField key={f} id={`${idPrefix}-${f}`} label={label} error={errors[f]}>
              {(a11y) => (
                <input
                  {...a11y}
                  type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                  value={form[f]}
                  onChange={(e) => setForm((v) => ({ ...v, [f]: e.target.value }))}
                />
              )}
            </StaffField>
          ))}
          <RegistrationStatus row={row} token={token} />
          <UploadedImages fileIds={row.image_file_id ?? ''} token={token} />
          <NewClaim registrationId={row.$id} token={token} />
          <ServiceHistory registrationId={row.$id} token={token} />
          <div className="subs-modal__actions">
            <button type="button" className="subs-button" onClick={() => onClose()} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="subs-button subs-button--primary" disabled={busy}>
              Save
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
