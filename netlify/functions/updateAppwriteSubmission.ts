// POST /.netlify/functions/updateAppwriteSubmission: staff only. Saves SPEC.md's fields of one submission,
// selected_product included. With expected_updated_at, a submission changed meanwhile is a 409 with the
// server's copy, never a silent overwrite.
import { firstIssue, updateSchema } from '../../src/shared/contracts/submission';
import { handle, HttpError, json, readJsonBody, requireMethod } from '../lib/http';
import { requireStaff } from '../lib/staff-auth';
import { submissionsRepo } from '../lib/submissions';

export default handle(async (req) => {
  requireMethod(req, 'POST');
  await requireStaff(req);
  const parsed = updateSchema.safeParse(await readJsonBody(req, 64 * 1024));
  if (!parsed.success) throw new HttpError(422, 'invalid_body', firstIssue(parsed.error));
  const { id, expected_updated_at, ...fields } = parsed.data;
  return json(await submissionsRepo().update(id, fields, expected_updated_at), 200);
});
