// What staff search a claim by, kept on the claim (its `search` text, folded once): the claim number, the customer's
// name and e-mail address as the registration has them. The registrations module calls refreshClaimSearch after
// staff change a registration, so a renamed customer is found by the new name (and the staff's device copy of the
// claims, synced by the claim's $updatedAt, receives the new name too).
import { Query } from 'node-appwrite';
import { listEvery } from '../appwrite';
import { claimSearchText } from '../../../src/shared/claims/claim-search';
import { claimsDb } from './store';

export { claimSearchText };

const PAGE = 100;

/**
 * Brings the search text of every claim of registration `registrationId` up to `name` and `email`. A failure is
 * logged, not thrown: the registration's change is already stored, and the next change refreshes the text again.
 */
export async function refreshClaimSearch(registrationId: string, name: string, email: string): Promise<void> {
  const db = claimsDb();
  try {
    const docs = await listEvery(db.databases, db.claims, [Query.equal('registration_id', [registrationId])], PAGE);
    for (const doc of docs) {
      const search = claimSearchText((doc as unknown as { number?: string }).number ?? '', name, email);
      // Written even when the text is the same: the claim's $updatedAt moves, so the staff's device copies read its
      // row (name, e-mail, product) again.
      await db.databases.updateDocument({ ...db.claims, documentId: doc.$id, data: { search } });
    }
  } catch (err) {
    console.error(`The claims of registration ${registrationId} keep their former search text:`, err);
  }
}
