// GET getClaim?id=CLAIM, staff only: "Claim {number}": the claim, its registration, its photos and its timeline
// (internal notes included).
import { claimDetail } from '../lib/claims/list';
import { defineFunction } from '../lib/define';

export default defineFunction('getClaim', async ({ query: { id } }) => claimDetail(id));
