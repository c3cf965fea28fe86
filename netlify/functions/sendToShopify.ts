// POST sendToShopify: hands a registration to Shopify (customer upsert by email) after it is stored. The caller is
// the customer (their Appwrite JWT) and may only send their own registration: its user_id and e-mail are the
// account's. The stored document, not the request body, is what is sent. Idempotent per registration id, and
// limited per account. The confirmation e-mail of the registration follows, once.
import { AppwriteException } from 'node-appwrite';
import { adminClient } from '../lib/appwrite';
import { defineFunction } from '../lib/define';
import { HttpError } from '../lib/http';
import { limitAccount } from '../lib/rate-limit';
import { confirmAfterRegistration } from '../lib/confirmation-handoff';
import { handOffToShopify, registrationOf } from '../lib/shopify-handoff';
import { REGISTRATION_STATUS } from '../../src/shared/contracts/submission';

/**
 * Hand-offs per customer account and hour: the app sends one per registration (and a retry now and then), and a
 * customer with a whole collection queued on a device may send dozens at once when the network returns.
 */
const HANDOFFS_PER_HOUR = 100;
const notFound = () => new HttpError(404, 'not_found', 'That registration does not exist (yet).');

export default defineFunction('sendToShopify', async ({ customer, body: id }) => {
  await limitAccount('sendToShopify', customer.id, HANDOFFS_PER_HOUR, 'hand-offs');
  const { databases, settings } = adminClient();
  let doc: Record<string, unknown>;
  try {
    doc = await databases.getDocument({ databaseId: settings.databaseId, collectionId: settings.collectionId, documentId: id });
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) throw notFound();
    throw new HttpError(502, 'upstream_error', 'The registration could not be read right now.');
  }
  // Only the server's copy counts, and only when it is this account's own: its id and its verified e-mail. Anyone
  // else's registration (or one naming someone else's e-mail) is answered exactly as a missing one.
  const email = typeof doc.email === 'string' ? doc.email.trim().toLowerCase() : '';
  if (doc.user_id !== customer.id || !customer.email || email !== customer.email.toLowerCase()) throw notFound();

  // A registration sent from a counter is handed over when the customer confirms it by the e-mailed link, not before.
  if (doc.status === REGISTRATION_STATUS.pending)
    throw new HttpError(409, 'pending_confirmation', "This registration waits for the customer's e-mail confirmation.");
  // Then the confirmation e-mail, once per registration however often the outbox calls (DESIGN.md "After the
  // registration"), even when Shopify failed. Its sending never changes this answer; only a claim Appwrite could not
  // take does (502), so that the outbox's retry claims it.
  try {
    return await handOffToShopify(registrationOf(id, doc));
  } finally {
    await confirmAfterRegistration(id, { ...doc, $id: id });
  }
});
