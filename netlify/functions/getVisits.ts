// GET getVisits?registration_id=ID, staff only: the registration's care visits, newest first.
import { listVisits } from '../lib/care/visits';
import { defineFunction } from '../lib/define';

export default defineFunction('getVisits', async ({ query }) => listVisits(query.registration_id));
