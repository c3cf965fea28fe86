// A step on an open claim: the customer's reply (at "Needs information") or a staff action. The claim machine
// (src/shared/claims/claim.machine.ts) decides from the stored status whether it is allowed; each step is written
// exactly once by its device-made `event_id`. The event is written first and the claim after it, so a step cut short
// between the two is completed when it is sent again (its event is then the claim's latest, and the claim does not
// yet show it).
//
// Two steps on the same claim at once (two staff, or staff and the customer's reply) cannot both apply: a status step
// on the claim at version v stores its event in the slot "claim id:v+1", which the collection's unique index lets
// one event hold (Appwrite Cloud has no transactions; the index is the compare-and-set). The second step finds the
// slot taken and is refused with 409 and the claim as the first step makes it. Notes change no status and take none.
import { nextClaimStatus, isOpenClaim, customerSees, type ClaimEvent } from '../../../src/shared/claims/claim.machine';
import { CLAIM_STATUSES, type ClaimStatus } from '../../../src/shared/claims/claim-texts';
import type { ClaimEventRecord, StaffClaim } from '../../../src/shared/contracts/claims';
import { HttpError } from '../http';
import { mailClaimUpdate } from '../mail/claim-update';
import { checkPhotos, joinPhotos } from './photos';
import { claimOf, claimsDb, customerView, failed, isConflict, readableBy, slotOf, slotVersion, type StoredClaim } from './store';

type Step = {
  eventId: string;
  event: ClaimEvent;
  byName: string;
  photoIds: readonly string[];
};

const missingClaim = () => new HttpError(404, 'not_found', 'That claim does not exist.');
/** 409 with the claim as it is now, for a step sent from a status it no longer has. */
const changedMeanwhile = (current: StaffClaim) =>
  new HttpError(409, 'conflict', `This claim was changed meanwhile: it is "${CLAIM_STATUSES[current.status]}" now.`, { current });
/** A step whose slot another step took, this long ago or more, was cut short: the claim is brought up to it. */
const CUT_SHORT_MS = 30_000;
const idTaken = () => new HttpError(409, 'id_taken', 'That step was already used for another claim. Please try again.');

/** What the claim stores of a step: its status, and the question, reason or resolution it carries. */
export function changesOf(before: StaffClaim, e: Pick<ClaimEventRecord, 'action' | 'message' | 'resolution' | 'status_after' | 'at'>) {
  const status = e.status_after;
  return {
    status,
    open: isOpenClaim(status),
    ...(isOpenClaim(before.status) && !isOpenClaim(status) ? { ended_at: e.at } : {}),
    ...(e.action === 'ask' ? { question: e.message } : {}),
    ...(e.action === 'reply' ? { question: '' } : {}),
    ...(e.action === 'deny' ? { reason: e.message } : {}),
    ...(e.action === 'approve' ? { resolution: e.resolution } : {}),
  };
}

/** Writes the step that took the slot of `version` on the claim (a note, with no version, changes nothing). */
async function update(stored: StoredClaim, e: ClaimEventRecord, version: number | null): Promise<StoredClaim> {
  if (e.action === 'note' || version === null) return stored;
  const db = claimsDb();
  try {
    const data = { ...changesOf(stored.claim, e), version };
    const doc = await db.databases.updateDocument({ ...db.claims, documentId: stored.claim.id, data });
    return claimOf(doc);
  } catch (err) {
    failed(err, 'claim');
  }
}

/** A step sent again: the claim as it stands, the step completed if it was cut short. */
async function repeat(stored: StoredClaim, sent: { event: ClaimEventRecord; slot: string }): Promise<StoredClaim> {
  const e = sent.event;
  if (e.claim_id !== stored.claim.id) throw idTaken();
  if (e.action === 'note' || stored.claim.status === e.status_after) return stored;
  const version = slotVersion(sent.slot);
  // A step stored before slots were kept: it is completed only while it is the claim's latest.
  if (version === null) {
    const latest = (await claimsDb().eventsOf(stored.claim.id)).at(-1);
    return latest?.id === e.id ? update(stored, e, stored.version) : stored;
  }
  return version === stored.version + 1 ? update(stored, e, version) : stored;
}

/**
 * The step that took the slot `stored` was read at: 409 with the claim as that step makes it. A step cut short long
 * ago (its event stored, its claim never written) is completed here, so the claim does not stay stuck behind it.
 */
async function takenMeanwhile(stored: StoredClaim, slot: string): Promise<HttpError> {
  const db = claimsDb();
  const [winner, now] = await Promise.all([db.eventInSlot(slot), db.readClaim(stored.claim.id)]);
  let current = now ?? stored;
  const version = slotVersion(slot)!;
  if (winner && current.version < version) {
    if (Date.now() - Date.parse(winner.at) >= CUT_SHORT_MS) current = await update(current, winner, version);
    else current = { ...current, claim: { ...current.claim, ...changesOf(current.claim, winner) } };
  }
  return changedMeanwhile(current.claim);
}

