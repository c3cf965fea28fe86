// GET searchAppwriteSubmissions?q=…&limit=…, staff only: every registration on the server whose name, e-mail, product
// titles or SKUs hold each term of `q` (case and accents ignored), newest change first, at most `limit` (default 50)
// with `more` when there are others. Found through the fulltext index on the registrations' search text; a term of
// 3 characters or more is needed to use it.
import { SEARCH_TOO_SHORT } from '../../src/shared/contracts/functions';
import { searchTerms } from '../../src/shared/search-text';
import { defineFunction } from '../lib/define';
import { HttpError } from '../lib/http';
import { submissionsRepo } from '../lib/registrations/staff-repository';

const DEFAULT_LIMIT = 50;

/** Each term is a condition of its own; a search of more words is refused rather than sent. */
const MAX_TERMS = 20;

export default defineFunction('searchAppwriteSubmissions', async ({ query: { q, limit } }) => {
  const terms = searchTerms(q);
  // Short terms have no index entries: a search of nothing but short terms would read every registration.
  if (!terms.some((t) => [...t].length >= 3)) throw new HttpError(400, 'invalid_query', SEARCH_TOO_SHORT);
  if (new Set(terms).size > MAX_TERMS) throw new HttpError(400, 'invalid_query', `Search for at most ${MAX_TERMS} words at once.`);
  return submissionsRepo().search(q, limit ?? DEFAULT_LIMIT);
});
