// The one e-mail rule of the app, the strictest of those it meets: Appwrite's (PHP's FILTER_VALIDATE_EMAIL, ASCII
// only), which the embedded server's Users and Account APIs apply too. The wizard, the functions' contracts and the
// server all use it, so an address one of them accepts is never refused by another. Free of zod: the wizard loads it.
//
// An address is at most 254 characters: a local part of at most 64 (dot-separated runs of letters, digits and
// ! # $ % & ' * + / = ? ^ _ ` { | } ~ -), "@", and a domain of two or more labels (letters, digits and inner hyphens,
// at most 63 each; the last starts with a letter). So no spaces, commas, quotes, control characters, NUL, bidi marks,
// lone surrogates or other non-ASCII characters. Every part is a run of one character class between fixed
// separators, so checking is linear in the length.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const LAST_LABEL = '[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';

/** The rule as one pattern, for zod's `.regex` in the contracts. */
export const EMAIL_PATTERN = new RegExp(`^(?=.{1,254}$)(?=[^@]{1,64}@)${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LAST_LABEL}$`);

/** Whether `text` is an e-mail address by the app's one rule (`text` as it is: trim it first where a person typed it). */
export const isEmail = (text: string): boolean => EMAIL_PATTERN.test(text);
