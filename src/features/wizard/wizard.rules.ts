// The wizard's texts, limits and pure rules (SPEC.md sections 5, 8, 9).
import type { PlaceDetails } from '@/shared/contracts/places';
import type { RegistrationFields } from '@/db/types';
import { findCountry, formatPhone, isNorthAmerican } from './countries';
import { nationalNumber } from './phone-number';
import { findUsState, isZipInState } from './us-zip-states';
import { CODE_LENGTH, SIGN_IN_MESSAGES } from '@/lib/customer-sign-in/sign-in-texts';
import type { DraftValues, SelectedProduct, WizardContext } from './wizard.types';

export const MESSAGES = {
  ...SIGN_IN_MESSAGES,
  nameRequired: 'Enter your full name.',
  phoneRequired: 'Enter your phone number.',
  phoneDigits: 'Numbers only please',
  phoneLength: 'Phone number must be 10 digits',
  addressRequired: 'Please enter your address.',
  cityRequired: 'Enter your city.',
  stateRequired: 'Choose your state.',
  zipInvalid: 'Enter a 5-digit ZIP code.',
  productOrPhoto: 'Please upload an image or select a product via SKU.',
  photosNotAdded: 'We could not add your photos. Please check your connection and choose them again.',
  sessionExpired: 'Please log in again. Your session has expired.',
  authExpired: 'Authentication expired. Please log in again.',
  unknownError: 'Unknown error',
} as const;

export const LIMITS = {
  codeLength: CODE_LENGTH,
  phoneLength: 10,
  phoneMaxDigits: 15,
  phoneMinDigits: 4,
  sessionPollMs: 900_000,
  verifiedAdvanceMs: 1_500,
  addressDebounceMs: 300,
  suggestionsCloseMs: 200,
  addressMinChars: 2,
  maxProductResults: 10,
  draftDebounceMs: 300,
  firstStep: 1,
  lastFormStep: 6,
} as const;

export const COUNTRY_NAME = 'United States';

export const isFilled = (value: string) => value.trim().length > 0;

/** A stored step is usable when it is a whole number from 1 to 6; anything else starts over at 1. */
export const restorableStep = (value: unknown): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= LIMITS.firstStep && n <= LIMITS.lastFormStep ? n : LIMITS.firstStep;
};

type ErrorLike = { message?: unknown; code?: unknown; type?: unknown };
const asErrorLike = (err: unknown): ErrorLike => (typeof err === 'object' && err !== null ? (err as ErrorLike) : {});
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A submit failure caused by a session the server no longer accepts (guest role, missing scope). */
export function isAuthFailure(err: unknown): boolean {
  const e = asErrorLike(err);
  const words = `${text(e.type)} ${text(e.message)}`.toLowerCase();
  return words.includes('missing scope') || words.includes('guests') || words.includes('unauthorized_scope');
}

export function submitErrorMessage(err: unknown): string {
  const message = text(asErrorLike(err).message).trim();
  return message ? `Submission failed: ${message}` : MESSAGES.unknownError;
}

/** Step 4's outside +1: the number libphonenumber-js does not take for the country. */
export const phoneInvalidFor = (country: string) => `Enter a valid phone number for ${country}.`;
/** Step 5's when the ZIP is another state's. */
export const zipNotInState = (state: string) => `This ZIP code is not in ${state}.`;

/** Step 4's message for the number in `phone` (digits) dialled in `phoneCountry`, or null when it is accepted. */
export function phoneProblem({ phoneCountry, phone }: { phoneCountry: string; phone: string }): string | null {
  if (!phone) return MESSAGES.phoneRequired;
  if (!/^\d+$/.test(phone)) return MESSAGES.phoneDigits;
  if (isNorthAmerican(phoneCountry)) return phone.length === LIMITS.phoneLength ? null : MESSAGES.phoneLength;
  const national = nationalNumber(phoneCountry, phone);
  // Before the library has arrived (it is fetched as the step shows), any number of a length some country uses.
  const valid = national === undefined ? phone.length >= LIMITS.phoneMinDigits : national !== null;
  return valid ? null : phoneInvalidFor(findCountry(phoneCountry).name);
}

type AddressAnswers = { addressLine1: string; city: string; state: string; zip: string };
export type AddressProblems = Partial<Record<keyof AddressAnswers, string>>;

