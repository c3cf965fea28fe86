// Who may act for a registration once it is made (a claim, a care visit), from the facts of ./registrations.ts: the
// account its permissions name, or, for one the server wrote that nobody owns yet (a counter's after confirmation, a
// staff import), the account whose verified address is the registration's e-mail. Never `user_id` or any other
// field a device wrote.
import { AppwriteException, Query } from 'node-appwrite';
import { REGISTRATION_STATUS } from '../../../src/shared/contracts/submission';
import { adminClient } from '../appwrite';
import { HttpError } from '../http';
import { collection, registrationOf, sameAddress, type Registration } from './registrations';

/** A signed-in customer's account as Appwrite holds it. */
export type Account = { id: string; email: string; emailVerified: boolean };

/** Whether `account` is the registration's verified owner (see above); a pending registration has none. */
export function isVerifiedOwner(reg: Registration, account: Account): boolean {
  if (reg.owner) return reg.owner === account.id;
  return (
    reg.serverWritten &&
    reg.status === REGISTRATION_STATUS.confirmed &&
    account.emailVerified &&
    sameAddress(account.email, reg.record.email)
  );
}

/** The registration's verified owner's account id, or null when it has none (yet). @throws HttpError 502 */
export async function verifiedOwnerOf(reg: Registration): Promise<string | null> {
  if (reg.owner) return reg.owner;
  const email = reg.record.email.trim().toLowerCase();
  if (!reg.serverWritten || reg.status !== REGISTRATION_STATUS.confirmed || !email) return null;
  try {
    const { users } = await adminClient().users.list({ queries: [Query.equal('email', [email]), Query.limit(1)] });
    const account = users[0];
    return account?.emailVerification && sameAddress(account.email, email) ? account.$id : null;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) return null;
    throw new HttpError(502, 'upstream_error', 'The account of the registration could not be checked right now. Please try again.');
  }
}

/** The stored registrations among `ids`, by id (one query per hundred). @throws HttpError 502 */
export async function readRegistrations(ids: readonly string[]): Promise<Map<string, Registration>> {
  const { databases, where } = collection();
  const out = new Map<string, Registration>();
  const unique = [...new Set(ids)];
  try {
    for (let i = 0; i < unique.length; i += 100) {
      const batch = unique.slice(i, i + 100);
      const page = await databases.listDocuments({
        ...where,
        queries: [Query.equal('$id', batch), Query.limit(batch.length)],
        total: false,
      });
      for (const doc of page.documents) out.set(doc.$id, registrationOf(doc));
    }
  } catch {
    throw new HttpError(502, 'upstream_error', 'The registrations could not be read right now. Please try again.');
  }
  return out;
}
