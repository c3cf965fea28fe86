// "Update on your claim {number}" (DESIGN.md "Claims and care"): one e-mail for each staff step the customer sees (a
// status change or a question), never for an internal note or the customer's own reply. The staff action asks for it
// (../claims/actions.ts) once the claim shows the step; ./mail-state.ts makes it go once per step, keyed by the
// step's event id (the same event sent again, or by two callers at once, claims the one mail), and ./sweep.ts retries
// a failed send on the same schedule as the other mails.
//
// It goes only to the claim owner's verified address: the registration's address as verifiedAddressOf (the
// registrations module) gives it, when the claim's owner (its permissions) is that address's account. A staff action
// can neither trigger mail a customer or counter could, nor flood an address at will, so the per-address limits do
// not hold it back (`addressLimit: false`).
//
// The residual gap. The step's e-mail is claimed after the claim is written: a process killed between the two leaves
// the step without its e-mail until the action is sent again (its repeat claims it). A send cut short after the
// claim is taken up by the sweep.
import { customerSees } from '../../../src/shared/claims/claim.machine';
import type { ClaimEventRecord } from '../../../src/shared/contracts/claims';
import { productLines, productsOf } from '../../../src/shared/warranty';
import { claimsDb, type StoredClaim } from '../claims/store';
import { appOrigin } from '../env';
import { HttpError } from '../http';
import { bundledCatalog } from '../products/catalog';
import { verifiedOwnerOf } from '../registrations/owners';
import { readRegistration, verifiedAddressOf } from '../registrations/registrations';
import { brand } from './after-registration';
import { claimUpdateMail } from './claim-update-message';
import { briefly, claimAttempt, deliver, retryNext, type Delivery, type MailOutcome, type MailState } from './mail-state';

export const CLAIM_UPDATE = 'claim_update';

/** Whether the customer is e-mailed about a step: one staff took, that the customer sees. */
export const mailsCustomer = (e: Pick<ClaimEventRecord, 'action' | 'by_role'>) =>
  e.by_role === 'staff' && e.action !== 'submitted' && customerSees(e.action);

type Skipped = 'missing' | 'internal' | 'not_shown' | 'unverified';

/**
 * The e-mail of the step `eventId`: where it goes and how it is made, or why there is none. `shown`, the claim as
 * the action has just answered it, must show the step (a step cut short and overtaken by another is no news).
 */
async function prepare(eventId: string, shown?: StoredClaim): Promise<Omit<Delivery, 'about' | 'kind' | 'attempt' | 'now'> | Skipped> {
  const db = claimsDb();
  const sent = await db.readEvent(eventId);
  if (!sent) return 'missing';
  const e = sent.event;
  if (!mailsCustomer(e)) return 'internal';
  if (shown && (shown.claim.id !== e.claim_id || shown.claim.status !== e.status_after)) return 'not_shown';
  const stored = shown ?? (await db.readClaim(e.claim_id));
  if (!stored) return 'missing';
  const reg = await readRegistration(stored.claim.registration_id);
  if (!reg) return 'missing';
  const to = stored.owner ? await verifiedAddressOf(reg) : null;
  if (!to || (await verifiedOwnerOf(reg)) !== stored.owner) return 'unverified';
  const products = productLines(productsOf(reg.record, bundledCatalog()), Boolean(reg.record.image_file_id.trim()));
  return {
    to,
    registrationId: reg.id,
    logAction: `claim.mail.${eventId}`,
    message: () =>
      claimUpdateMail(
        {
          to,
          number: stored.claim.number,
          products,
          action: e.action,
          status: e.status_after,
          message: e.message,
          resolution: e.resolution,
          name: reg.record.full_name,
        },
        brand().name,
        appOrigin(),
      ),
    options: { addressLimit: false },
  };
}

/**
 * The e-mail of a staff step, for claimAction once the claim shows it (`shown`). It is claimed before the action
 * answers: when Appwrite cannot be asked, nothing would ever send it (the sweep retries claimed attempts only), so the
 * action is answered 502 and sent again, which repeats harmlessly. Once claimed, the send's failure never changes the
 * answer (the sweep retries it) and its slowness holds the answer back a few seconds at most.
 */
export async function mailClaimUpdate(eventId: string, shown: StoredClaim): Promise<void> {
  const now = Date.now();
  let send: (() => Promise<MailOutcome>) | null = null;
  try {
    const ready = await prepare(eventId, shown);
    if (typeof ready !== 'string' && (await claimAttempt(eventId, CLAIM_UPDATE, 1, now)))
      send = () => deliver({ ...ready, about: eventId, kind: CLAIM_UPDATE, attempt: 1, now });
  } catch (err) {
    console.error('[mail] the claim update e-mail could not be claimed:', err instanceof Error ? err.message : err);
    throw new HttpError(502, 'upstream_error', "The step was saved, but the customer's e-mail could not be queued. Please try again.");
  }
  if (send) await briefly(send());
}

/** The attempt after `state` (a claim update's failed, unconfigured or stale one); 'already' when another caller has it. */
export const retryClaimUpdate = (state: MailState, now: number): Promise<MailOutcome | Skipped> =>
  retryNext(state, now, () => prepare(state.registration_id));
