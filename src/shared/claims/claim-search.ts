// What staff find a claim by, the same on the server (the claim's stored `search` text, getClaims) and on the staff
// device (its copy of the claims): the claim number, the customer's name and e-mail, case and accents aside.
import { readClaimNumber } from './claim-number';

/** Text folded for search: lower case, without accents ("Núñez" → "nunez"). */
export const foldedText = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The text a claim is found by, as the server stores it. */
export const claimSearchText = (number: string, name: string, email: string) => foldedText(`${number} ${name} ${email}`).slice(0, 1024);

/** The same on the staff device, folded fast: plain ASCII (most names and addresses) needs no accents taken off. */
export const claimSearchSpace = (number: string, name: string, email: string) => {
  const text = `${number} ${name} ${email}`;
  return (/^[ -~]*$/.test(text) ? text.toLowerCase() : foldedText(text)).slice(0, 1024);
};

/** What a typed search looks for in that text: a claim number however typed ("c 7k2m9q"), else the words folded. */
export const claimSearchTerm = (typed: string) => {
  const term = typed.trim();
  return foldedText(readClaimNumber(term) ?? term);
};
