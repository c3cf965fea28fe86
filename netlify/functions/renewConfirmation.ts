// POST renewConfirmation {id, userId}, anyone (the page of an expired or used link): when the registration is
// pending and belongs to that user, a fresh link is e-mailed to the customer. The answer is always the same, so it
// tells nothing about registrations; it is limited per registration and per client address.
import { readRegistration, freshLink } from '../lib/confirmations';
import { defineFunction } from '../lib/define';
import { rateLimit } from '../lib/rate-limit';
import { ipOf } from '../lib/places/limit';
import { REGISTRATION_STATUS } from '../../src/shared/contracts/submission';

const HOUR_MS = 3_600_000;
const PER_ADDRESS = 20;
const PER_REGISTRATION = 5;

export default defineFunction('renewConfirmation', async ({ body: { id, userId }, context }) => {
  await rateLimit({
    key: `renewConfirmation:address:${ipOf(context)}`,
    max: PER_ADDRESS,
    windowMs: HOUR_MS,
    message: 'Too many new links asked for from this network. Please try again later.',
  });
  await rateLimit({
    key: `renewConfirmation:registration:${id}`,
    max: PER_REGISTRATION,
    windowMs: HOUR_MS,
    message: 'A new link was sent several times already. Please check your e-mail, or try again later.',
  });
  const doc = await readRegistration(id);
  if (doc && doc.status === REGISTRATION_STATUS.pending && doc.user_id === userId) {
    try {
      await freshLink(doc, context);
    } catch (err) {
      // Said to nobody but the log: the answer must not differ for a registration that exists.
      console.error('[renewConfirmation] the link was not sent:', err instanceof Error ? err.message : err);
    }
  }
  return { status: 'sent' };
});
