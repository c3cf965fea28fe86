// POST replyToClaim, the customer (their Appwrite JWT): "Reply" at "Needs information" returns their claim to
// "Submitted", exactly once by `event_id`.
import { replyToClaim } from '../lib/claims/actions';
import { defineFunction } from '../lib/define';
import { limitAccount } from '../lib/rate-limit';

export default defineFunction('replyToClaim', async ({ customer, body }) => {
  await limitAccount('replyToClaim', customer.id, 60, 'replies');
  return replyToClaim(body, customer);
});
