// A pending registration (sent from a counter without a code) becomes the customer's when they open the e-mailed
// link: confirmed, readable by them (the document and its photos), and handed over to Shopify then, once. Fresh
// links for a pending registration: to the customer who opened an expired one, or by staff.
import { AppwriteException, Permission, Role } from 'node-appwrite';
import { REGISTRATION_STATUS } from '../../src/shared/contracts/submission';
import { adminClient } from './appwrite';
import { confirmAfterRegistration } from './confirmation-handoff';
import { customerUserFor, MailError, sendConfirmationLink } from './confirmation-link';
import { photoIdsOf } from './counter-submissions';
import { HttpError } from './http';
import { recordOnce } from './integration-log';
import { HANDOFF_ACTION, handOffToShopify, registrationOf } from './shopify-handoff';

type Doc = Record<string, unknown> & { $id: string };

/** The stored registration, or null when there is none. */
export async function readRegistration(id: string): Promise<Doc | null> {
  const { databases, settings } = adminClient();
  try {
    return (await databases.getDocument({
      databaseId: settings.databaseId,
      collectionId: settings.collectionId,
      documentId: id,
    })) as unknown as Doc;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) return null;
    throw new HttpError(502, 'upstream_error', 'The registration could not be read right now. Please try again.');
  }
}

const str = (doc: Doc, key: string) => (typeof doc[key] === 'string' ? (doc[key] as string) : '');

const notYours = () => new HttpError(404, 'not_found', 'That registration does not exist (yet).');

/**
 * Confirms the caller's pending registration. Anyone else's (or a missing one) is answered as missing; an already
 * confirmed one of theirs answers the same success and nothing more happens.
 */
export async function confirmRegistration(id: string, customerId: string): Promise<{ id: string; status: 'confirmed' }> {
  const doc = await readRegistration(id);
  if (!doc || doc.user_id !== customerId) throw notYours();
  if (doc.status === REGISTRATION_STATUS.confirmed) {
    // A confirmation cut short after the status was written still sends its e-mail (once) on the next try.
    await confirmAfterRegistration(id, doc);
    return { id, status: 'confirmed' };
  }
  if (doc.status !== REGISTRATION_STATUS.pending) throw notYours();

  const { databases, storage, settings } = adminClient();
  const readable = [Permission.read(Role.user(customerId))];
  // The photos first, then the hand-off, then the status: a confirmation cut short is simply done again (each step
  // repeats harmlessly) until the registration says confirmed.
  for (const fileId of photoIdsOf(str(doc, 'image_file_id'))) {
    try {
      await storage.updateFile({ bucketId: settings.bucketId, fileId, permissions: readable });
    } catch (err) {
      if (err instanceof AppwriteException && err.code === 404) continue; // a photo removed by staff
      throw new HttpError(502, 'upstream_error', 'The registration could not be confirmed right now. Please try again.');
    }
  }
  // Shopify's failure never holds the confirmation back: it is recorded for staff to see.
  try {
    await handOffToShopify(registrationOf(id, doc));
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'unexpected error';
    console.error('[confirmRegistration] the Shopify hand-off failed:', reason);
    await recordOnce({
      registrationId: id,
      email: str(doc, 'email'),
      action: `${HANDOFF_ACTION}.failed`,
      result: `failed: ${reason}`,
    }).catch(() => undefined);
  }
  try {
    await databases.updateDocument({
      databaseId: settings.databaseId,
      collectionId: settings.collectionId,
      documentId: id,
      data: { status: REGISTRATION_STATUS.confirmed },
      permissions: readable,
    });
  } catch {
    throw new HttpError(502, 'upstream_error', 'The registration could not be confirmed right now. Please try again.');
  }
  // The confirmation e-mail, once: claimed before the answer (a 502 when it cannot be, and the next try claims it),
  // and its sending never holds the confirmation back (failures are retried by the sweep).
  await confirmAfterRegistration(id, { ...doc, status: REGISTRATION_STATUS.confirmed });
  return { id, status: 'confirmed' };
}

/** A fresh link for a pending registration; what happened is for the caller to tell (or not) to whoever asked. */
export async function freshLink(doc: Doc, context: unknown) {
  const email = str(doc, 'email');
  const userId = str(doc, 'user_id') || (await customerUserFor(email, str(doc, 'full_name')));
  return sendConfirmationLink({ registrationId: doc.$id, userId, email, name: str(doc, 'full_name'), store: str(doc, 'store'), context });
}

/** Staff's "Resend link": 404 missing, 409 already confirmed, 503 without e-mail, 502 when sending failed. */
export async function resendLink(id: string, context: unknown): Promise<{ status: 'sent' }> {
  const doc = await readRegistration(id);
  if (!doc) throw new HttpError(404, 'not_found', 'That registration does not exist.');
  if (doc.status !== REGISTRATION_STATUS.pending) throw new HttpError(409, 'already_confirmed', 'Already confirmed.');
  let outcome: Awaited<ReturnType<typeof freshLink>>;
  try {
    outcome = await freshLink(doc, context);
  } catch (err) {
    if (err instanceof MailError) throw new HttpError(502, 'mail_failed', `The e-mail could not be sent: ${err.message}`);
    throw err;
  }
  if (outcome === 'not_configured')
    throw new HttpError(503, 'not_configured', 'E-mail is not configured (set SMTP_URL), so the link could not be sent.');
  return { status: 'sent' };
}
