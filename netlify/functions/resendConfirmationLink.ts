// POST resendConfirmationLink {id}, staff only ("Resend link"): e-mails a fresh confirmation link for a pending
// registration. 404 when there is none, 409 "Already confirmed." when it is confirmed.
import { resendLink } from '../lib/confirmation/confirm-pending';
import { defineFunction } from '../lib/define';

export default defineFunction('resendConfirmationLink', async ({ body: { id }, context }) => resendLink(id, context));
