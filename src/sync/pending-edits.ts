// Staff edits made on this device: shown at once, sent later with the version they were based on, and never
// overwriting someone else's change (a conflict keeps both versions for the staff member to choose).
import type { AppDb } from '@/db/schema';
import type { PendingEdit } from '@/db/types';
import type { Submission } from '@/shared/contracts/submission';
import { withLock } from './lock';
import { failure, request, type StaffFetch } from './staff-api';

export type EditableFields = PendingEdit['fields'];
export type Conflict = { id: string; mine: PendingEdit; current: Submission };
export type FlushResult = { sent: string[]; conflicts: Conflict[]; failed: number };

const EDITABLE = ['full_name', 'email', 'phone', 'address', 'product_sku', 'selected_product', 'image_file_id'] as const;
const pickFields = (s: Partial<Submission> | undefined): Partial<EditableFields> =>
  Object.fromEntries(EDITABLE.filter((f) => s?.[f] !== undefined).map((f) => [f, s![f]]));

/**
 * Saves a staff edit on the device and shows it in the cache at once. A second edit before sending merges into the
 * first and keeps its base version, so a change made on the server meanwhile is still detected.
 */
export async function queueEdit(
  db: AppDb,
  edit: { id: string; fields: Partial<EditableFields>; baseUpdatedAt: string },
): Promise<PendingEdit> {
  return db.transaction('rw', db.pendingEdits, db.submissions, async () => {
    const [prev, row] = await Promise.all([db.pendingEdits.get(edit.id), db.submissions.get(edit.id)]);
    const fields = { ...blankFields(), ...pickFields(row), ...prev?.fields, ...edit.fields } as EditableFields;
    const next: PendingEdit = {
      id: edit.id,
      fields,
      baseUpdatedAt: prev?.baseUpdatedAt ?? edit.baseUpdatedAt,
      savedAt: Math.max(Date.now(), (prev?.savedAt ?? 0) + 1),
      lastError: null,
      ...(prev?.current ? { current: prev.current } : {}),
    };
    await db.pendingEdits.put(next);
    if (row) await db.submissions.put({ ...row, ...fields });
    return next;
  });
}

const blankFields = (): EditableFields => Object.fromEntries(EDITABLE.map((f) => [f, ''])) as EditableFields;

/** After a 200: the server's row replaces the optimistic one, unless the edit changed again while it was sent. */
async function settleSent(db: AppDb, sent: PendingEdit, saved: Submission) {
  await db.transaction('rw', db.pendingEdits, db.submissions, async () => {
    const now = await db.pendingEdits.get(sent.id);
    if (now && now.savedAt !== sent.savedAt) {
      await db.pendingEdits.put({ ...now, baseUpdatedAt: saved.$updatedAt });
      await db.submissions.put({ ...saved, ...now.fields });
    } else {
      await db.pendingEdits.delete(sent.id);
      await db.submissions.put(saved);
    }
  });
}

/**
 * Sends pending edits oldest first. A 409 keeps the edit with the server's copy for the staff member to resolve;
 * a network failure keeps it and the rest for later; a refused session stops with a StaffSyncError.
 */
/** Sends the edits waiting on this device; `fresh` makes it a run of its own (its caller watches its requests). */
export function flushPendingEdits(db: AppDb, opts: StaffFetch & { fresh?: boolean }): Promise<FlushResult> {
  return withLock(db, 'edits', () => flushOnce(db, opts), { fresh: opts.fresh });
}

async function flushOnce(db: AppDb, opts: StaffFetch): Promise<FlushResult> {
  const edits = (await db.pendingEdits.toArray()).sort((a, b) => a.savedAt - b.savedAt);
  const out: FlushResult = {
    sent: [],
    conflicts: edits.flatMap((e) => (e.current ? [{ id: e.id, mine: e, current: e.current }] : [])),
    failed: 0,
  };
  const toSend = edits.filter((e) => !e.current);
  for (const [i, edit] of toSend.entries()) {
    let res: Response;
    try {
      res = await request(opts, 'updateAppwriteSubmission', {
        body: { id: edit.id, ...edit.fields, expected_updated_at: edit.baseUpdatedAt },
      });
    } catch (err) {
      await db.pendingEdits.update(edit.id, { lastError: (err as Error).message });
      out.failed += toSend.length - i;
      break;
    }
    if (res.ok) {
      await settleSent(db, edit, (await res.json()) as Submission);
      out.sent.push(edit.id);
      continue;
    }
    const error = await failure(res);
    const current = res.status === 409 ? error.body.details?.current : undefined;
    if (current) {
      await db.pendingEdits.update(edit.id, { current, lastError: error.message });
      out.conflicts.push({ id: edit.id, mine: { ...edit, current, lastError: error.message }, current });
      continue;
    }
    await db.pendingEdits.update(edit.id, { lastError: error.message });
    if (res.status === 401 || res.status === 403) throw error;
    out.failed++;
  }
  return out;
}

/**
 * Settles a conflict: 'mine' keeps the edit, now based on the server's copy, to be sent by the next flush;
 * 'theirs' drops the edit and shows the server's copy.
 */
export async function resolveConflict(db: AppDb, id: string, choice: 'mine' | 'theirs'): Promise<void> {
  await db.transaction('rw', db.pendingEdits, db.submissions, async () => {
    const edit = await db.pendingEdits.get(id);
    if (!edit?.current) throw new Error(`No conflict to resolve for submission ${id}.`);
    const { current, ...mine } = edit;
    if (choice === 'theirs') {
      await db.pendingEdits.delete(id);
      await db.submissions.put(current);
      return;
    }
    await db.pendingEdits.put({
      ...mine,
      baseUpdatedAt: current.$updatedAt,
      lastError: null,
      savedAt: Math.max(Date.now(), edit.savedAt + 1),
    });
    await db.submissions.put({ ...current, ...edit.fields });
  });
}