/**
 * Applies a step to the stored claim when the machine allows it there (409 `not_allowed` with the current claim
 * otherwise), writing its event (readable by the owner unless it is an internal note) and then the claim.
 */
async function apply(stored: StoredClaim, step: Step): Promise<StoredClaim> {
  const db = claimsDb();
  const next = nextClaimStatus(stored.claim.status, step.event);
  if (!next)
    throw new HttpError(409, 'not_allowed', `This claim is "${CLAIM_STATUSES[stored.claim.status]}" now: that step is not possible.`, {
      current: stored.claim,
    });
  await joinPhotos(step.photoIds, stored.owner);
  const e = step.event;
  const event: ClaimEventRecord = {
    id: step.eventId,
    claim_id: stored.claim.id,
    action: e.type,
    by_role: e.by,
    by_name: step.byName,
    at: new Date().toISOString(),
    message: 'message' in e ? e.message : '',
    photo_ids: [...step.photoIds],
    status_after: next,
    resolution: e.type === 'approve' ? e.resolution : '',
    internal: !customerSees(e.type),
  };
  const { id, internal, photo_ids, ...data } = event;
  const slot = e.type === 'note' ? null : slotOf(stored.claim.id, stored.version);
  try {
    await db.databases.createDocument({
      ...db.events,
      documentId: id,
      data: { ...data, photo_ids: photo_ids.join(','), ...(slot ? { slot } : {}) },
      permissions: internal ? [] : readableBy(stored.owner),
    });
  } catch (err) {
    if (!isConflict(err)) failed(err, 'claim');
    const sent = await db.readEvent(id); // the same step, sent twice at once
    if (sent) return repeat(stored, sent);
    if (!slot) failed(err, 'claim');
    throw await takenMeanwhile(stored, slot); // another step on the same version of the claim
  }
  return update(stored, event, slot ? stored.version + 1 : null);
}

/** The customer's reply at "Needs information": the claim returns to "Submitted". Anyone else's claim is missing. */
export async function replyToClaim(
  input: { claim_id: string; event_id: string; message: string; photo_ids: string[] },
  customer: { id: string; email: string },
) {
  const db = claimsDb();
  const stored = await db.readClaim(input.claim_id);
  if (!stored || stored.owner !== customer.id) throw missingClaim();
  const sent = await db.readEvent(input.event_id);
  if (sent) return { claim: customerView((await repeat(stored, sent)).claim) };
  await checkPhotos(input.photo_ids, customer.id);
  const done = await apply(stored, {
    eventId: input.event_id,
    event: { type: 'reply', by: 'customer', message: input.message },
    byName: customer.email,
    photoIds: input.photo_ids,
  }).catch((err: unknown) => {
    // The customer is told plainly; staff's copy of the claim is not theirs to see.
    if (err instanceof HttpError && err.code === 'not_allowed')
      throw new HttpError(409, 'not_allowed', 'This claim is not waiting for your reply.');
    if (err instanceof HttpError && err.code === 'conflict')
      throw new HttpError(409, 'conflict', 'This claim was just changed. Please look at it again before replying.');
    throw err;
  });
  return { claim: customerView(done.claim) };
}

export type StaffStep = {
  claim_id: string;
  event_id: string;
  action: 'ask' | 'approve' | 'deny' | 'ready' | 'close' | 'note';
  message?: string;
  resolution?: string;
  expected_status: ClaimStatus;
};

function staffEvent(s: StaffStep): ClaimEvent {
  const message = s.message ?? '';
  switch (s.action) {
    case 'approve':
      return { type: 'approve', by: 'staff', resolution: s.resolution ?? '' };
    case 'ready':
    case 'close':
      return { type: s.action, by: 'staff' };
    default:
      return { type: s.action, by: 'staff', message };
  }
}

/**
 * A staff action, applied only from the status the screen showed (`expected_status`): otherwise 409 with the claim.
 * An internal note changes no status and takes no version, so it is kept beside a step that moved the claim
 * meanwhile (wherever the machine allows a note). A step the customer sees is e-mailed to them, once
 * (../mail/claim-update.ts).
 */
export async function claimAction(step: StaffStep, staff: { email: string }) {
  const db = claimsDb();
  const stored = await db.readClaim(step.claim_id);
  if (!stored) throw missingClaim();
  const sent = await db.readEvent(step.event_id);
  if (sent) {
    const again = await repeat(stored, sent);
    await mailClaimUpdate(step.event_id, again); // the e-mail a first call cut short did not claim
    return { claim: again.claim };
  }
  if (step.action !== 'note' && stored.claim.status !== step.expected_status) throw changedMeanwhile(stored.claim);
  const done = await apply(stored, { eventId: step.event_id, event: staffEvent(step), byName: staff.email, photoIds: [] });
  await mailClaimUpdate(step.event_id, done);
  // The claim as it is now: a step beside the note may have moved it since it was read.
  if (step.action === 'note') return { claim: ((await db.readClaim(step.claim_id)) ?? done).claim };
  return { claim: done.claim };
}
