// The staff's claims: the table (open claims first, then the newest; filtered by status and store, searched by claim
// number, customer name or e-mail, case and accents aside) and one claim with its registration and timeline.
// Open-first is the stored `open` flag, so the order, the filters and the cursor are all Appwrite's own queries.
// With `since`, the rows are the claims changed at or after it, oldest change first (the cursor then only breaks
// ties inside one $updatedAt): the pages the staff device's copy of the claims is kept current with.
import { AppwriteException, Query } from 'node-appwrite';
import { claimSearchTerm } from '../../../src/shared/claims/claim-search';
import type { ClaimStatus } from '../../../src/shared/claims/claim-texts';
import type { ClaimRow } from '../../../src/shared/contracts/claims';
import { HttpError } from '../http';
import { readRegistrations } from '../registrations/owners';
import { readRegistration } from '../registrations/registrations';
import { claimOf, claimsDb, failed } from './store';

const DEFAULT_PAGE = 50;

export type ClaimsQuery = { status?: ClaimStatus; store?: string; search?: string; cursor?: string; since?: string; limit?: number };
type Page = { claims: ClaimRow[]; nextCursor: string | null; serverTime: string };

/** One page of the claims table; `nextCursor` is null on the last page. `serverTime` is when it was asked. */
export async function listClaims(q: ClaimsQuery): Promise<Page> {
  const db = claimsDb();
  const serverTime = new Date().toISOString();
  const limit = q.limit ?? DEFAULT_PAGE;
  const queries = q.since
    ? [Query.orderAsc('$updatedAt'), Query.greaterThanEqual('$updatedAt', q.since), Query.limit(limit)]
    : [Query.orderDesc('open'), Query.orderDesc('opened_at'), Query.limit(limit)];
  if (q.status) queries.push(Query.equal('status', [q.status]));
  if (q.store?.trim()) queries.push(Query.equal('store', [q.store.trim()]));
  const term = q.search?.trim();
  if (term) queries.push(Query.contains('search', [claimSearchTerm(term)]));
  if (q.cursor) queries.push(Query.cursorAfter(q.cursor));
  let docs;
  try {
    docs = (await db.databases.listDocuments({ ...db.claims, queries, total: false })).documents;
  } catch (err) {
    // A cursor naming no claim (deleted meanwhile, or made up) is the caller's to fix, not the server's failure.
    if (q.cursor && err instanceof AppwriteException && err.code === 400)
      throw new HttpError(400, 'invalid_query', 'That page of claims no longer exists. Start again from the first page.');
    failed(err, 'claim');
  }
  const claims = docs.map((d) => claimOf(d).claim);
  const regs = await readRegistrations(claims.map((c) => c.registration_id));
  const rows = claims.map((c): ClaimRow => {
    const r = regs.get(c.registration_id)?.record;
    return {
      id: c.id,
      number: c.number,
      registration_id: c.registration_id,
      problem: c.problem,
      store: c.store,
      status: c.status,
      opened_at: c.opened_at,
      ended_at: c.ended_at,
      updated_at: c.updated_at,
      customer: r?.full_name ?? '',
      email: r?.email ?? '',
      product: r ? r.selected_product || r.product_sku : '',
    };
  });
  return { claims: rows, nextCursor: docs.length === limit ? docs.at(-1)!.$id : null, serverTime };
}

/** One claim as staff open it: the claim, its registration (as staff see registrations), every photo, the timeline. */
export async function claimDetail(id: string) {
  const db = claimsDb();
  const stored = await db.readClaim(id);
  if (!stored) throw new HttpError(404, 'not_found', 'That claim does not exist.');
  const [reg, timeline] = await Promise.all([readRegistration(stored.claim.registration_id), db.eventsOf(id)]);
  const photos = new Set([...stored.claim.photo_ids, ...timeline.flatMap((e) => e.photo_ids)]);
  return { claim: stored.claim, registration: reg?.record ?? null, photo_ids: [...photos], timeline };
}
