// POST updateAppwriteSubmission, staff only: saves SPEC.md's fields of one submission, selected_product included.
// With expected_updated_at, a submission changed meanwhile is a 409 with the server's copy, never a silent
// overwrite.
import { defineFunction } from '../lib/define';
import { submissionsRepo } from '../lib/registrations/staff-repository';

export default defineFunction('updateAppwriteSubmission', async ({ body: { id, expected_updated_at, ...fields } }) =>
  submissionsRepo().update(id, fields, expected_updated_at),
);
