// Edit Submission (SPEC.md sections 2, 4, 8). Save keeps the edit on
// this device and sends it; offline it is sent later. A change made on the server meanwhile is shown next to the
// staff member's version to choose from, never overwritten silently.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AppDb } from '@/db/schema';
import { callFunction } from '@/lib/functions';
import { fieldsSchema, REGISTRATION_STATUS, statusLabel, type Submission } from '@/shared/contracts/submission';
import { flushPendingEdits, queueEdit, resolveConflict, type Conflict } from '@/sync/pending-edits';
import { StaffSyncError } from '@/sync/staff-api';
import { Modal } from './modal';
import { staffImageUrl, type TokenSource } from './staff-images';
import { imageIds } from './submissions-table';
import { staffRepository } from '@/db/staff-repository';

const FIELDS = [
  ['full_name', 'Full Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['selected_product', 'Product'],
  ['product_sku', 'Product SKU (optional)'],
] as const;
type Field = (typeof FIELDS)[number][0];
type Form = Record<Field, string>;

export const SAVED_OFFLINE = 'Saved on this device. It will be sent when the connection returns.';

type Props = { db: AppDb; row: Submission; token: TokenSource; conflict?: Conflict; onClose: (notice?: string) => void };

/** Sends pending edits and says what became of `id`: sent, in conflict, offline, or refused with the server's text. */
async function send(db: AppDb, id: string, bearer: string) {
  let outcome: 'network' | number | null = null;
  const fetchImpl: typeof fetch = async (input, init) => {
    const mine = typeof init?.body === 'string' && (JSON.parse(init.body) as { id?: string }).id === id;
    try {
      const res = await fetch(input, init);
      if (mine) outcome = res.status;
      return res;
    } catch (err) {
      if (mine) outcome = 'network';
      throw err;
    }
  };
  // A run of its own: a sync already sending would not go through this fetch, and its outcome would be unknown.
  const result = await flushPendingEdits(db, { token: bearer, fetchImpl, fresh: true });
  const conflict = result.conflicts.find((c) => c.id === id);
  if (result.sent.includes(id)) return { kind: 'sent' as const };
  // Sent by the run before this one (nothing of it is left on the device).
  if (!conflict && !(await staffRepository(db).pendingEdit(id))) return { kind: 'sent' as const };
  if (conflict) return { kind: 'conflict' as const, conflict };
  if (outcome === null || outcome === 'network') return { kind: 'offline' as const };
  return { kind: 'refused' as const, error: (await staffRepository(db).pendingEdit(id))?.lastError ?? `The server answered ${outcome}.` };
}

/**
 * Where the registration stands (and its store): a pending one can have its confirmation link sent again, a confirmed
 * one its confirmation e-mail (with the certificate).
 */
function RegistrationStatus({ row, token }: { row: Submission; token: TokenSource }) {
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pending = row.status === REGISTRATION_STATUS.pending;
  const resend = async () => {
    setSending(true);
    setMessage(null);
    try {
      const name = pending ? 'resendConfirmationLink' : 'resendConfirmation';
      const res = await callFunction(name, { staffToken: (await token()) ?? '', body: { id: row.$id } });
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      const sent = pending
        ? `A new confirmation link was sent to ${row.email}.`
        : `The confirmation e-mail was sent again to ${row.email}.`;
      setMessage(res.ok ? sent : (body.error ?? `The server answered ${res.status}.`));
    } catch {
      setMessage('It can be sent again once this device is online.');
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="subs-status-line">
      <p>
        <span className="subs-field__label">Status</span> {statusLabel(row.status ?? '')}
        {row.store ? (
          <>
            {' '}
            · <span className="subs-field__label">Store</span> {row.store}
          </>
        ) : null}
      </p>
      <button type="button" className="subs-button subs-button--small" onClick={() => void resend()} disabled={sending}>
        {sending ? 'Sending...' : pending ? 'Resend link' : 'Resend confirmation'}
      </button>
      {message && <p role="status">{message}</p>}
      {row.flags?.length ? (
        <div className="subs-flags">
          <p className="subs-field__label">Check with the customer: the server does not trust this</p>
          <ul>
            {row.flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function UploadedImages({ fileIds, token }: { fileIds: string; token: TokenSource }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    const ids = imageIds({ image_file_id: fileIds });
    void Promise.all(ids.map((id) => staffImageUrl(id, 240, token))).then(
      (list) => live && setUrls(list.filter((u): u is string => Boolean(u))),
    );
    return () => {
      live = false;
    };
  }, [fileIds, token]);
  if (!urls.length) return null;
  return (
    <figure className="subs-edit__images">
      <figcaption>Uploaded Image</figcaption>
      {urls.map((u) => (
        <img
          key={u}
          src={u}
          width={120}
          alt="Uploaded Image"
          className="subs-edit__image"
          onError={() => setUrls((l) => l.filter((x) => x !== u))}
        />
      ))}
    </figure>
  );
}

function ConflictView({ conflict, busy, onChoose }: { conflict: Conflict; busy: boolean; onChoose: (c: 'mine' | 'theirs') => void }) {
  return (
    <div className="subs-conflict">
      <p className="subs-conflict__lead" role="alert">
        Someone else changed this submission since you opened it. Nothing has been overwritten: choose which version to keep.
      </p>
      <table className="subs-conflict__table">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Your version</th>
            <th scope="col">Current version</th>
          </tr>
        </thead>
        <tbody>
          {FIELDS.map(([f, label]) => {
            const mine = conflict.mine.fields[f] ?? '';
            const theirs = conflict.current[f] ?? '';
            return (
              <tr key={f} className={mine === theirs ? '' : 'subs-conflict__diff'}>
                <th scope="row">{label}</th>
                <td>{mine || '-'}</td>
                <td>{theirs || '-'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="subs-modal__actions">
        <button type="button" className="subs-button" disabled={busy} onClick={() => onChoose('theirs')}>
          Use current version
        </button>
        <button type="button" className="subs-button subs-button--primary" disabled={busy} onClick={() => onChoose('mine')}>
          Keep my version
        </button>
      </div>
    </div>
  );
}

export function EditDialog({ db, row, token, conflict: initialConflict, onClose }: Props) {
  const [form, setForm] = useState<Form>(
    () => Object.fromEntries(FIELDS.map(([f]) => [f, initialConflict?.mine.fields[f] ?? row[f] ?? ''])) as Form,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Conflict | undefined>(initialConflict);
  const base = useRef(row.$updatedAt);
  const idPrefix = useId();

  async function deliver() {
    const bearer = await token();
    if (!bearer) return onClose(SAVED_OFFLINE);
    const outcome = await send(db, row.$id, bearer);
    if (outcome.kind === 'sent') return onClose('Saved.');
    if (outcome.kind === 'offline') return onClose(SAVED_OFFLINE);
    if (outcome.kind === 'conflict') {
      const { mine, current } = outcome.conflict;
      // The server already holds exactly this edit (sent earlier from this device): nothing to choose.
      if (FIELDS.every(([f]) => (mine.fields[f] ?? '') === (current[f] ?? ''))) {
        await resolveConflict(db, row.$id, 'theirs');
        return onClose('Saved.');
      }
      return setConflict(outcome.conflict);
    }
    window.alert(`Update failed: ${outcome.error}`);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      if (err instanceof StaffSyncError && err.status !== 0) window.alert(`Update failed: ${err.message}`);
      else window.alert(`An error occurred while saving: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  }

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const checked = fieldsSchema.safeParse({ ...form, image_file_id: row.image_file_id ?? '' });
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    const fields = Object.fromEntries(FIELDS.map(([f]) => [f, checked.data[f]]));
    void run(async () => {
      await queueEdit(db, { id: row.$id, fields, baseUpdatedAt: base.current });
      await deliver();
    });
  };

  const onChoose = (choice: 'mine' | 'theirs') =>
    void run(async () => {
      await resolveConflict(db, row.$id, choice);
      if (choice === 'theirs') return onClose('The current version was kept.');
      setConflict(undefined);
      await deliver();
    });

  return (
    <Modal title="Edit Submission" onClose={() => onClose()} busy={busy} wide={Boolean(conflict)}>
      {conflict ? (
        <ConflictView conflict={conflict} busy={busy} onChoose={onChoose} />
      ) : (
        <form className="subs-edit" onSubmit={onSave} noValidate>
          {FIELDS.map(([f, label]) => (
            <div key={f} className={errors[f] ? 'subs-field subs-field--error' : 'subs-field'}>
              <label htmlFor={`${idPrefix}-${f}`}>{label}</label>
              {errors[f] && (
                <p className="subs-field__error" id={`${idPrefix}-${f}-error`}>
                  {errors[f]}
                </p>
              )}
              <input
                id={`${idPrefix}-${f}`}
                type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                value={form[f]}
                aria-invalid={Boolean(errors[f])}
                aria-describedby={errors[f] ? `${idPrefix}-${f}-error` : undefined}
                onChange={(e) => setForm((v) => ({ ...v, [f]: e.target.value }))}
              />
            </div>
          ))}
          <RegistrationStatus row={row} token={token} />
          <UploadedImages fileIds={row.image_file_id ?? ''} token={token} />
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
