// POST confirmRegistration {id}, the customer (their Appwrite JWT, from the session the e-mailed link opened):
// their pending registration becomes confirmed and theirs to read, and is handed over to Shopify. Anyone else's is
// answered as a missing one; a second call answers the same success and does nothing more.
import { confirmRegistration } from '../lib/confirmation/confirm-pending';
import { defineFunction } from '../lib/define';
import { limitAccount } from '../lib/rate-limit';

export default defineFunction('confirmRegistration', async ({ customer, body: { id } }) => {
  await limitAccount('confirmRegistration', customer.id, 100, 'confirmations');
  return confirmRegistration(id, customer);
});
