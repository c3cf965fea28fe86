// Care visits ("Service history" in the edit dialog): recorded by staff, with their e-mail (from the verified staff
// token), the store and optional photos, exactly once by the device-made id, and readable by the registration's
// verified owner, whose card shows "Last inspection: {date}". The last visit also starts the care reminder's count
// (../mail/care-reminder.ts).
import { AppwriteException, Query, type Models } from 'node-appwrite';
import type { z } from 'zod';
import type { CareVisit, recordVisitBodySchema } from '../../../src/shared/contracts/claims';
import { parseDate } from '../../../src/shared/warranty';
import { adminClient, listEvery, listPages } from '../appwrite';
import { HttpError } from '../http';
import { verifiedOwnerOf } from '../registrations/owners';
import { readRegistration } from '../registrations/registrations';
import { checkPhotos, joinCheckedPhotos, unjoinPhotos } from '../claims/photos';
import { failed, readableBy } from '../claims/store';

export const VISITS_COLLECTION = 'care_visits';
const PAGE = 500;

const text = (doc: Models.Document, key: string) => {
  const v: unknown = (doc as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : '';
};

const visitOf = (doc: Models.Document): CareVisit =>
  ({
    id: doc.$id,
    registration_id: text(doc, 'registration_id'),
    kind: text(doc, 'kind'),
    notes: text(doc, 'notes'),
    staff: text(doc, 'staff'),
    store: text(doc, 'store'),
    photo_ids: text(doc, 'photo_ids').split(',').filter(Boolean),
    at: text(doc, 'at'),
  }) as CareVisit;

function visitsDb() {
  const { databases, settings } = adminClient();
  return { databases, where: { databaseId: settings.databaseId, collectionId: VISITS_COLLECTION } };
}

const missingRegistration = () => new HttpError(404, 'not_found', 'That registration does not exist.');

async function storedVisit(id: string): Promise<CareVisit | null> {
  const { databases, where } = visitsDb();
  try {
    return visitOf(await databases.getDocument({ ...where, documentId: id }));
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) return null;
    failed(err, 'visit');
  }
}

const sameVisit = (visit: CareVisit, registrationId: string) => {
  if (visit.registration_id !== registrationId) throw new HttpError(409, 'id_taken', 'That visit id is already used. Please try again.');
  return { visit };
};

export async function recordVisit(input: z.output<typeof recordVisitBodySchema>, staff: { email: string; userId: string }) {
  const before = await storedVisit(input.id);
  if (before) return sameVisit(before, input.registration_id);
  const reg = await readRegistration(input.registration_id);
  if (!reg) throw missingRegistration();
  const owner = await verifiedOwnerOf(reg);
  // Photos as a staff-opened claim takes them (a counter's upload nobody has joined, or the owner's own), and the
  // photos this staff member took for the visit (uploadStaffPhoto) that no visit has joined yet.
  const photos = await checkPhotos(input.photo_ids, owner, true, staff.userId || undefined);
  // A staff photo is taken for good once joined: no later visit or claim takes it for the owner's own.
  await joinCheckedPhotos(photos, input.photo_ids, owner);
  const { databases, where } = visitsDb();
  try {
    const doc = await databases.createDocument({
      ...where,
      documentId: input.id,
      data: {
        registration_id: reg.id,
        kind: input.kind,
        notes: input.notes,
        photo_ids: input.photo_ids.join(','),
        staff: staff.email,
        store: input.store || reg.record.store || '',
        at: new Date().toISOString(),
      },
      permissions: readableBy(owner),
    });
    return { visit: visitOf(doc) };
  } catch (err) {
    const again = err instanceof AppwriteException && err.code === 409 ? await storedVisit(input.id) : null;
    if (again) return sameVisit(again, input.registration_id);
    await unjoinPhotos(photos); // the retry finds them as they were
    failed(err, 'visit');
  }
}

/** The registration's visits, newest first. */
export async function listVisits(registrationId: string): Promise<{ visits: CareVisit[] }> {
  if (!(await readRegistration(registrationId))) throw missingRegistration();
  const { databases, where } = visitsDb();
  try {
    const docs = await listEvery(databases, where, [Query.equal('registration_id', [registrationId]), Query.orderDesc('at')], PAGE);
    return { visits: docs.map(visitOf) };
  } catch (err) {
    failed(err, 'visit');
  }
}

/**
 * The ids of the registrations with a visit recorded between `from` and `to` (ISO), page by page (index `at`): how
 * the hourly care reminder finds the registrations whose period counts from a visit.
 */
export async function* registrationsVisitedBetween(from: string, to: string, pageSize = PAGE): AsyncGenerator<string[]> {
  const { databases, where } = visitsDb();
  const between = [Query.greaterThanEqual('at', from), Query.lessThanEqual('at', to)];
  for await (const documents of listPages(databases, where, between, pageSize)) yield documents.map((d) => text(d, 'registration_id'));
}

/** When each of these registrations was last visited (any kind), by registration id; one query per hundred ids. */
export async function lastVisits(registrationIds: readonly string[]): Promise<Map<string, Date>> {
  const { databases, where } = visitsDb();
  const last = new Map<string, Date>();
  const ids = [...new Set(registrationIds)];
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    for await (const documents of listPages(databases, where, [Query.equal('registration_id', batch)], PAGE))
      for (const doc of documents) {
        const id = text(doc, 'registration_id');
        const at = parseDate(text(doc, 'at'));
        if (at && at.getTime() > (last.get(id)?.getTime() ?? -Infinity)) last.set(id, at);
      }
  }
  return last;
}
