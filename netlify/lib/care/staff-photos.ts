// Photos staff take at the counter (uploadStaffPhoto): for a care visit ("Record a visit") or a claim they file ("New
// claim"). Staff have no Appwrite session, so the function stores each one with the API key, for the staff member who
// sent it: its type read from its bytes (never the browser's name or type), within the size a counter's photo has and
// a daily allowance per staff member (../counters/photo-quota.ts). Its permissions are the server's alone:
// read("label:server") and a label naming its uploader (no account holds either), so no customer reads it and no other
// staff member's visit or claim can take it. "Record a visit" or "Open claim" joins it (../claims/photos.ts
// joinPhotos), which replaces both with the owner's read, the server's mark and STAFF_PHOTO_MARK; one nobody joined
// within UPLOAD_TTL_HOURS is deleted by the unjoined-upload sweep (../counters/photo-sweep.ts).
import { createHash } from 'node:crypto';
import { AppwriteException, ID, Permission, Role } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { adminClient } from '../appwrite';
import { HttpError } from '../http';
import { chargeStaffPhoto } from '../counters/photo-quota';
import { readBase64Photo, photoTypeOf } from '../counters/submissions';
import { SERVER_MARK } from '../registrations/registrations';

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
const UPLOADER_LABEL = /^read\("label:staffupload[0-9a-f]{24}"\)$/;

/** The permission that names a staff member as a photo's uploader: a label no account holds. */
export function uploaderMark(staffId: string): string {
  const key = createHash('sha256').update(`staff-upload:${staffId}`).digest('hex').slice(0, 24);
  return Permission.read(Role.label(`staffupload${key}`));
}

/**
 * What a staff member's photo keeps once a visit or a claim joined it, beside the owner's read and the server's mark: it is then
 * neither the owner's own upload (../claims/photos.ts checkPhotos) nor unjoined, so no visit or claim takes it again.
 */
export const STAFF_PHOTO_MARK = Permission.read(Role.label('visitphoto'));

/** The permissions of a staff member's photo that no visit or claim has joined yet. */
export const unjoinedStaffPermissions = (staffId: string) => [SERVER_MARK, uploaderMark(staffId)];

/** A staff member's photo no visit or claim has joined (anyone's, when `staffId` is not given). */
export function isUnjoinedStaffUpload(permissions: readonly string[], staffId?: string): boolean {
  if (permissions.length !== 2 || !permissions.includes(SERVER_MARK)) return false;
  const mark = permissions.find((p) => p !== SERVER_MARK) ?? '';
  return staffId === undefined ? UPLOADER_LABEL.test(mark) : mark === uploaderMark(staffId);
}

/**
 * Stores one photo sent by a staff member (base64) under a new file id, and answers that id.
 * @throws HttpError 422 (not base64, empty, not a JPEG, PNG or WebP photo), 413 (too large), 429 (past the day's
 * allowance), 502 (storage failed).
 */
export async function storeStaffPhoto(staff: { userId: string }, data: string): Promise<{ id: string }> {
  if (!staff.userId) throw new HttpError(401, 'unauthorized', 'Sign in as staff to continue.');
  const bytes = readBase64Photo(data);
  const type = photoTypeOf(bytes);
  if (!type) throw new HttpError(422, 'not_a_photo', 'The file is not a photo. Choose a JPEG, PNG or WebP image.');
  const charge = await chargeStaffPhoto(staff.userId, bytes.length);
  const { storage, settings } = adminClient();
  const fileId = ID.unique();
  try {
    await storage.createFile({
      bucketId: settings.bucketId,
      fileId,
      file: InputFile.fromBuffer(bytes, `visit-photo.${EXTENSIONS[type]}`),
      permissions: unjoinedStaffPermissions(staff.userId),
    });
  } catch (err) {
    await charge.refund(); // nothing was stored
    if (err instanceof AppwriteException && err.code === 400)
      throw new HttpError(422, 'invalid_photo', `The photo was refused: ${err.message}`);
    throw new HttpError(502, 'upstream_error', 'The photo could not be stored right now. Please try again.');
  }
  return { id: fileId };
}
