// Staff edits made on this device: shown at once, sent later with the version they were based on, and never
// overwriting someone else's change (a conflict keeps both versions for the staff member to choose).
import { pendingEditsRepository } from '@/db/pending-edits-repository';
import type { AppDb } from '@/db/schema';
import type { PendingEdit } from '@/db/types';
import type { Submission } from '@/shared/contracts/submission';
import type { StaffResult } from '@/lib/staff-functions';
import { withLock } from './lock';
import { failure, request, type StaffFetch } from './staff-api';

export type EditableFields = PendingEdit['fields'];
export type Conflict = { id: string; mine: PendingEdit; current: Submission };

/** What became of one edit in a run: sent, kept in conflict, refused with the server's text, or kept for later. */
export type EditOutcome =
  { kind: 'sent' } | { kind: 'conflict'; conflict: Conflict } | { kind: 'refused'; error: string } | { kind: 'offline' };

/** A run's totals (the edits sent, the conflicts waiting, how many are left to send) and each edit's outcome. */
export class FlushResult {
  readonly sent: string[] = [];
  readonly conflicts: Conflict[];
  failed = 0;
  readonly #outcomes = new Map<string, EditOutcome>();

  constructor(waiting: Conflict[]) {
    this.conflicts = waiting;
    for (const conflict of waiting) this.#outcomes.set(conflict.id, { kind: 'conflict', conflict });
  }

  /** What became of the edit of submission `id`; undefined when the run found none waiting (sent by an earlier run). */
  outcomeOf(id: string): EditOutcome | undefined {
    return this.#outcomes.get(id);
  }

  /** Records what became of an edit (the run's own bookkeeping). */
  note(id: string, outcome: EditOutcome) {
    this.#outcomes.set(id, outcome);
    if (outcome.kind === 'sent') this.sent.push(id);
    else if (outcome.kind === 'conflict') this.conflicts.push(outcome.conflict);
    else this.failed++;
  }
}

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
  return pendingEditsRepository(db).save(edit.id, (prev, row) => ({
    id: edit.id,
    fields: { ...blankFields(), ...pickFields(row), ...prev?.fields, ...edit.fields } as EditableFields,
    baseUpdatedAt: prev?.baseUpdatedAt ?? edit.baseUpdatedAt,
    savedAt: Math.max(Date.now(), (prev?.savedAt ?? 0) + 1),
    lastError: null,
    ...(prev?.current ? { current: prev.current } : {}),
  }));
}

const blankFields = (): EditableFields => Object.fromEntries(EDITABLE.map((f) => [f, ''])) as EditableFields;

/**
 * Sends the edits waiting on this device, oldest first, and says what became of each. A 409 keeps the edit with the
 * server's copy for the staff member to resolve; a network failure keeps it and the rest for later; a refused
 * session stops with a StaffSyncError. With `fresh` it is a run of its own, after any running one, so an edit saved
 * just before is in it.
 */
export function flushPendingEdits(db: AppDb, opts: StaffFetch & { fresh?: boolean }): Promise<FlushResult> {
  return withLock(db, 'edits', () => flushOnce(db, opts), { fresh: opts.fresh });
}

async function flushOnce(db: AppDb, opts: StaffFetch): Promise<FlushResult> {
  const waiting = pendingEditsRepository(db);
  const edits = (await waiting.all()).sort((a, b) => a.savedAt - b.savedAt);
  const out = new FlushResult(edits.flatMap((e) => (e.current ? [{ id: e.id, mine: e, current: e.current }] : [])));
  const toSend = edits.filter((e) => !e.current);
  for (const [i, edit] of toSend.entries()) {
    let answer: StaffResult<'updateAppwriteSubmission'>;
    try {
      answer = await request(opts, 'updateAppwriteSubmission', {
        body: { id: edit.id, ...edit.fields, expected_updated_at: edit.baseUpdatedAt },
      });
    } catch (err) {
      await waiting.noteError(edit.id, (err as Error).message);
      for (const later of toSend.slice(i)) out.note(later.id, { kind: 'offline' });
      break;
    }
    if (answer.ok) {
      // The server's row replaces the one shown, unless the edit changed again while it was sent.
      await waiting.settleSent(edit, answer.data);
      out.note(edit.id, { kind: 'sent' });
      continue;
    }
    const current = answer.status === 409 ? answer.details?.current : undefined;
    if (current) {
      await waiting.holdInConflict(edit.id, current, answer.error);
      out.note(edit.id, { kind: 'conflict', conflict: { id: edit.id, mine: { ...edit, current, lastError: answer.error }, current } });
      continue;
    }
    await waiting.noteError(edit.id, answer.error);
    if (answer.status === 401 || answer.status === 403) throw failure(answer);
    out.note(edit.id, { kind: 'refused', error: answer.error });
  }
  return out;
}

/**
 * Settles a conflict: 'mine' keeps the edit, now based on the server's copy, to be sent by the next flush;
 * 'theirs' drops the edit and shows the server's copy.
 */
export function resolveConflict(db: AppDb, id: string, choice: 'mine' | 'theirs'): Promise<void> {
  return pendingEditsRepository(db).resolveConflict(id, choice);
}
