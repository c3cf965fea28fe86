// GET getClaims, staff only: the claims table, open claims first, filtered by `status` and `store`, searched by
// claim number, name or e-mail, a page at a time (`cursor`, `limit`). With `since`, the claims changed since then,
// oldest change first: the pages the staff device's copy of the claims is kept current with.
import { listClaims } from '../lib/claims/list';
import { defineFunction } from '../lib/define';

export default defineFunction('getClaims', async ({ query }) => listClaims(query));
