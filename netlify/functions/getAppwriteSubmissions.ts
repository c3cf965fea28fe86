// GET getAppwriteSubmissions, staff only. A plain call (a cache-busting `t` is fine) returns the array of all
// submissions. With `since`, `cursor` or `limit` it returns one page of changes, oldest first, for the staff
// cache's delta sync: {submissions, nextCursor, serverTime}. With `order=desc` the page goes newest change first,
// from `before` on (a new device's first fill); `since` does not go with it. A full page newest first names where the
// next one starts in two headers as well as in the body.
import { defineFunction } from '../lib/define';
import { HttpError, json } from '../lib/http';
import { NEXT_BEFORE_HEADER, NEXT_CURSOR_HEADER } from '../../src/shared/contracts/functions';
import { pageNewestFirst, submissionsRepo } from '../lib/registrations/staff-repository';

const PAGE = 1000;

export default defineFunction('getAppwriteSubmissions', async ({ query: { since, cursor, limit, order, before } }) => {
  const repo = submissionsRepo();
  const desc = order === 'desc';
  if (before !== undefined && !desc) throw new HttpError(400, 'invalid_query', '`before` goes with order=desc.');
  if (since !== undefined && desc) throw new HttpError(400, 'invalid_query', '`since` goes with order=asc; use `before` with order=desc.');
  if (since === undefined && cursor === undefined && limit === undefined && order === undefined) return repo.all();
  const serverTime = new Date().toISOString();
  const size = limit ?? PAGE;
  const submissions = desc ? await pageNewestFirst({ before, cursor, limit: size }) : await repo.page({ since, cursor, limit: size });
  const last = submissions.length === size ? submissions.at(-1)! : null;
  const answer = { submissions, nextCursor: last?.$id ?? null, serverTime };
  // Newest first, where the next page starts goes in the headers too: a first fill asks for it before this body has
  // arrived and been read.
  return desc && last ? json(answer, 200, { [NEXT_BEFORE_HEADER]: last.$updatedAt, [NEXT_CURSOR_HEADER]: last.$id }) : answer;
});
