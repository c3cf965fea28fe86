// POST openClaim, staff only: "New claim" in the edit dialog, on the checks a customer's report gets (coverage,
// open claims); the registration's verified owner, when it has one, reads the claim.
import { openClaimForCustomer } from '../lib/claims/report';
import { defineFunction } from '../lib/define';

export default defineFunction('openClaim', async ({ staff, body }) => openClaimForCustomer(body, staff));
