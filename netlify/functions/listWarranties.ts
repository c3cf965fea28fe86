// GET listWarranties, the customer (their Appwrite JWT): the registrations /warranties shows them, their own and staff
// imports made out to their verified address, as the server's facts (see customer-registrations.ts), each with its
// current claim, whether it is still covered, whether a problem may be reported, and its last inspection
// (customer-cards.ts).
import { REGISTRATION_STATUS } from '../../src/shared/contracts/submission';
import { claimCareFacts } from '../lib/claims/customer-cards';
import { defineFunction } from '../lib/define';
import { limitAccount } from '../lib/rate-limit';
import { customerRegistrations } from '../lib/registrations/customer-registrations';

export default defineFunction('listWarranties', async ({ req, customer }) => {
  await limitAccount('listWarranties', customer.id, 300, 'warranty lists');
  const registrations = await customerRegistrations(customer, req.headers.get('x-appwrite-jwt') ?? '');
  const facts = await claimCareFacts(
    registrations.map((reg) => ({
      id: reg.id,
      submittedAt: reg.record.submitted_at,
      confirmed: reg.status === REGISTRATION_STATUS.confirmed,
    })),
  );
  return {
    warranties: registrations.map((reg) => ({
      id: reg.id,
      submitted_at: reg.record.submitted_at,
      product_sku: reg.record.product_sku,
      selected_product: reg.record.selected_product,
      // An import's photo ids name files the customer has no access to (nor should, unchecked): none are shown.
      photo_ids: reg.owner ? reg.photoIds : [],
      status: reg.status,
      ...facts.get(reg.id)!,
    })),
  };
});
