// The claims and claim_events collections: documents in, typed claims and events out. Every claim is written by the
// functions alone (the collections grant customers nothing), and reads "read for its owner" as its only permission,
// so the owner is the account its permissions name. An event the customer sees carries the same permission; an
// internal note carries none, so only the server (and staff through it) ever reads one.
import { AppwriteException, Permission, Query, Role, type Models } from 'node-appwrite';
import type { ClaimEventRecord, CustomerClaim, StaffClaim } from '../../../src/shared/contracts/claims';
import { CLAIM_NUMBER_PATTERN } from '../../../src/shared/claims/claim-number';
import { adminClient, listEvery } from '../appwrite';
import { HttpError } from '../http';

export const CLAIMS_COLLECTION = 'claims';
export const EVENTS_COLLECTION = 'claim_events';
const PAGE = 500;

type Doc = Models.Document;
const text = (doc: Doc, key: string) => {
  const v: unknown = (doc as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : '';
};
const ids = (value: string) => value.split(',').filter(Boolean);

/** The one account a document's permissions name, or null. */
export function ownerIn(permissions: readonly string[]): string | null {
  const accounts = new Set(permissions.map((p) => /\("user:([^"/]+)(?:\/[a-z]+)?"\)$/.exec(p)?.[1]).filter(Boolean));
  return accounts.size === 1 ? [...accounts][0]! : null;
}

/** Read for the owner alone, or nobody but the server when there is none. */
export const readableBy = (owner: string | null) => (owner ? [Permission.read(Role.user(owner))] : []);

/**
 * A stored claim: the claim, its owner, and its version, the number of status steps applied to it (0 for a claim
 * stored before versions were kept). Each status step takes the slot `claim id:version + 1` (./actions.ts).
 */
export type StoredClaim = { claim: StaffClaim; owner: string | null; version: number };

/** The one slot a status step on the claim at `version` takes: two steps from the same version cannot both be stored. */
export const slotOf = (claimId: string, version: number) => `${claimId}:${version + 1}`;
/** The version a step's slot brings its claim to, or null (notes and openings take none). */
export function slotVersion(slot: string): number | null {
  const n = Number(/:(\d+)$/.exec(slot)?.[1]);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function claimOf(doc: Doc): StoredClaim {
  const claim = {
    id: doc.$id,
    number: text(doc, 'number'),
    registration_id: text(doc, 'registration_id'),
    status: text(doc, 'status'),
    problem: text(doc, 'problem'),
    details: text(doc, 'details'),
    delivery: text(doc, 'delivery'),
    photo_ids: ids(text(doc, 'photo_ids')),
    store: text(doc, 'store'),
    opened_at: text(doc, 'opened_at'),
    question: text(doc, 'question'),
    reason: text(doc, 'reason'),
    resolution: text(doc, 'resolution'),
    ended_at: text(doc, 'ended_at') || null,
    updated_at: doc.$updatedAt,
  } as StaffClaim;
  const version = (doc as Record<string, unknown>).version;
  return { claim, owner: ownerIn(doc.$permissions), version: typeof version === 'number' ? version : 0 };
}

/** The claim as its customer sees it. */
export function customerView({ ended_at: _ended, updated_at: _updated, ...claim }: StaffClaim): CustomerClaim {
  return claim;
}

export function eventOf(doc: Doc): ClaimEventRecord {
  return {
    id: doc.$id,
    claim_id: text(doc, 'claim_id'),
    action: text(doc, 'action'),
    by_role: text(doc, 'by_role'),
    by_name: text(doc, 'by_name'),
    at: text(doc, 'at'),
    message: text(doc, 'message'),
    photo_ids: ids(text(doc, 'photo_ids')),
    status_after: text(doc, 'status_after'),
    resolution: text(doc, 'resolution'),
    internal: text(doc, 'action') === 'note',
  } as ClaimEventRecord;
}

/** A failed database call as the caller's answer (404 for a missing document, 502 for anything else). */
export function failed(err: unknown, what: string): never {
  if (err instanceof HttpError) throw err;
  if (err instanceof AppwriteException && err.code === 404) throw new HttpError(404, 'not_found', `That ${what} does not exist.`);
  throw new HttpError(502, 'upstream_error', `The ${what} could not be read or written right now. Please try again.`);
}

/** Text folded for search: lower case, without accents ("Núñez" → "nunez"). */
export { foldedText as folded } from '../../../src/shared/claims/claim-search';

export const isConflict = (err: unknown) => err instanceof AppwriteException && err.code === 409;

export function claimsDb() {
  const { databases, settings } = adminClient();
  const claims = { databaseId: settings.databaseId, collectionId: CLAIMS_COLLECTION };
  const events = { databaseId: settings.databaseId, collectionId: EVENTS_COLLECTION };

  async function getOrNull(where: typeof claims, documentId: string): Promise<Doc | null> {
    try {
      return await databases.getDocument({ ...where, documentId });
    } catch (err) {
      if (err instanceof AppwriteException && err.code === 404) return null;
      failed(err, where.collectionId === CLAIMS_COLLECTION ? 'claim' : 'claim event');
    }
  }

  /** Every document of a list, page by page. */
  const all = (where: typeof claims, queries: string[]): Promise<Doc[]> => listEvery(databases, where, queries, PAGE);

  return {
    databases,
    claims,
    events,
    readClaim: async (id: string) => {
      const doc = await getOrNull(claims, id);
      return doc ? claimOf(doc) : null;
    },
    readEvent: async (id: string) => {
      const doc = await getOrNull(events, id);
      return doc ? { event: eventOf(doc), owner: ownerIn(doc.$permissions), slot: text(doc, 'slot') } : null;
    },
    /** The step that took `slot`, or null. */
    async eventInSlot(slot: string): Promise<ClaimEventRecord | null> {
      try {
        const page = await databases.listDocuments({ ...events, queries: [Query.equal('slot', [slot]), Query.limit(1)], total: false });
        const doc = page.documents[0];
        return doc ? eventOf(doc) : null;
      } catch (err) {
        failed(err, 'claim event');
      }
    },
    async numberTaken(number: string): Promise<boolean> {
      if (!CLAIM_NUMBER_PATTERN.test(number)) return true;
      try {
        const page = await databases.listDocuments({ ...claims, queries: [Query.equal('number', [number]), Query.limit(1)], total: false });
        return page.documents.length > 0;
      } catch (err) {
        failed(err, 'claim');
      }
    },
    /** The registration's open claims, first opened first. */
    async openClaimsOf(registrationId: string): Promise<StaffClaim[]> {
      try {
        const docs = await all(claims, [
          Query.equal('registration_id', [registrationId]),
          Query.equal('open', [true]),
          Query.orderAsc('opened_at'),
        ]);
        return docs.map((d) => claimOf(d).claim);
      } catch (err) {
        failed(err, 'claim');
      }
    },
    /** The claim's timeline, oldest first. */
    async eventsOf(claimId: string): Promise<ClaimEventRecord[]> {
      try {
        return (await all(events, [Query.equal('claim_id', [claimId]), Query.orderAsc('at')])).map(eventOf);
      } catch (err) {
        failed(err, 'claim event');
      }
    },
  };
}
