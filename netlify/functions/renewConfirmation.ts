// POST renewConfirmation {id}, anyone (the page of an expired, used or older link; an older page may still send its
// `userId`, which is ignored): when the registration is pending (and written by the server), a fresh link is e-mailed
// to the registration's own address, the only one a link may go to. The answer is always the same, so it tells
// nothing about registrations; it is limited per registration (with the fresh links of expired links) and per client
// address.
import { freshLinkLimit } from '../lib/confirmation/link';
import { freshLink } from '../lib/confirmation/confirm-pending';
import { defineFunction } from '../lib/define';
import { ipOf, rateLimit } from '../lib/rate-limit';
import { readRegistration } from '../lib/registrations/registrations';

const HOUR_MS = 3_600_000;
const PER_ADDRESS = 20;

export default defineFunction('renewConfirmation', async ({ body: { id }, context }) => {
  await rateLimit({
    key: `renewConfirmation:address:${ipOf(context)}`,
    max: PER_ADDRESS,
    windowMs: HOUR_MS,
    message: 'Too many new links asked for from this network. Please try again later.',
  });
  await rateLimit(freshLinkLimit(id));
  try {
    const reg = await readRegistration(id);
    if (reg) await freshLink(reg, context);
  } catch (err) {
    // Said to nobody but the log: the answer must not differ for a registration that exists.
    console.error('[renewConfirmation] the link was not sent:', err instanceof Error ? err.message : err);
  }
  return { status: 'sent' };
});
