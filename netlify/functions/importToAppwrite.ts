// POST importToAppwrite, staff only: {data: rows keyed by CSV header} → a result per row (created, updated,
// skipped, or error with the reason), written in batches of at most 100.
import { MAX_IMPORT_ROWS } from '../../src/shared/contracts/functions';
import { defineFunction } from '../lib/define';
import { HttpError } from '../lib/http';
import { submissionsRepo } from '../lib/registrations/staff-repository';

export const MAX_ROWS = MAX_IMPORT_ROWS;

export default defineFunction('importToAppwrite', async ({ body: { data } }) => {
  if (data.length > MAX_ROWS) throw new HttpError(413, 'too_many_rows', `Import at most ${MAX_ROWS} rows at a time; split the file.`);
  return submissionsRepo().import(data);
});
