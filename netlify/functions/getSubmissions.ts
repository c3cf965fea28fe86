// GET /.netlify/functions/getSubmissions: staff only. Every submission, for the read-only list screen.
import { handle, json, requireMethod } from '../lib/http';
import { requireStaff } from '../lib/staff-auth';
import { submissionsRepo } from '../lib/submissions';

export default handle(async (req) => {
  requireMethod(req, 'GET');
  await requireStaff(req);
  return json(await submissionsRepo().all(), 200);
});
