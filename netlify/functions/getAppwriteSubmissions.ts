// GET getAppwriteSubmissions, staff only. A plain call (a cache-busting `t` is fine) returns the array of all
// submissions. With `since`, `cursor` or `limit` it returns one page of changes, oldest first, for the staff
// cache's delta sync: {submissions, nextCursor, serverTime}. With `order=desc` the page goes newest change first,
// from `before` on (a new device's first fill); `since` does not go with it.
import { defineFunction } from '../lib/define';
import { HttpError } from '../lib/http';
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
  const nextCursor = submissions.length === size ? submissions.at(-1)!.$id : null;
  return { submissions, nextCursor, serverTime };
});
