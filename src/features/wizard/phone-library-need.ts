// When a customer needs the phone library (phone-number.ts): a number outside +1, which it checks, or a country whose
// flag comes with it. A customer with a +1 number of SPEC.md's countries never downloads it.
import { useEffect } from 'react';
import { isNorthAmerican } from './countries';
import { hasOwnFlag } from './flags';
import { loadPhoneLibrary } from './phone-number';

/** Fetches the library (once) when `country`'s number is checked with it or its flag comes with it. */
export function useLibraryFor(country: string) {
  const needed = !isNorthAmerican(country) || !hasOwnFlag(country);
  useEffect(() => {
    if (needed) void loadPhoneLibrary().catch(() => undefined);
  }, [needed]);
}
