// POST openConfirmationLink {registration, key}, anyone (the /confirm page of an e-mailed link): the link's current
// key, before it expires, answers {userId, secret}, a one-minute Appwrite token for the account of the address the
// link was mailed to (and no other), for the page to open a session with. An unknown, earlier or retired key is 404;
// an expired one is 410 and a fresh link goes to the same address. Limited per client address.
import { openConfirmationLink } from '../lib/confirmation/link';
import { defineFunction } from '../lib/define';
import { ipOf, rateLimit } from '../lib/rate-limit';

const HOUR_MS = 3_600_000;
const PER_ADDRESS = 60;

export default defineFunction('openConfirmationLink', async ({ body: { registration, key }, context }) => {
  await rateLimit({
    key: `openConfirmationLink:address:${ipOf(context)}`,
    max: PER_ADDRESS,
    windowMs: HOUR_MS,
    message: 'Too many links opened from this network. Please try again later.',
  });
  return openConfirmationLink({ registrationId: registration, key, context });
});
