// Registrations stored with capitals in their e-mail address get it in lower case, once per data set. Imports and
// staff edits store addresses in lower case, as Appwrite keeps its accounts' addresses, and /warranties finds a
// registration nobody owns by that address (customer-registrations.ts); staff edits before that stored what was
// typed, and their customers never saw those registrations. The embedded server runs this with its first sweep after
// each start until its marker (in the `migrations` collection) says it ran; for a deployed Appwrite it runs with
// `npm run migrate:product-fields`. A row whose address changes is a change: it gets a new `$updatedAt` and reaches
// every staff device. The search text is folded already, so it stays as it is.
import { AppwriteException, Query } from 'node-appwrite';
import { pagesOf } from '../appwrite';
import { MIGRATIONS_COLLECTION } from './product-fields';
import { collection, listRegistrationDocuments, upstream } from './registrations';

const PAGE = 500;
export const ADDRESS_CASE_MARKER = 'address-case';

type Lowered = { checked: number; lowered: number };

/** Puts every registration's e-mail address in lower case; answers how many rows were read and changed. */
export async function lowercaseAddresses(): Promise<Lowered> {
  const { databases, where } = collection();
  // Every registration is read once, so its pages are read as the staff's are (listRegistrationDocuments).
  const pages = pagesOf(listRegistrationDocuments, [Query.orderAsc('$id')], PAGE);
  let checked = 0;
  let lowered = 0;
  try {
    for await (const page of pages)
      for (const doc of page) {
        checked++;
        const email = (doc as { email?: unknown }).email;
        if (typeof email !== 'string' || email === email.toLowerCase()) continue;
        await databases.updateDocument({ ...where, documentId: doc.$id, data: { email: email.toLowerCase() } });
        lowered++;
      }
  } catch (err) {
    upstream(err);
  }
  return { checked, lowered };
}

/** lowercaseAddresses, unless the data set's marker says it ran (`again` runs it anyway); the marker is kept after. */
export async function lowercaseAddressesOnce(opts: { again?: boolean } = {}): Promise<Lowered | null> {
  const { databases, where } = collection();
  const marker = { databaseId: where.databaseId, collectionId: MIGRATIONS_COLLECTION, documentId: ADDRESS_CASE_MARKER };
  if (!opts.again) {
    try {
      await databases.getDocument(marker);
      return null;
    } catch (err) {
      if (!(err instanceof AppwriteException && err.code === 404)) upstream(err);
    }
  }
  const began = new Date().toISOString();
  const done = await lowercaseAddresses();
  try {
    await databases.upsertDocument({ ...marker, data: { done_at: began, summary: JSON.stringify(done) } });
  } catch (err) {
    upstream(err);
  }
  return done;
}
