// Saving an edit from the Edit Submission dialog: kept on this device first, then sent in a run of its own. Offline
// it is sent later; a change made on the server meanwhile comes back as a conflict for the staff member to settle,
// never overwritten silently.
import { useRef, useState } from 'react';
import type { AppDb } from '@/db/schema';
import type { Submission } from '@/shared/contracts/submission';
import { flushPendingEdits, queueEdit, resolveConflict, type Conflict, type EditableFields } from '@/sync/pending-edits';
import { StaffSyncError } from '@/sync/staff-api';
import { FIELDS } from './edit-fields';
import type { TokenSource } from './staff-images';

export const SAVED_OFFLINE = 'Saved on this device. It will be sent when the connection returns.';

type Options = { db: AppDb; row: Submission; token: TokenSource; conflict?: Conflict; onClose: (notice?: string) => void };

/** The save's state (busy, the conflict shown) and the staff member's two actions: save the fields, settle a conflict. */
export function useEditSave({ db, row, token, conflict: initialConflict, onClose }: Options) {
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Conflict | undefined>(initialConflict);
  const base = useRef(row.$updatedAt);

  async function deliver() {
    const bearer = await token();
    if (!bearer) return onClose(SAVED_OFFLINE);
    // A run of its own, after any running one, so the edit just saved is in it; none found was sent by a run before.
    const outcome = (await flushPendingEdits(db, { token: bearer, fresh: true })).outcomeOf(row.$id) ?? { kind: 'sent' };
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

  /** Keeps the edit on this device, based on the version the dialog opened with, and sends it. */
  const save = (fields: Partial<EditableFields>) =>
    void run(async () => {
      await queueEdit(db, { id: row.$id, fields, baseUpdatedAt: base.current });
      await deliver();
    });

  /** Settles the conflict: the current version closes the dialog; the staff member's own is sent again. */
  const choose = (choice: 'mine' | 'theirs') =>
    void run(async () => {
      await resolveConflict(db, row.$id, choice);
      if (choice === 'theirs') return onClose('The current version was kept.');
      setConflict(undefined);
      await deliver();
    });

  return { busy, conflict, save, choose };
}
