// The registrations as staff work with them (the staff screens' list, their cache's pages of changes, an edit, a CSV
// import), each read through the registrations module (./registrations.ts), so staff see the server's facts and
// flags, never a raw document.
import { createHash } from 'node:crypto';
import { AppwriteException, Query } from 'node-appwrite';
import { importRow } from '../../../src/shared/contracts/import-row';
import { SUBMISSION_FIELDS, type Submission, type SubmissionFields } from '../../../src/shared/contracts/submission';
import { haystackOf, matchesTerms, SEARCH_TEXT_ATTRIBUTE, searchTerms, searchTextOf } from '../../../src/shared/search-text';
import { refreshClaimSearch } from '../claims/search';
import { HttpError } from '../http';
import { collection, listRegistrationDocuments, registrationOf, SERVER_MARK, storedFields, upstream } from './registrations';

const PAGE = 1000;
export const IMPORT_BATCH = 100;
/** Pages of a search read at most, when the index's matches are not all matches (words on Appwrite Cloud). */
const SEARCH_PAGES = 10;

/** The registrations for staff: every one, or pages of changes for the staff cache, each with its facts and flags. */
export function submissionsRepo() {
  const { databases, where } = collection();

  /** One page of changes, oldest change first: `since` an $updatedAt, `cursor` the last $id of the previous page. */
  function page(opts: { since?: string; cursor?: string; limit?: number }): Promise<Submission[]> {
    const queries = [Query.orderAsc('$updatedAt'), Query.limit(opts.limit ?? PAGE)];
    if (opts.since) queries.push(Query.greaterThanEqual('$updatedAt', opts.since));
    if (opts.cursor) queries.push(Query.cursorAfter(opts.cursor));
    return listPage(queries);
  }

  return {
    page,

    /**
     * Registrations whose name, e-mail, product titles or SKUs hold every term of `query` (folded: case and accents
     * ignored), newest change first, found through the fulltext index on `search_text`. Each match is checked again
     * against the registration's own fields: a `search_text` a customer's device wrote cannot put a registration in
     * someone else's results, and Appwrite Cloud's word matches are narrowed to substring matches. `more`: there are
     * more matches than `limit`, or SEARCH_PAGES pages were read without finding them all.
     */
    async search(query: string, limit: number): Promise<{ submissions: Submission[]; more: boolean }> {
      const terms = [...new Set(searchTerms(query))];
      // One search per term of 3+ characters (Appwrite Cloud answers a search of several words with any of them); a
      // shorter term, which no fulltext index holds, is a `contains` (a substring) beside them.
      const indexed = terms.map((t) =>
        [...t].length >= 3 ? Query.search(SEARCH_TEXT_ATTRIBUTE, t) : Query.contains(SEARCH_TEXT_ATTRIBUTE, [t]),
      );
      const found: Submission[] = [];
      const size = limit + 1;
      for (let n = 0; n < SEARCH_PAGES; n++) {
        let docs;
        try {
          const queries = [...indexed, Query.orderDesc('$updatedAt'), Query.limit(size)];
          if (n) queries.push(Query.offset(n * size));
          docs = await listRegistrationDocuments(queries);
        } catch (err) {
          upstream(err, 'submission');
        }
        for (const doc of docs) {
          const { record } = registrationOf(doc);
          if (!matchesTerms(haystackOf(record), terms)) continue;
          if (found.length === limit) return { submissions: found, more: true };
          found.push(record);
        }
        if (docs.length < size) return { submissions: found, more: false };
      }
      return { submissions: found, more: true };
    },

    async all(): Promise<Submission[]> {
      const out: Submission[] = [];
      for (let cursor: string | undefined; ;) {
        const batch = await page({ cursor });
        out.push(...batch);
        if (batch.length < PAGE) return out;
        cursor = batch.at(-1)!.$id;
      }
    },

    async update(id: string, fields: SubmissionFields, expectedUpdatedAt?: string): Promise<Submission> {
      try {
        let before: Submission | null = null;
        if (expectedUpdatedAt) {
          before = registrationOf(await databases.getDocument({ ...where, documentId: id })).record;
          if (before.$updatedAt !== expectedUpdatedAt)
            throw new HttpError(409, 'conflict', 'This submission was changed by someone else since you opened it.', {
              current: before,
            });
        }
        // The address in lower case, as an import stores it and Appwrite keeps an account's: /warranties finds a staff
        // registration by its customer's address (customer-registrations.ts), whatever case staff typed it in.
        const stored = { ...fields, email: fields.email.toLowerCase() };
        const data = { ...stored, search_text: searchTextOf(stored) };
        const record = registrationOf(await databases.updateDocument({ ...where, documentId: id, data })).record;
        // The claims keep the customer's name and e-mail for their search: written again when either changed (or
        // when the copy before the edit was not read).
        if (!before || before.full_name !== record.full_name || before.email !== record.email)
          await refreshClaimSearch(id, record.full_name ?? '', record.email ?? '');
        return record;
      } catch (err) {
        upstream(err, 'submission');
      }
    },

    /**
     * Writes rows in batches of IMPORT_BATCH, marked as the server's and owned by nobody until a verified e-mail
     * claims them. A row's id is its own id column, or else a hash of its content, so the same file imported twice
     * creates nothing new.
     */
    async import(rows: unknown[]) {
      type Result = { row: number; status: 'created' | 'updated' | 'skipped' | 'error'; id?: string; error?: string };
      const results: Result[] = [];
      const valid: { row: number; id: string; fields: SubmissionFields }[] = [];
      rows.forEach((raw, row) => {
        const r = importRow(raw);
        if (!r.ok) results.push({ row, status: 'error', error: r.error });
        // Addresses are stored as Appwrite keeps an account's (lower case), so the owner's account finds them.
        else valid.push({ row, id: r.id ?? contentId(r.fields), fields: { ...r.fields, email: r.fields.email.toLowerCase() } });
      });
      const seen = new Set<string>();
      for (let i = 0; i < valid.length; i += IMPORT_BATCH) {
        const batch = valid.slice(i, i + IMPORT_BATCH).filter((v) => {
          if (seen.has(v.id)) {
            results.push({ row: v.row, status: 'skipped', id: v.id });
            return false;
          }
          seen.add(v.id);
          return true;
        });
        if (!batch.length) continue;
        try {
          const existing = await databases.listDocuments({
            ...where,
            queries: [
              Query.equal(
                '$id',
                batch.map((b) => b.id),
              ),
              Query.limit(batch.length),
            ],
            total: false,
          });
          const byId = new Map(existing.documents.map((d) => [d.$id, d]));
          const fresh = batch.filter((b) => !byId.has(b.id));
          if (fresh.length) {
            await databases.createDocuments({
              ...where,
              documents: fresh.map((b) => ({
                $id: b.id,
                $permissions: [SERVER_MARK],
                ...b.fields,
                search_text: searchTextOf(b.fields),
                submitted_at: new Date().toISOString(),
              })),
            });
            fresh.forEach((b) => results.push({ row: b.row, status: 'created', id: b.id }));
          }
          for (const b of batch.filter((x) => byId.has(x.id))) {
            const stored = storedFields(byId.get(b.id)!);
            const changed = SUBMISSION_FIELDS.some((f) => stored[f] !== b.fields[f]);
            if (!changed) {
              results.push({ row: b.row, status: 'skipped', id: b.id });
              continue;
            }
            await databases.updateDocument({ ...where, documentId: b.id, data: { ...b.fields, search_text: searchTextOf(b.fields) } });
            if (stored.full_name !== b.fields.full_name || stored.email !== b.fields.email)
              await refreshClaimSearch(b.id, b.fields.full_name, b.fields.email);
            results.push({ row: b.row, status: 'updated', id: b.id });
          }
        } catch (err) {
          const reason = err instanceof AppwriteException ? err.message : 'The database could not be reached.';
          batch.forEach((b) => results.push({ row: b.row, status: 'error', id: b.id, error: reason }));
        }
      }
      results.sort((a, b) => a.row - b.row);
      const count = (s: Result['status']) => results.filter((r) => r.status === s).length;
      return { created: count('created'), updated: count('updated'), skipped: count('skipped'), errors: count('error'), results };
    },
  };
}

