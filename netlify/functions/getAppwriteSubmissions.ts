// GET getAppwriteSubmissions, staff only. A plain call (a cache-busting `t` is fine) returns the array of all
// submissions. With `since`, `cursor` or `limit` it returns one page of changes, oldest first, for the staff
// cache's delta sync: {submissions, nextCursor, serverTime}.
import { defineFunction } from '../lib/define';
import { submissionsRepo } from '../lib/registrations/staff-repository';

const PAGE = 1000;

export default defineFunction('getAppwriteSubmissions', async ({ query: { since, cursor, limit } }) => {
  const repo = submissionsRepo();
  if (since === undefined && cursor === undefined && limit === undefined) return repo.all();
  const serverTime = new Date().toISOString();
  const submissions = await repo.page({ since, cursor, limit: limit ?? PAGE });
  const nextCursor = submissions.length === (limit ?? PAGE) ? submissions.at(-1)!.$id : null;
  return { submissions, nextCursor, serverTime };
});
