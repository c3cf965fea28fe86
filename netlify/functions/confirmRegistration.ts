// POST confirmRegistration {id}, the customer (their Appwrite JWT, from the session the e-mailed link opened):
// their pending registration becomes confirmed and theirs to read, and is handed over to Shopify. Anyone else's is
// answered as a missing one; a second call answers the same success and does nothing more.
import { confirmRegistration } from '../lib/confirmations';
import { defineFunction } from '../lib/define';
import { rateLimit } from '../lib/rate-limit';

export default defineFunction('confirmRegistration', async ({ customer, body: { id } }) => {
  await rateLimit({
    key: `confirmRegistration:${customer.id}`,
    max: 100,
    windowMs: 3_600_000,
    message: 'Too many confirmations from this account. Please try again later.',
  });
  return confirmRegistration(id, customer.id);
});
