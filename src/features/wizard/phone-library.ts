// The part of the phone step that loads when the step shows (imported only through phone-number.ts): libphonenumber-js
// with its small `min` metadata, and the flags of the countries beyond SPEC.md's 24.
import { Metadata, parsePhoneNumberFromString, isSupportedCountry, type NumberingPlan } from 'libphonenumber-js/min';

/** The national number (no trunk prefix) of `digits` dialled in `country`, or null when it is no number there. */
export function nationalNumber(country: string, digits: string): string | null {
  if (!isSupportedCountry(country)) return null;
  const phone = parsePhoneNumberFromString(digits, country);
  if (!phone || phone.country !== country) return null;
  if (phone.isValid()) return phone.nationalNumber;
  // For a calling code several countries share (+44: GB, GG, IM, JE), `min` keeps each one's detailed ranges and
  // leaves out some that are real (Ofcom's 07700 900xxx): a number of a right length that fits the country's own
  // number pattern is accepted, as `min` does for every other country.
  const metadata = new Metadata();
  metadata.selectNumberingPlan(country);
  const plan = metadata.numberingPlan as (NumberingPlan & { nationalNumberPattern(): string }) | undefined;
  const fits = plan ? new RegExp(`^(?:${plan.nationalNumberPattern()})$`).test(phone.nationalNumber) : false;
  return phone.isPossible() && fits ? phone.nationalNumber : null;
}

/** Every flag's file (SVG files of their own, in the service worker's precache), by country code. */
export const FLAGS: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('/node_modules/country-flag-icons/3x2/*.svg', { query: '?url&no-inline', import: 'default', eager: true }),
  ).map(([path, url]) => [path.slice(-6, -4), url]),
);
