// The wizard's texts, limits and pure rules (SPEC.md sections 5, 8, 9).
import type { PlaceDetails } from '@/shared/contracts/places';
import type { RegistrationFields } from '@/db/types';
import { formatPhone } from './countries';
import { CODE_LENGTH, SIGN_IN_MESSAGES } from '@/lib/customer-sign-in/sign-in-texts';
import type { DraftValues, WizardContext } from './wizard.types';

export const MESSAGES = {
  ...SIGN_IN_MESSAGES,
  nameRequired: 'Enter your full name.',
  phoneRequired: 'Enter your phone number.',
  phoneDigits: 'Numbers only please',
  phoneLength: 'Phone number must be 10 digits',
  addressRequired: 'Please enter your address.',
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
  selectedTitles: string[];
};

/** The registration document's typed fields (image ids are added later, by the outbox). */
export function registrationFields(r: RegistrationInput): RegistrationFields {
  return {
    full_name: r.fullName.trim(),
    email: r.email.trim(),
    phone: r.phone,
    address: composeAddress(r.address),
    product_sku: r.selectedTitles.length ? r.selectedTitles.join(', ') : r.productQuery.trim(),
    selected_product: '',
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
    selectedTitles: c.selected.map((p) => p.title),
  });
