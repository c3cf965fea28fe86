// What a customer's card on /warranties says about claims and care, decided here from the stored claims and visits:
// each registration's current claim (its open one, else its latest), whether it is still covered, and the date of
// its last inspection. Read with the server's key for registrations the caller has already shown to be the customer's.
import { Query, type Models } from 'node-appwrite';
import { listEvery } from '../appwrite';
import { isOpenClaim } from '../../../src/shared/claims/claim.machine';
import type { CustomerClaim } from '../../../src/shared/contracts/claims';
import { coveredUntil } from '../../../src/shared/warranty';
import { VISITS_COLLECTION } from '../care/visits';
import { openClaimsLimit } from './open';
import { claimOf, claimsDb, customerView, failed } from './store';

/** Ids per query: Appwrite takes at most 100 values in one `equal`. */
const BATCH = 100;
const PAGE = 500;

export type ClaimCareFacts = { claim: CustomerClaim | null; covered: boolean; can_report: boolean; last_inspection: string | null };

const listAll = (where: { databaseId: string; collectionId: string }, queries: string[]) =>
  listEvery(claimsDb().databases, where, queries, PAGE);

/**
 * The facts of each registration (by id, with the date its coverage counts from and whether it is confirmed). A report
 * may be made, as reportProblem decides, while it is confirmed and covered and has fewer open claims than allowed.
 */
export async function claimCareFacts(
  regs: readonly { id: string; submittedAt: string; confirmed: boolean }[],
  now = Date.now(),
): Promise<Map<string, ClaimCareFacts>> {
  const db = claimsDb();
  const visits = { databaseId: db.claims.databaseId, collectionId: VISITS_COLLECTION };
  const claims = new Map<string, CustomerClaim>();
  const open = new Map<string, number>();
  const inspections = new Map<string, string>();
  try {
    for (let i = 0; i < regs.length; i += BATCH) {
      const ids = regs.slice(i, i + BATCH).map((r) => r.id);
      // Oldest first, so a later claim replaces an earlier one, and an open one is never replaced by an ended one.
      for (const doc of await listAll(db.claims, [Query.equal('registration_id', ids), Query.orderAsc('opened_at')])) {
        const { claim } = claimOf(doc);
        if (isOpenClaim(claim.status)) open.set(claim.registration_id, (open.get(claim.registration_id) ?? 0) + 1);
        const held = claims.get(claim.registration_id);
        if (!held || isOpenClaim(claim.status) || !isOpenClaim(held.status)) claims.set(claim.registration_id, customerView(claim));
      }
      const seen = await listAll(visits, [Query.equal('registration_id', ids), Query.equal('kind', ['inspection']), Query.orderAsc('at')]);
      for (const doc of seen) {
        const { registration_id: id, at } = doc as Models.Document & { registration_id: string; at: string };
        inspections.set(id, at);
      }
    }
  } catch (err) {
    failed(err, 'claim');
  }
  return new Map(
    regs.map((r) => {
      const covered = coveredUntil(r.submittedAt).getTime() > now;
      const canReport = r.confirmed && covered && (open.get(r.id) ?? 0) < openClaimsLimit();
      return [r.id, { claim: claims.get(r.id) ?? null, covered, can_report: canReport, last_inspection: inspections.get(r.id) ?? null }];
    }),
  );
}
