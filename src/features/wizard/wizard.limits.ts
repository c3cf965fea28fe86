// The server's field limits, checked on the step where each field is typed, so nothing the wizard accepts is refused
// later; and the step to reopen for a registration the server set aside.
import type { RegistrationFields } from '@/db/types';
import { FIELD_LIMITS, fieldOverLimit, type LimitedField } from '@/shared/contracts/field-limits';
import { SIGN_IN_MESSAGES } from '@/lib/customer-sign-in/sign-in-texts';
import { toRegistration } from './wizard.rules';
import type { Step, WizardContext } from './wizard.types';

/** The step where each stored field is typed. */
export const FIELD_STEPS: Record<LimitedField, Step> = {
  full_name: 1,
  email: 2,
  phone: 4,
  address: 5,
  product_sku: 6,
  selected_product: 6,
  image_file_id: 6,
};

/** What a step says when one of its fields is over its limit. */
export const LIMIT_MESSAGES: Record<LimitedField, string> = {
  full_name: `Your full name must be ${FIELD_LIMITS.full_name} characters or fewer.`,
  email: SIGN_IN_MESSAGES.emailTooLong,
  phone: `Your phone number must be ${FIELD_LIMITS.phone} characters or fewer.`,
  address: `Your address must be ${FIELD_LIMITS.address} characters or fewer in all.`,
  product_sku: `Your products must come to ${FIELD_LIMITS.product_sku} characters or fewer. Remove some, or shorten your search.`,
  selected_product: `Your products must come to ${FIELD_LIMITS.selected_product} characters or fewer. Remove some.`,
  image_file_id: 'Too many photos for one registration. Remove some.',
};

const fieldsOf = (step: Step, fields: Partial<Record<LimitedField, string>>) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => FIELD_STEPS[key as LimitedField] === step));

/** The limit message of `step` for these registration fields, or null when its fields fit. */
export function limitErrorAt(step: Step, fields: Partial<Record<LimitedField, string>>): string | null {
  const over = fieldOverLimit(fieldsOf(step, fields));
  return over ? LIMIT_MESSAGES[over] : null;
}

/** An id the outbox makes for each photo (uniqueId: 20 characters), as long as the real ones. */
const PHOTO_ID = 'x'.repeat(20);

/** The fields as they will be stored: the typed ones, and the photo ids the outbox adds. */
const storedFields = (fields: RegistrationFields, photoCount: number) => ({
  ...fields,
  image_file_id: Array.from({ length: photoCount }, () => PHOTO_ID).join(','),
});

/** What the wizard's answers would store, to hold against the limits. */
export const limitedFields = (c: WizardContext) => storedFields(toRegistration(c), c.photos.length);
