// The mailer, for the functions (this server's own, or ones run by Netlify's emulator in another process): a
// message in, sent as the codes are (SMTP, or the dev mailbox). Only with this server's API key; others hear
// that nothing is here, before any body is read.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { firstIssue } from '../src/shared/contracts/submission';
import { MAIL_RELAY_BODY_LIMIT, MAIL_RELAY_KEY_HEADER, MAIL_RELAY_PATH, relayedMailSchema } from '../src/shared/contracts/mail-relay';
import type { Mailer } from './mail';

export function mailRelayRoutes(apiKey: string, mailer: Mailer) {
  const keyMatches = (given: string | undefined) => {
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(apiKey);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const app = new Hono();
  app.post(
    MAIL_RELAY_PATH,
    async (c, next) => (keyMatches(c.req.header(MAIL_RELAY_KEY_HEADER)) ? next() : c.json({ message: 'Not found.' }, 404)),
    bodyLimit({
      maxSize: MAIL_RELAY_BODY_LIMIT,
      onError: (c) => c.json({ message: `The message is larger than ${MAIL_RELAY_BODY_LIMIT} bytes.` }, 413),
    }),
    async (c) => {
      let raw: unknown;
      try {
        raw = JSON.parse(await c.req.text());
      } catch {
        return c.json({ message: 'The message is not valid JSON.' }, 400);
      }
      const parsed = relayedMailSchema.safeParse(raw);
      if (!parsed.success) return c.json({ message: firstIssue(parsed.error) }, 400);
      const m = parsed.data;
      try {
        await mailer.send({
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          attachments: (m.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: new Uint8Array(Buffer.from(a.content, 'base64')),
          })),
        });
      } catch (err) {
        console.error('[mail] sending failed:', err instanceof Error ? err.message : err);
        return c.json({ message: 'The e-mail could not be sent.' }, 502);
      }
      return c.json({ status: 'sent' }, 202);
    },
  );
  return app;
}
