// POST reportProblem, the customer (their Appwrite JWT): "Send report" on a covered registration they own. The
// device-made id makes it exactly once; the device-made number is kept unless another claim holds it. Answers the
// claim as the customer sees it.
import { reportProblem } from '../lib/claims/report';
import { defineFunction } from '../lib/define';
import { limitAccount } from '../lib/rate-limit';

export default defineFunction('reportProblem', async ({ customer, body }) => {
  await limitAccount('reportProblem', customer.id, 30, 'problem reports');
  return reportProblem(body, customer);
});