/** A stable id for a row without one: the same content always maps to the same document. */
export function contentId(f: SubmissionFields): string {
  const key = [
    f.full_name.toLowerCase(),
    f.email.toLowerCase(),
    f.phone,
    f.address.toLowerCase(),
    f.product_sku,
    f.selected_product,
    f.image_file_id,
  ].join('\u0000');
  return 'imp' + createHash('sha256').update(key).digest('hex').slice(0, 33);
}

/**
 * One page of registrations, most recently changed first (a new staff device's first fill): `before` an $updatedAt
 * (included), `cursor` the last $id of the previous page when that page shared one $updatedAt.
 */
export function pageNewestFirst(opts: { before?: string; cursor?: string; limit: number }): Promise<Submission[]> {
  const queries = [Query.orderDesc('$updatedAt'), Query.limit(opts.limit)];
  if (opts.before) queries.push(Query.lessThanEqual('$updatedAt', opts.before));
  if (opts.cursor) queries.push(Query.cursorAfter(opts.cursor));
  return listPage(queries);
}

/** The registrations `queries` list. A cursor naming no submission is the caller's mistake (Appwrite answers it 400). */
async function listPage(queries: string[]): Promise<Submission[]> {
  try {
    return (await listRegistrationDocuments(queries)).map((d) => registrationOf(d).record);
  } catch (err) {
    if (err instanceof AppwriteException && err.type === 'general_cursor_not_found')
      throw new HttpError(400, 'invalid_query', 'The `cursor` names no submission: start again without it.');
    upstream(err, 'submission');
  }
}
