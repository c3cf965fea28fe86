// POST sendToShopify: hands a registration to Shopify (customer upsert by email) after it is stored. The caller is
// the customer (their Appwrite JWT) and may only send their own registration: the account that owns it, with the
// address the server verified for that account. The stored registration's facts, not the request body, are what is
// sent. Sent from a counter device, the counter's token (Authorization: Bearer) makes the counter's store the
// registration's. Idempotent per registration id, and limited per account. The confirmation e-mail follows, once.
import { defineFunction } from '../lib/define';
import { HttpError } from '../lib/http';
import { limitAccount } from '../lib/rate-limit';
import { confirmAfterRegistration } from '../lib/mail/after-registration';
import { optionalCounter } from '../lib/counters/devices';
import { readRegistration, receive, verifiedAddressOf } from '../lib/registrations/registrations';
import { handOffToShopify, shopifyRegistrationOf } from '../lib/shopify/handoff';
import { REGISTRATION_STATUS } from '../../src/shared/contracts/submission';

/**
 * Hand-offs per customer account and hour: the app sends one per registration (and a retry now and then), and a
 * customer with a whole collection queued on a device may send dozens at once when the network returns.
 */
const HANDOFFS_PER_HOUR = 100;
const notFound = () => new HttpError(404, 'not_found', 'That registration does not exist (yet).');

export default defineFunction('sendToShopify', async ({ req, context, customer, body: id }) => {
  await limitAccount('sendToShopify', customer.id, HANDOFFS_PER_HOUR, 'hand-offs');
  const stored = await readRegistration(id);
  // Anyone else's registration, or one naming an address its account has not verified, is answered exactly as a
  // missing one.
  if (!stored || stored.owner !== customer.id) throw notFound();
  // A registration sent from a counter is handed over when the customer confirms it by the e-mailed link, not before.
  if (stored.status === REGISTRATION_STATUS.pending)
    throw new HttpError(409, 'pending_confirmation', "This registration waits for the customer's e-mail confirmation.");
  // The caller's account, read with their JWT just now, is the owner's.
  const address = await verifiedAddressOf(stored, customer);
  if (!address) throw notFound();
  const counter = await optionalCounter(req, context);
  const reg = await receive(stored, counter?.store ?? '');
  // Then the confirmation e-mail, once per registration however often the outbox calls (DESIGN.md "After the
  // registration"), even when Shopify failed. Its sending never changes this answer; only a claim Appwrite could not
  // take does (502), so that the outbox's retry claims it.
  try {
    return await handOffToShopify(shopifyRegistrationOf(reg, address));
  } finally {
    await confirmAfterRegistration(id, reg, address);
  }
});
