// What a report or a reply needs before it is kept and sent: the server's own rules (contracts/claims.ts) and words,
// checked on the form so nothing it accepts is refused later.
import { CLAIM_MESSAGE_MAX, CLAIM_PHOTOS, CLAIM_TEXTS, type Delivery, type Problem } from '@/shared/claims/claim-texts';
import { textLength, withinLimit } from '@/shared/contracts/text-length';

export type ReportValues = { problem: Problem | ''; details: string; delivery: Delivery | ''; photoCount: number };
export type ReportErrors = Partial<Record<'problem' | 'details' | 'photos' | 'delivery', string>>;

export const CHOOSE_PROBLEM = 'Choose what happened.';
export const CHOOSE_DELIVERY = 'Choose how you will bring us the piece.';
export const WRITE_REPLY = 'Write your reply.';
export const TOO_LONG = `Keep it to ${CLAIM_MESSAGE_MAX.toLocaleString('en-US')} characters.`;
const TOO_MANY = `Add at most ${CLAIM_PHOTOS.max} photos.`;

/** The message of a required text of at most 2,000 characters, or undefined when it is fine. */
function textError(text: string, required: string): string | undefined {
  if (!text.trim()) return required;
  return withinLimit(text.trim(), CLAIM_MESSAGE_MAX) ? undefined : TOO_LONG;
}

/** Each field's message, in the order of the form; empty when the report can be sent. */
export function reportErrors(v: ReportValues): ReportErrors {
  const errors: ReportErrors = {};
  if (!v.problem) errors.problem = CHOOSE_PROBLEM;
  const details = textError(v.details, CLAIM_TEXTS.tellUsMoreRequired);
  if (details) errors.details = details;
  if (v.photoCount < CLAIM_PHOTOS.min) errors.photos = CLAIM_TEXTS.photosRequired;
  else if (v.photoCount > CLAIM_PHOTOS.max) errors.photos = TOO_MANY;
  if (!v.delivery) errors.delivery = CHOOSE_DELIVERY;
  return errors;
}

/** The reply's message, or undefined when it can be sent (its photos are optional, at most 5). */
export function replyError(message: string, photoCount: number): { message?: string; photos?: string } {
  const text = textError(message, WRITE_REPLY);
  return { ...(text ? { message: text } : {}), ...(photoCount > CLAIM_PHOTOS.max ? { photos: TOO_MANY } : {}) };
}

/** "1,234 of 2,000 characters", counted as the server counts. */
export const charactersUsed = (text: string) =>
  `${textLength(text.trim()).toLocaleString('en-US')} of ${CLAIM_MESSAGE_MAX.toLocaleString('en-US')} characters`;
