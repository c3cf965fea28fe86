// The phone step's library (phone-library.ts: libphonenumber-js and the flags beyond SPEC.md's countries), fetched as
// its own chunk only when a customer needs it: a number outside +1 (checked with it), a country whose flag comes with
// it, or the country list opened. A customer with a +1 number never loads it; its answers once it has arrived.
import { useSyncExternalStore } from 'react';

type PhoneLibrary = typeof import('./phone-library');

let library: PhoneLibrary | null = null;
let loading: Promise<PhoneLibrary> | null = null;
const listeners = new Set<() => void>();

/** Starts fetching the library (once; again after a failed try). */
export function loadPhoneLibrary(): Promise<PhoneLibrary> {
  loading ??= import('./phone-library').then(
    (m) => {
      library = m;
      for (const l of listeners) l();
      return m;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The library once it has arrived (null before). */
export const phoneLibrary = () => library;

/** The library for a screen: null until it has arrived, then the screen renders again with it. */
export const usePhoneLibrary = () =>
  useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    phoneLibrary,
    phoneLibrary,
  );

/** libphonenumber-js's national number of `digits` in `country`: null when invalid, undefined before it has arrived. */
export const nationalNumber = (country: string, digits: string): string | null | undefined =>
  library ? library.nationalNumber(country, digits) : undefined;
