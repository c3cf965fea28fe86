// The two ways a claim is opened: the customer's "Send report" (reportProblem) and the staff's "New claim" in the
// edit dialog (openClaim). Both through ./open.ts, on the same checks.
import type { z } from 'zod';
import type { openClaimBodySchema, reportProblemBodySchema } from '../../../src/shared/contracts/claims';
import type { Customer } from '../define';
import { isVerifiedOwner, verifiedOwnerOf } from '../registrations/owners';
import type { StaffIdentity } from '../staff-auth';
import { checkClaimable, missingRegistration, openClaim, registrationFor, repeatOf } from './open';
import { claimsDb, customerView } from './store';

/**
 * The customer's report, for a registration they are the verified owner of. Anyone else's is answered as a missing
 * one, before anything about it (its status, its coverage) is said.
 */
export async function reportProblem(input: z.output<typeof reportProblemBodySchema>, customer: Customer, now = Date.now()) {
  const stored = await claimsDb().readClaim(input.id);
  if (stored) return { claim: customerView(repeatOf(stored, input, customer.id).claim) };
  const reg = await registrationFor(input.registration_id);
  if (!isVerifiedOwner(reg, customer)) throw missingRegistration();
  checkClaimable(reg, now);
  const opened = await openClaim(input, reg, customer.id, { role: 'customer', name: customer.email }, now);
  return { claim: customerView(opened.claim) };
}

/** Staff open a claim for the registration's customer, who reads it when the registration has a verified owner. */
export async function openClaimForCustomer(input: z.output<typeof openClaimBodySchema>, staff: StaffIdentity, now = Date.now()) {
  const reg = await registrationFor(input.registration_id);
  const owner = await verifiedOwnerOf(reg);
  const stored = await claimsDb().readClaim(input.id);
  if (stored) return { claim: repeatOf(stored, input, owner).claim };
  checkClaimable(reg, now);
  const opened = await openClaim(input, reg, owner, { role: 'staff', name: staff.email, staffId: staff.userId }, now);
  return { claim: opened.claim };
}
