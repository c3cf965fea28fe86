// POST resendConfirmation {id}, staff only ("Resend confirmation" in the edit dialog): sends the confirmation e-mail
// of a confirmed registration again, its certificate attached; each resend is a new send, recorded in the integration
// log. 404 when there is none, 409 "Not confirmed yet." for a pending one and when its address is not the one its
// account verified, 429 when the address has had its share of e-mail, 503 without e-mail, 502 when it failed.
import { isConfirmed, resendConfirmation } from '../lib/mail/after-registration';
import { defineFunction } from '../lib/define';
import { HttpError } from '../lib/http';
import { MAIL_LIMITED_MESSAGE } from '../lib/mail/send';
import { readRegistration } from '../lib/registrations/registrations';

export default defineFunction('resendConfirmation', async ({ body: { id } }) => {
  const reg = await readRegistration(id);
  if (!reg) throw new HttpError(404, 'not_found', 'That registration does not exist.');
  if (!isConfirmed(reg)) throw new HttpError(409, 'pending_confirmation', 'Not confirmed yet.');
  const outcome = await resendConfirmation(reg);
  if (outcome === 'unverified')
    throw new HttpError(
      409,
      'unverified_address',
      `${reg.record.email || 'Its e-mail'} is not the address its customer verified, so nothing is sent to it. The customer can register that address with its own code.`,
    );
  if (outcome === 'already') throw new HttpError(409, 'in_progress', 'The confirmation is being resent already.');
  if (outcome === 'not_configured')
    throw new HttpError(503, 'not_configured', 'E-mail is not configured (set SMTP_URL), so the confirmation could not be sent.');
  if (outcome === 'limited') throw new HttpError(429, 'mail_limited', MAIL_LIMITED_MESSAGE);
  if (outcome === 'failed') throw new HttpError(502, 'mail_failed', 'The e-mail could not be sent. Please try again.');
  return { status: 'sent' as const };
});
