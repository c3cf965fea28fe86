// POST claimAction, staff only: ask, approve, deny, ready, close or an internal note, when the claim machine allows
// it from the stored status; a claim changed since the screen showed it is a 409 with the server's copy.
import { claimAction } from '../lib/claims/actions';
import { defineFunction } from '../lib/define';

export default defineFunction('claimAction', async ({ staff, body }) => claimAction(body, staff));
