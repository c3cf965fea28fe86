// The photos of a claim get the checks a registration's get: each is a whole file in the images bucket of a photo
// type, and the caller's own (a customer's upload names its author in its permissions, which only Appwrite writes).
// Its upload was counted against the author's daily file and byte quotas by the bucket, as a registration photo's.
// Joined to a claim, a photo is read("user:OWNER") + read("label:server") as a confirmed registration's photos are:
// the owner keeps reading it and can no longer delete it, and it is never taken for an unjoined upload.
import { AppwriteException, Permission, Role, type Models } from 'node-appwrite';
import { COUNTER_PHOTO_TYPES } from '../../../src/shared/contracts/functions';
import { adminClient } from '../appwrite';
import { HttpError } from '../http';
import { SERVER_MARK } from '../registrations/registrations';
import { ownerIn } from './store';

const TYPES: readonly string[] = COUNTER_PHOTO_TYPES;
const USER_ROLE = /\("user:[^"]+"\)$/;

const notYours = () =>
  new HttpError(422, 'invalid_photos', 'A photo could not be used: add your photos of the problem again, then send it again.');

async function filesOf(ids: readonly string[]): Promise<Models.File[]> {
  const { storage, settings } = adminClient();
  const files: Models.File[] = [];
  for (const fileId of ids) {
    try {
      files.push(await storage.getFile({ bucketId: settings.bucketId, fileId }));
    } catch (err) {
      if (err instanceof AppwriteException && err.code === 404) throw notYours();
      throw new HttpError(502, 'upstream_error', 'The photos could not be checked right now. Please try again.');
    }
  }
  return files;
}

const isPhoto = (f: Models.File) => TYPES.includes(f.mimeType) && f.chunksUploaded === f.chunksTotal;

/**
 * Checks each photo is a whole photo that `account` alone owns, or, with `orUnjoined` (staff opening a claim or
 * recording a visit, who have no upload of their own), one nobody has joined yet (a counter's upload at the store).
 * @throws HttpError 422 when one is not (missing, someone else's, not a photo), without saying which or why.
 */
export async function checkPhotos(ids: readonly string[], account: string | null, orUnjoined = false): Promise<void> {
  for (const file of await filesOf(ids)) {
    const owner = ownerIn(file.$permissions);
    // Theirs alone: every permission names their account (ownerIn: only one) or marks the file as the server's.
    const own = account !== null && owner === account && file.$permissions.every((p) => USER_ROLE.test(p) || p === SERVER_MARK);
    const unjoined = orUnjoined && file.$permissions.length === 0;
    if (!isPhoto(file) || !(own || unjoined)) throw notYours();
  }
}

/** The photos become the claim's: readable by `owner` (when there is one) and marked as the server's. */
export async function joinPhotos(ids: readonly string[], owner: string | null): Promise<void> {
  const { storage, settings } = adminClient();
  const permissions = [...(owner ? [Permission.read(Role.user(owner))] : []), SERVER_MARK];
  for (const fileId of ids) {
    try {
      await storage.updateFile({ bucketId: settings.bucketId, fileId, permissions });
    } catch {
      throw new HttpError(502, 'upstream_error', 'The photos could not be joined to the claim right now. Please try again.');
    }
  }
}
