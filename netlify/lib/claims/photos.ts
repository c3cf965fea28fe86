// The photos of a claim get the checks a registration's get: each is a whole file in the images bucket of a photo
// type, and the caller's own (a customer's upload names its author in its permissions, which only Appwrite writes).
// Its upload was counted against the author's daily file and byte quotas by the bucket, as a registration photo's.
// Joined to a claim, a photo is read("user:OWNER") + read("label:server") as a confirmed registration's photos are:
// the owner keeps reading it and can no longer delete it, and it is never taken for an unjoined upload.
import { AppwriteException, Permission, Role, type Models } from 'node-appwrite';
import { COUNTER_PHOTO_TYPES } from '../../../src/shared/contracts/functions';
import { adminClient } from '../appwrite';
import { HttpError } from '../http';
import { isUnjoinedStaffUpload, STAFF_PHOTO_MARK } from '../care/staff-photos';
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
 * recording a visit), one nobody has joined yet: a counter's upload at the store, or, with `staffId`, that staff
 * member's own upload (../care/staff-photos.ts). Answers the files as they were, so a join cut short can be undone.
 * @throws HttpError 422 when one is not (missing, someone else's, not a photo), without saying which or why.
 */
export async function checkPhotos(
  ids: readonly string[],
  account: string | null,
  orUnjoined = false,
  staffId?: string,
): Promise<Models.File[]> {
  const files = await filesOf(ids);
  for (const file of files) {
    const owner = ownerIn(file.$permissions);
    // Theirs alone: every permission names their account (ownerIn: only one) or marks the file as the server's.
    const own = account !== null && owner === account && file.$permissions.every((p) => USER_ROLE.test(p) || p === SERVER_MARK);
    const unjoined =
      orUnjoined && (file.$permissions.length === 0 || (staffId !== undefined && isUnjoinedStaffUpload(file.$permissions, staffId)));
    if (!isPhoto(file) || !(own || unjoined)) throw notYours();
  }
  return files;
}

/**
 * The photos become the claim's: readable by `owner` (when there is one) and marked as the server's, with `marks` of
 * the caller's own (a visit's photo taken by staff keeps one, so it is never taken for the owner's own upload).
 */
export async function joinPhotos(ids: readonly string[], owner: string | null, marks: readonly string[] = []): Promise<void> {
  const { storage, settings } = adminClient();
  const permissions = [...(owner ? [Permission.read(Role.user(owner))] : []), SERVER_MARK, ...marks];
  for (const fileId of ids) {
    try {
      await storage.updateFile({ bucketId: settings.bucketId, fileId, permissions });
    } catch {
      throw new HttpError(502, 'upstream_error', 'The photos could not be joined to the claim right now. Please try again.');
    }
  }
}

/** Gives the files back the permissions they had before a join that was cut short (best effort: never throws). */
export async function unjoinPhotos(files: readonly Models.File[]): Promise<void> {
  const { storage, settings } = adminClient();
  for (const file of files)
    await storage.updateFile({ bucketId: settings.bucketId, fileId: file.$id, permissions: file.$permissions }).catch(() => undefined);
}

/**
 * Joins the checked `photos` (by `ids`) to `owner`; a staff member's upload also keeps STAFF_PHOTO_MARK, so no later
 * claim or visit takes it again. A join cut short gives every photo back as it was, for the retry to take them again.
 * True when staff uploads were among them.
 */
export async function joinCheckedPhotos(photos: readonly Models.File[], ids: readonly string[], owner: string | null): Promise<boolean> {
  const taken = new Set(photos.filter((f) => isUnjoinedStaffUpload(f.$permissions)).map((f) => f.$id));
  try {
    await joinPhotos(
      ids.filter((id) => !taken.has(id)),
      owner,
    );
    await joinPhotos([...taken], owner, [STAFF_PHOTO_MARK]);
  } catch (err) {
    await unjoinPhotos(photos);
    throw err;
  }
  return taken.size > 0;
}
