// GET getClaims, staff only: the claims table, open claims first, filtered by `status` and `store`, searched by
// claim number, name or e-mail, a page at a time (`cursor`, `limit`).
import { listClaims } from '../lib/claims/list';
import { defineFunction } from '../lib/define';

export default defineFunction('getClaims', async ({ query }) => listClaims(query));
