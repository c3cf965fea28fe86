// POST recordVisit, staff only: "Record a visit" in "Service history", exactly once by its device-made id.
import { recordVisit } from '../lib/care/visits';
import { defineFunction } from '../lib/define';

export default defineFunction('recordVisit', async ({ staff, body }) => recordVisit(body, staff));
