// A message the functions hand to the embedded server's mailer (POST /_internal/mail with the server's API key),
// when they run beside it without SMTP of their own: the same mailer, dev mailbox and SMTP settings as the codes.
import { z } from 'zod';
import { EMAIL_PATTERN } from './submission';

export const MAIL_RELAY_PATH = '/_internal/mail';
/** The header carrying the server's API key. */
export const MAIL_RELAY_KEY_HEADER = 'X-Appwrite-Key';
/** A relayed message's largest body (attachments travel base64). */
export const MAIL_RELAY_BODY_LIMIT = 20 * 1024 * 1024;

export const relayedMailSchema = z.object({
  to: z.string().max(320).regex(EMAIL_PATTERN, '`to` must be an e-mail address.'),
  subject: z.string().min(1, '`subject` is empty.').max(998),
  text: z.string().max(1_000_000),
  html: z.string().max(5_000_000).optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(255),
        contentType: z.string().min(1).max(255),
        /** The bytes, base64. */
        content: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Attachment content must be base64.'),
      }),
    )
    .max(10)
    .optional(),
});
export type RelayedMail = z.infer<typeof relayedMailSchema>;
