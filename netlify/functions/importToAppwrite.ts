// POST /.netlify/functions/importToAppwrite: staff only. {data: rows keyed by CSV header} → a result per row
// (created, updated, skipped, or error with the reason), written in batches of at most 100.
import { handle, HttpError, json, readJsonBody, requireMethod } from '../lib/http';
import { requireStaff } from '../lib/staff-auth';
import { submissionsRepo } from '../lib/submissions';

export const MAX_ROWS = 20_000;

export default handle(async (req) => {
  requireMethod(req, 'POST');
  await requireStaff(req);
  const body = (await readJsonBody(req, 6 * 1024 * 1024)) as { data?: unknown };
  if (!body || typeof body !== 'object' || !Array.isArray(body.data)) throw new HttpError(422, 'invalid_body', 'Send {"data": [rows]}, one object per CSV row keyed by the header.');
  if (body.data.length === 0) throw new HttpError(422, 'invalid_body', 'The file has no rows to import.');
  if (body.data.length > MAX_ROWS) throw new HttpError(413, 'too_many_rows', `Import at most ${MAX_ROWS} rows at a time; split the file.`);
  return json(await submissionsRepo().import(body.data), 200);
});
