// How registrations are searched, the same on the staff's device and on the server: text folded to lower case without
// accents ("Nunez" finds "Núñez"), and a registration's searched text made of its name, e-mail, product titles and SKUs
// (SPEC.md section 5). The server stores that text, folded, as the registration's `search_text` (with a fulltext index
// in appwrite.json), so the staff's server search finds what the device's search of its copy finds.
import type { Submission } from './contracts/submission';

/** Letters that lose no accent mark in NFD but are written without one by people who cannot type them. */
const PLAIN: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Text as the search compares it: lower case, accents removed. Plain ASCII, most text, has none to remove. */
export const fold = (text: string): string => {
  const lower = text.toLowerCase();
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u007f]*$/.test(lower)) return lower;
  return lower
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßøæœłđðþı]/g, (c) => PLAIN[c]!);
};

export type SearchedFields = Pick<Submission, 'full_name' | 'email' | 'selected_product' | 'product_sku'>;

/** What a row is searched by, folded once; a separator no one types keeps fields apart. */
export const haystackOf = (s: SearchedFields): string =>
  fold(`${s.full_name ?? ''}\u0001${s.email ?? ''}\u0001${s.selected_product ?? ''}\u0001${s.product_sku ?? ''}`);

/** The stored attribute that holds a registration's haystack, and its size in appwrite.json. */
export const SEARCH_TEXT_ATTRIBUTE = 'search_text';
export const SEARCH_TEXT_SIZE = 8192;

/** The `search_text` the server stores for a registration: its haystack, cut to the attribute's size. */
export const searchTextOf = (s: SearchedFields): string => haystackOf(s).slice(0, SEARCH_TEXT_SIZE);

/** The terms of a search: folded, split at white space; a registration matches when its haystack holds every one. */
export const searchTerms = (query: string): string[] => fold(query.trim()).split(/\s+/).filter(Boolean);

/** Whether a haystack holds every term. */
export const matchesTerms = (haystack: string, terms: readonly string[]): boolean => terms.every((t) => haystack.includes(t));
