// A claim is opened by its customer (reportProblem) or by staff for them (openClaim), on the server's facts alone:
// the registration confirmed and still covered, fewer open claims than OPEN_CLAIMS_PER_REGISTRATION, photos checked.
// The claim's id and number are made on the device (the number shows at once, offline too): a repeat of the id
// answers the stored claim and changes nothing; a number another claim holds is replaced by a fresh one, answered.
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { openClaimBodySchema } from '../../../src/shared/contracts/claims';
import { REGISTRATION_STATUS } from '../../../src/shared/contracts/submission';
import { newClaimNumber } from '../../../src/shared/claims/claim-number';
import { coveredUntil, formatDate } from '../../../src/shared/warranty';
import { env } from '../env';
import { HttpError } from '../http';
import { readRegistration, type Registration } from '../registrations/registrations';
import { checkPhotos, joinCheckedPhotos, unjoinPhotos } from './photos';
import { claimSearchText } from './search';
import { claimOf, claimsDb, failed, isConflict, readableBy, type StoredClaim } from './store';

export type ClaimInput = z.output<typeof openClaimBodySchema>;
/** Who opens the claim; staff by their id too, whose own unjoined uploads (uploadStaffPhoto) it may take. */
export type Opener = { role: 'customer' | 'staff'; name: string; staffId?: string };

const DEFAULT_OPEN_CLAIMS = 1;
const NUMBER_TRIES = 5;

/** How many claims of one registration may be open at once (OPEN_CLAIMS_PER_REGISTRATION, default 1). */
export function openClaimsLimit(): number {
  const n = Number(env('OPEN_CLAIMS_PER_REGISTRATION'));
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_OPEN_CLAIMS;
}

/** The id of a claim's first event: one per claim, so an opening sent again writes no second one. */
export const submittedEventId = (claimId: string) => 'ev' + createHash('sha256').update(`submitted:${claimId}`).digest('hex').slice(0, 32);

export const missingRegistration = () => new HttpError(404, 'not_found', 'That registration does not exist.');

/** The registration `id`, or 404. */
export async function registrationFor(id: string): Promise<Registration> {
  const reg = await readRegistration(id);
  if (!reg) throw missingRegistration();
  return reg;
}

/** Refuses a claim for a registration not confirmed or no longer covered, in words a person reads. */
export function checkClaimable(reg: Registration, now: number): void {
  if (reg.status !== REGISTRATION_STATUS.confirmed)
    throw new HttpError(409, 'not_confirmed', 'This registration is still waiting for its e-mail confirmation.');
  const until = coveredUntil(reg.record.submitted_at);
  if (until.getTime() <= now) throw new HttpError(409, 'not_covered', `Coverage ended on ${formatDate(until)}.`);
}

const claimOpen = () => new HttpError(409, 'claim_open', 'This piece already has an open claim. We will be in touch about it.');

/** A repeat of a claim id: the stored claim when it is the same claim, else a refusal. */
export function repeatOf(stored: StoredClaim, input: ClaimInput, owner: string | null): StoredClaim {
  if (stored.claim.registration_id !== input.registration_id || stored.owner !== owner)
    throw new HttpError(409, 'id_taken', 'That claim id is already used. Make a new claim.');
  return stored;
}

/**
 * Opens the claim for `reg` (already checked by checkClaimable), readable by `owner`, with its first event.
 * The photos must be `owner`'s own (or, for staff, unjoined ones: a counter's upload, or their own uploadStaffPhoto).
 */
export async function openClaim(input: ClaimInput, reg: Registration, owner: string | null, by: Opener, now = Date.now()) {
  const db = claimsDb();
  if ((await db.openClaimsOf(reg.id)).length >= openClaimsLimit()) throw claimOpen();
  const staff = by.role === 'staff';
  const photos = await checkPhotos(input.photo_ids, owner, staff, staff ? by.staffId || undefined : undefined);

  let number = input.number;
  for (let i = 0; (await db.numberTaken(number)) && i < NUMBER_TRIES; i++) number = newClaimNumber((n) => randomBytes(n));
  // Photos, then the event, then the claim: a claim cut short is sent again and finds each step done or does it. A
  // staff member's photo is taken for good once joined (no later claim or visit takes it again), so a claim cut short
  // gives its photos back as they were, for the retry to take them again.
  const staffPhotos = await joinCheckedPhotos(photos, input.photo_ids, owner);
  try {
    return await storeClaim(input, reg, owner, by, number, now);
  } catch (err) {
    if (staffPhotos) await unjoinPhotos(photos);
    throw err;
  }
}

/** The claim and its first event, after its photos were joined. */
async function storeClaim(input: ClaimInput, reg: Registration, owner: string | null, by: Opener, first: string, now: number) {
  const db = claimsDb();
  let number = first;
  const at = new Date(now).toISOString();
  const permissions = readableBy(owner);
  const eventId = submittedEventId(input.id);
  try {
    await db.databases.createDocument({
      ...db.events,
      documentId: eventId,
      data: {
        claim_id: input.id,
        action: 'submitted',
        by_role: by.role,
        by_name: by.name,
        at,
        message: input.details,
        photo_ids: input.photo_ids.join(','),
        status_after: 'submitted',
        resolution: '',
      },
      permissions,
    });
  } catch (err) {
    if (!isConflict(err)) failed(err, 'claim');
  }

  const r = reg.record;
  for (let tries = 0; ; tries++) {
    try {
      const doc = await db.databases.createDocument({
        ...db.claims,
        documentId: input.id,
        data: {
          number,
          registration_id: reg.id,
          status: 'submitted',
          problem: input.problem,
          details: input.details,
          delivery: input.delivery,
          photo_ids: input.photo_ids.join(','),
          store: r.store ?? '',
          opened_at: at,
          resolution: '',
          question: '',
          reason: '',
          open: true,
          // What staff search finds it by (the number, the customer's name and address), folded once here.
          search: claimSearchText(number, r.full_name, r.email),
        },
        permissions,
      });
      return await heldToLimit(claimOf(doc), eventId);
    } catch (err) {
      if (!isConflict(err) || tries >= NUMBER_TRIES) failed(err, 'claim');
      // The same claim stored meanwhile (a repeat at once), or its number taken (Appwrite's unique index).
      const stored = await db.readClaim(input.id);
      if (stored) return repeatOf(stored, input, owner);
      number = newClaimNumber((n) => randomBytes(n));
    }
  }
}

/**
 * Two reports sent at once may both have passed the count: the one opened later than the limit allows is taken back
 * (Appwrite has no transaction to hold the count), and refused as if it came second.
 */
async function heldToLimit(stored: StoredClaim, eventId: string): Promise<StoredClaim> {
  const db = claimsDb();
  const open = await db.openClaimsOf(stored.claim.registration_id);
  const order = open.sort((a, b) => a.opened_at.localeCompare(b.opened_at) || a.id.localeCompare(b.id)).map((c) => c.id);
  if (order.indexOf(stored.claim.id) < openClaimsLimit()) return stored;
  await db.databases.deleteDocument({ ...db.claims, documentId: stored.claim.id }).catch(() => undefined);
  await db.databases.deleteDocument({ ...db.events, documentId: eventId }).catch(() => undefined);
  throw claimOpen();
}
