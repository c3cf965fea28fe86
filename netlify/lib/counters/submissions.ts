// What a counter device sends (submitFromCounter): each photo with its pre-made file id, then the registration with
// its pre-made document id, both idempotent by those ids. A counter's photos and registrations are stored with the
// API key and no permissions at all: no customer can read them until the customer confirms by the e-mailed link.
import { AppwriteException } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import type { z } from 'zod';
import type { counterPhotoSchema, counterRegistrationSchema } from '../../../src/shared/contracts/functions';
import { ID_PATTERN } from '../../../src/shared/contracts/submission';
import { adminClient } from '../appwrite';
import { customerUserFor, LINK_LOG_ACTION, sendConfirmationLink } from '../confirmation/link';
import { HttpError } from '../http';
import { recordOnce } from '../integration-log';
import { MailError } from '../mail/send';
import { storeCounterRegistration } from '../registrations/registrations';
import type { CounterIdentity } from './devices';
import { chargeCounterPhoto } from './photo-quota';

type Photo = z.output<typeof counterPhotoSchema>;
type CounterRegistration = z.output<typeof counterRegistrationSchema>;

/** The largest photo: what fits base64 in the function's 6 MB body. */
export const MAX_PHOTO_BYTES = Math.floor(4.5 * 1024 * 1024);

const PHOTO_KINDS = {
  'image/jpeg': { label: 'a JPEG image', extensions: ['jpg', 'jpeg'] },
  'image/png': { label: 'a PNG image', extensions: ['png'] },
  'image/webp': { label: 'a WebP image', extensions: ['webp'] },
} as const satisfies Record<Photo['type'], { label: string; extensions: string[] }>;

const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
/** What the photo's first bytes say it is (never its name or declared type). */
export function photoTypeOf(b: Uint8Array): Photo['type'] | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return 'image/png';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a photo sent as base64, checked: base64, not empty, not too large. Its type is not looked at. */
export function readBase64Photo(data: string): Uint8Array {
  if (data.startsWith('data:')) throw new HttpError(422, 'invalid_photo', 'Send the photo as plain base64, without the "data:" prefix.');
  if (data.length % 4 !== 0 || !BASE64.test(data)) throw new HttpError(422, 'invalid_photo', 'The photo must be sent as base64.');
  const bytes = new Uint8Array(Buffer.from(data, 'base64'));
  if (bytes.length === 0) throw new HttpError(422, 'invalid_photo', 'The photo is empty.');
  if (bytes.length > MAX_PHOTO_BYTES)
    throw new HttpError(413, 'payload_too_large', `The photo is larger than ${(MAX_PHOTO_BYTES / 1024 / 1024).toFixed(1)} MB.`);
  return bytes;
}

/** The photo's bytes, checked: base64, not empty, not too large, and really of its declared type. */
export function decodePhoto(photo: Photo): Uint8Array {
  const bytes = readBase64Photo(photo.data);
  const actual = photoTypeOf(bytes);
  if (actual !== photo.type)
    throw new HttpError(
      422,
      'photo_type_mismatch',
      `The photo's content is not ${PHOTO_KINDS[photo.type].label}${actual ? ` (it is ${PHOTO_KINDS[actual].label})` : ''}.`,
    );
  return bytes;
}

/** A file name the bucket takes: no path or control characters, ending in an extension of the photo's type. */
export function photoName(name: string, type: Photo['type']): string {
  const base =
    [...(name.split(/[\\/]/).pop() ?? '')]
      .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
      .join('')
      .trim() || 'photo';
  const ext = base.includes('.') ? base.split('.').pop()!.toLowerCase() : '';
  const kind = PHOTO_KINDS[type];
  const named = (kind.extensions as readonly string[]).includes(ext) ? base : `${base}.${kind.extensions[0]}`;
  return named.length <= 255 ? named : `${named.slice(0, 250)}.${kind.extensions[0]}`;
}

/**
 * Stores one photo under its pre-made id, within the counter's daily allowance (429 past it). A repeat of an id already
 * stored changes nothing.
 */
export async function storePhoto(counter: CounterIdentity, photo: Photo): Promise<{ id: string; status: 'stored' }> {
  const bytes = decodePhoto(photo);
  const { storage, settings } = adminClient();
  const charge = await chargeCounterPhoto(counter.id, bytes.length);
  try {
    await storage.createFile({
      bucketId: settings.bucketId,
      fileId: photo.id,
      file: InputFile.fromBuffer(bytes, photoName(photo.name, photo.type)),
      permissions: [],
    });
  } catch (err) {
    await charge.refund(); // nothing new was stored
    if (err instanceof AppwriteException) {
      if (err.code === 409) return { id: photo.id, status: 'stored' }; // the same answer, whoever's file it is
      if (err.code === 400) throw new HttpError(422, 'invalid_photo', `The photo was refused: ${err.message}`);
    }
    throw new HttpError(502, 'upstream_error', 'The photo could not be stored right now. Please try again.');
  }
  return { id: photo.id, status: 'stored' };
}

/** The photo ids of a registration's image_file_id (comma-separated), each a valid file id. */
export function photoIdsOf(imageFileId: string): string[] {
  const ids = imageFileId
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.find((id) => !ID_PATTERN.test(id));
  if (bad !== undefined) throw new HttpError(422, 'invalid_body', `image_file_id: "${bad.slice(0, 40)}" is not a file id.`);
  return [...new Set(ids)];
}

/**
 * Stores a counter's registration as pending and the server's (its store from the counter, never from the body), and
 * e-mails the customer the confirmation link. A repeat changes nothing and sends no second e-mail. Every photo must be
 * stored first (409 otherwise, so the device sends the photos again). The answer is the same for a new registration
 * and a repeat, so it tells nothing about which ids exist.
 */
export async function storeRegistration(
  counter: CounterIdentity,
  reg: CounterRegistration,
  context: unknown,
): Promise<{ id: string; status: 'pending' }> {
  const answer = { id: reg.id, status: 'pending' as const };
  photoIdsOf(reg.image_file_id); // a malformed list is refused before anything is looked up
  const { id, submitted_at, ...fields } = reg;
  const stored = await storeCounterRegistration({
    id,
    fields,
    submittedAt: new Date(submitted_at).toISOString(),
    store: counter.store,
    userId: () => customerUserFor(reg.email, reg.full_name),
  });
  if (!stored) return answer; // a repeat, or anyone's existing id: nothing stored, nothing sent

  // The registration is stored: a failure to e-mail the link is recorded for staff ("Resend link"), never an error
  // that would make the device send it again.
  try {
    await sendConfirmationLink({ registrationId: reg.id, email: reg.email, name: reg.full_name, store: counter.store, context });
  } catch (err) {
    const reason = err instanceof MailError || err instanceof HttpError ? err.message : 'unexpected error';
    console.error('[submitFromCounter] the confirmation link was not sent:', reason);
    await recordOnce({ registrationId: reg.id, email: reg.email, action: `${LINK_LOG_ACTION}.failed`, result: `failed: ${reason}` }).catch(
      () => undefined,
    );
  }
  return answer;
}
