// POST resendConfirmation {id}, staff only ("Resend confirmation" in the edit dialog): sends the confirmation e-mail
// of a confirmed registration again, its certificate attached; each resend is a new send, recorded in the integration
// log. 404 when there is none, 409 "Not confirmed yet." for a pending one, 503 without e-mail, 502 when it failed.
import { readRegistrationDoc, isConfirmed, resendConfirmation } from '../lib/confirmation-handoff';
import { defineFunction } from '../lib/define';
import { HttpError } from '../lib/http';

export default defineFunction('resendConfirmation', async ({ body: { id } }) => {
  let doc: Awaited<ReturnType<typeof readRegistrationDoc>>;
  try {
    doc = await readRegistrationDoc(id);
  } catch {
    throw new HttpError(502, 'upstream_error', 'The registration could not be read right now. Please try again.');
  }
  if (!doc) throw new HttpError(404, 'not_found', 'That registration does not exist.');
  if (!isConfirmed(doc)) throw new HttpError(409, 'pending_confirmation', 'Not confirmed yet.');
  const outcome = await resendConfirmation(doc);
  if (outcome === 'already') throw new HttpError(409, 'in_progress', 'The confirmation is being resent already.');
  if (outcome === 'not_configured')
    throw new HttpError(503, 'not_configured', 'E-mail is not configured (set SMTP_URL), so the confirmation could not be sent.');
  if (outcome === 'failed') throw new HttpError(502, 'mail_failed', 'The e-mail could not be sent. Please try again.');
  return { status: 'sent' as const };
});
