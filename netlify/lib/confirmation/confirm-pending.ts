// A pending registration (sent from a counter without a code) becomes the customer's when they open the e-mailed
// link: confirmed, readable by them (the document and the photos nobody else owns), and handed over to Shopify then,
// once. Fresh links for a pending registration: to the customer who opened an expired one, or by staff. Every link
// goes to the registration's own address and opens only the account of that address (./link.ts).
import { REGISTRATION_STATUS } from '../../../src/shared/contracts/submission';
import type { Customer } from '../define';
import { HttpError } from '../http';
import { recordOnce } from '../integration-log';
import { confirmAfterRegistration } from '../mail/after-registration';
import { MailError, MailLimited } from '../mail/send';
import { adoptPending, claimPhotos, markConfirmed, readRegistration, sameAddress, type Registration } from '../registrations/registrations';
import { HANDOFF_ACTION, handOffToShopify, shopifyRegistrationOf } from '../shopify/handoff';
import { retireConfirmationLinks, sendConfirmationLink } from './link';

const notYours = () => new HttpError(404, 'not_found', 'That registration does not exist (yet).');

/**
 * Confirms a pending registration for the signed-in customer whose verified address is the registration's. Anyone
 * else's (or a missing one, or one the server did not write) is answered as missing; an already confirmed one of
 * theirs answers the same success and nothing more happens.
 */
export async function confirmRegistration(id: string, customer: Customer): Promise<{ id: string; status: 'confirmed' }> {
  const reg = await readRegistration(id);
  if (!reg) throw notYours();
  if (reg.status === REGISTRATION_STATUS.confirmed) {
    if (reg.owner !== customer.id) throw notYours();
    // A confirmation cut short after the status was written still sends its e-mail (once) on the next try.
    await retireConfirmationLinks(id);
    await confirmAfterRegistration(id, reg);
    return { id, status: 'confirmed' };
  }
  if (!reg.serverWritten || !customer.emailVerified || !sameAddress(customer.email, reg.record.email)) throw notYours();

  // The photos first, then the hand-off, then the status: a confirmation cut short is simply done again (each step
  // repeats harmlessly) until the registration says confirmed.
  const photos = await claimPhotos(reg, customer.id);
  // Shopify's failure never holds the confirmation back: it is recorded for staff to see.
  try {
    await handOffToShopify(shopifyRegistrationOf(reg, customer.email));
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'unexpected error';
    console.error('[confirmRegistration] the Shopify hand-off failed:', reason);
    await recordOnce({ registrationId: id, email: customer.email, action: `${HANDOFF_ACTION}.failed`, result: `failed: ${reason}` }).catch(
      () => undefined,
    );
  }
  const confirmed = await markConfirmed(reg, customer.id, photos);
  // Every earlier link is retired: none signs in any more.
  await retireConfirmationLinks(id);
  // The confirmation e-mail, once: claimed before the answer (a 502 when it cannot be, and the next try claims it),
  // and its sending never holds the confirmation back (failures are retried by the sweep).
  await confirmAfterRegistration(id, confirmed, customer.email);
  return { id, status: 'confirmed' };
}

/**
 * A fresh link for a pending registration the server wrote, to its own address (each retires the ones before);
 * nothing for any other. What happened is for the caller to tell (or not) to whoever asked.
 */
export async function freshLink(reg: Registration, context: unknown) {
  if (reg.status !== REGISTRATION_STATUS.pending || !reg.serverWritten) return 'not_pending' as const;
  const r = reg.record;
  return sendConfirmationLink({ registrationId: reg.id, email: r.email, name: r.full_name, store: r.store ?? '', context });
}

/**
 * Staff's "Resend link": 404 missing, 409 already confirmed, 429 when the address has had its share of e-mail, 503
 * without e-mail, 502 when sending failed.
 */
export async function resendLink(id: string, context: unknown): Promise<{ status: 'sent' }> {
  const reg = await readRegistration(id);
  if (!reg) throw new HttpError(404, 'not_found', 'That registration does not exist.');
  if (reg.status !== REGISTRATION_STATUS.pending) throw new HttpError(409, 'already_confirmed', 'Already confirmed.');
  // One this server did not write (stored before it marked its own, or written straight to /v1) is staff's to vouch
  // for: resending its link makes it the server's. The link still goes only to its own address, and opens only the
  // account of that address.
  const vouched = reg.serverWritten ? reg : await adoptPending(reg);
  let outcome: Awaited<ReturnType<typeof freshLink>>;
  try {
    outcome = await freshLink(vouched, context);
  } catch (err) {
    if (err instanceof MailLimited)
      throw new HttpError(429, 'mail_limited', err.message, undefined, { 'Retry-After': String(err.retryAfterSeconds) });
    if (err instanceof MailError) throw new HttpError(502, 'mail_failed', `The e-mail could not be sent: ${err.message}`);
    throw err;
  }
  if (outcome === 'not_configured')
    throw new HttpError(503, 'not_configured', 'E-mail is not configured (set SMTP_URL), so the link could not be sent.');
  return { status: 'sent' };
}
