// A registration the server set aside, opened again in the wizard: on the step at fault, with what was typed and its
// photos, so the customer corrects it and submits it again (it then replaces the set-aside record).
import { draftsRepository } from '@/db/drafts-repository';
import type { AppDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';
import { COUNTRIES, DEFAULT_COUNTRY } from './countries';
import { STORAGE_KEYS, type KeyStore } from './drafts';
import { refusedField } from '@/sync/refusal';
import { FIELD_STEPS } from './wizard.limits';
import { COUNTRY_NAME, LIMITS } from './wizard.rules';
import type { DraftValues } from './wizard.types';

type Address = Pick<DraftValues, 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zip' | 'placeChosen'>;

/**
 * SPEC's stored address (line 1, line 2, city, state, zip, country joined by ", ") in its parts again; when they cannot
 * be told apart, all of it on line 1, taken as a whole (as a chosen suggestion is), so it is stored as it was.
 */
export function addressParts(address: string): Address {
  const parts = address.split(', ');
  if (parts.at(-1) === COUNTRY_NAME) parts.pop();
  const [city = '', state = '', zip = ''] = parts.slice(-3);
  if (parts.length >= 4 && /^[A-Z]{2}$/.test(state) && /^\d{5}(-\d{4})?$/.test(zip))
    return { addressLine1: parts[0]!, addressLine2: parts.slice(1, -3).join(', '), city, state, zip, placeChosen: false };
  return { addressLine1: parts.join(', '), addressLine2: '', city: '', state: '', zip: '', placeChosen: true };
}

/** A stored phone (`+{dial} {number}`) as the phone step's country and number. */
export function phoneParts(phone: string): Pick<DraftValues, 'phoneCountry' | 'phone'> {
  const m = /^\+(\d+)\s+(.*)$/.exec(phone.trim());
  const country = m ? COUNTRIES.find((c) => c.dial === m[1]) : undefined;
  return country
    ? { phoneCountry: country.code, phone: m![2]!.replace(/\D/g, '') }
    : { phoneCountry: DEFAULT_COUNTRY, phone: phone.replace(/\D/g, '') };
}

/** The step to reopen a set-aside registration on: the one where the refused field is typed, else the last. */
export const stepAtFault = (entry: OutboxEntry): number => {
  const fault = refusedField(entry);
  return fault ? FIELD_STEPS[fault.field] : LIMITS.lastFormStep;
};

/** What the wizard's draft holds for this registration. */
export function draftValuesOf(entry: OutboxEntry): DraftValues {
  const f = entry.fields;
  return {
    fullName: f.full_name,
    email: f.email,
    ...phoneParts(f.phone),
    ...addressParts(f.address),
    productQuery: f.product_sku,
    category: 'all',
    selected: [],
    queuedEntryId: null,
    confirmLater: entry.via === 'counter',
    fixingEntryId: entry.id,
    wrongCodes: 0,
  };
}

/** Opens `entry` in the wizard next time it starts: its draft, its photos copied, its customer's session kept. */
export async function reopenSetAside(db: AppDb, keys: KeyStore, entry: OutboxEntry): Promise<void> {
  const step = stepAtFault(entry);
  await draftsRepository(db).reopen(
    { id: crypto.randomUUID(), step, values: draftValuesOf(entry), updatedAt: Date.now() },
    entry.files.map((f) => f.draftFileId),
  );
  keys.setItem(STORAGE_KEYS.step, String(step));
  keys.removeItem(STORAGE_KEYS.sessionId);
  // Signed in as this customer if the session is still theirs: the wizard checks it on load and at Submit.
  if (entry.userId && entry.via !== 'counter') {
    keys.setItem(STORAGE_KEYS.userId, entry.userId);
    keys.setItem(STORAGE_KEYS.isVerified, 'true');
  } else {
    keys.removeItem(STORAGE_KEYS.userId);
    keys.setItem(STORAGE_KEYS.isVerified, 'false');
  }
}