/**
 * Step 5's message for each answer that stops it: line 1 always; city, state and ZIP (one of the state's) when they
 * were typed, not filled from a chosen suggestion, whose data stands.
 */
export function addressProblems(a: AddressAnswers, placeChosen: boolean): AddressProblems {
  const problems: AddressProblems = {};
  if (!isFilled(a.addressLine1)) problems.addressLine1 = MESSAGES.addressRequired;
  if (placeChosen) return problems;
  const state = findUsState(a.state);
  const zip = a.zip.trim();
  if (!isFilled(a.city)) problems.city = MESSAGES.cityRequired;
  if (!state) problems.state = MESSAGES.stateRequired;
  if (!/^\d{5}(-\d{4})?$/.test(zip)) problems.zip = MESSAGES.zipInvalid;
  else if (state && !isZipInState(zip, state.code)) problems.zip = zipNotInState(state.name);
  return problems;
}

/** The first of step 5's messages (in the order of the fields), or null when the address is accepted. */
export const addressProblem = (a: AddressAnswers, placeChosen: boolean): string | null => {
  const p = addressProblems(a, placeChosen);
  return p.addressLine1 ?? p.city ?? p.state ?? p.zip ?? null;
};

export type AddressParts = { line1: string; line2: string; city: string; state: string; zip: string };

/** SPEC.md's address: line 1, line 2, city, state, zip and country joined by ", ", empty parts left out. */
export function composeAddress(a: AddressParts, country = COUNTRY_NAME): string {
  return [a.line1, a.line2, a.city, a.state, a.zip, country]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
}

/** Line 1, city, state and zip from a chosen suggestion's details. */
export function addressFromDetails(details: PlaceDetails): Omit<AddressParts, 'line2'> {
  const part = (type: string, short = false) => {
    const c = details.address_components.find((x) => x.types.includes(type));
    return c ? (short ? c.short_name : c.long_name) : '';
  };
  const street = [part('street_number'), part('route')].filter(Boolean).join(' ');
  return {
    line1: street || details.formatted_address.split(',')[0]?.trim() || '',
    city: part('locality') || part('postal_town') || part('sublocality'),
    state: part('administrative_area_level_1', true),
    zip: part('postal_code'),
  };
}

export type RegistrationInput = {
  fullName: string;
  email: string;
  phone: string;
  address: AddressParts;
  productQuery: string;
  selected: readonly Pick<SelectedProduct, 'title' | 'sku'>[];
};

/**
 * The registration document's typed fields (image ids are added later, by the outbox). Picked products go in as
 * their SKUs (product_sku) and titles (selected_product), comma-joined in the same order; a product the shop gave no
 * SKU keeps its place with its title. Without a pick, the customer's search text is the product_sku (SPEC.md).
 */
export function registrationFields(r: RegistrationInput): RegistrationFields {
  const picked = r.selected.length > 0;
  return {
    full_name: r.fullName.trim(),
    email: r.email.trim(),
    phone: r.phone,
    address: composeAddress(r.address),
    product_sku: picked ? r.selected.map((p) => p.sku.trim() || p.title).join(', ') : r.productQuery.trim(),
    selected_product: picked ? r.selected.map((p) => p.title).join(', ') : '',
  };
}

/** What the draft keeps of the context: everything typed but the one-time code. */
export const draftValues = (c: WizardContext): DraftValues => {
  const { code: _code, ...fields } = c.fields;
  return {
    ...fields,
    placeChosen: c.placeChosen,
    selected: c.selected,
    queuedEntryId: c.queuedEntryId,
    confirmLater: c.confirmLater,
    fixingEntryId: c.fixingEntryId,
    wrongCodes: c.wrongCodes,
  };
};

/** The registration document's fields from what the customer entered. */
export const toRegistration = (c: WizardContext) =>
  registrationFields({
    fullName: c.fields.fullName,
    email: c.fields.email,
    phone: formatPhone(c.fields.phoneCountry, c.fields.phone),
    address: { line1: c.fields.addressLine1, line2: c.fields.addressLine2, city: c.fields.city, state: c.fields.state, zip: c.fields.zip },
    productQuery: c.fields.productQuery,
    selected: c.selected,
  });
