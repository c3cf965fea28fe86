// GET /.netlify/functions/getAppwriteSubmissions: staff only. A plain call (a cache-busting `t` is fine) returns
// the array of all submissions. With `since`, `cursor` or `limit` it returns one page of changes, oldest first,
// for the staff cache's delta sync: {submissions, nextCursor, serverTime}.
import { handle, HttpError, json, requireMethod } from '../lib/http';
import { requireStaff } from '../lib/staff-auth';
import { submissionsRepo } from '../lib/submissions';

export default handle(async (req) => {
  requireMethod(req, 'GET');
  await requireStaff(req);
  const url = new URL(req.url);
  const since = url.searchParams.get('since') ?? undefined;
  const cursor = url.searchParams.get('cursor') ?? undefined;
  const limitParam = url.searchParams.get('limit');
  if (since !== undefined && Number.isNaN(Date.parse(since))) throw new HttpError(400, 'invalid_query', '`since` must be a date and time, e.g. 2026-01-31T12:00:00.000+00:00.');
  if (cursor !== undefined && !/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/.test(cursor)) throw new HttpError(400, 'invalid_query', '`cursor` must be a submission id.');
  const limit = limitParam === null ? undefined : Number(limitParam);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 5000)) throw new HttpError(400, 'invalid_query', '`limit` must be a whole number from 1 to 5000.');

  const repo = submissionsRepo();
  if (since === undefined && cursor === undefined && limit === undefined) return json(await repo.all(), 200);
  const serverTime = new Date().toISOString();
  const submissions = await repo.page({ since, cursor, limit: limit ?? 1000 });
  const nextCursor = submissions.length === (limit ?? 1000) ? submissions.at(-1)!.$id : null;
  return json({ submissions, nextCursor, serverTime }, 200);
});
