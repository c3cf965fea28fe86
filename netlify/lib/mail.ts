// E-mail from the functions, one way for all of them: SMTP when SMTP_URL is set (both ways of running); else, when
// they run beside the embedded server (its own functions, or Netlify's emulator pointed at it), that server's mailer
// through MAIL_RELAY_URL with the API key; else (Netlify without SMTP) nothing can be sent, and the caller records
// the hand-off as not configured in the integration log.
import nodemailer from 'nodemailer';
import { MAIL_RELAY_KEY_HEADER, type RelayedMail } from '../../src/shared/contracts/mail-relay';
import { env } from './env';

export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };

export type MailResult = { sent: true; via: 'smtp' | 'relay' } | { sent: false; reason: 'not_configured' };

/** Sending was attempted and failed (SMTP refused, the relay is down): worth trying again later. */
export class MailError extends Error {
  override name = 'MailError';
}

const DEFAULT_FROM = 'Warranty Registration <no-reply@localhost>';
const transports = new Map<string, ReturnType<typeof nodemailer.createTransport>>();

function transportFor(url: string) {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
}

/** Whether this deployment can send e-mail at all. */
export const mailConfigured = () => Boolean(env('SMTP_URL') || env('MAIL_RELAY_URL'));

/**
 * Sends one message. Resolves `{sent: false, reason: 'not_configured'}` when there is no way to send.
 * @throws MailError when a configured way failed.
 */
/** The message's parts, its attachments' bytes as `content` makes them (a Buffer for SMTP, base64 for the relay). */
function messageWith<C>(m: OutgoingMail, content: (bytes: Uint8Array) => C) {
  return {
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    ...(m.attachments?.length
      ? { attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: content(a.content) })) }
      : {}),
  };
}

export async function sendMail(m: OutgoingMail): Promise<MailResult> {
  const smtp = env('SMTP_URL');
  if (smtp) {
    try {
      await transportFor(smtp).sendMail({ from: env('MAIL_FROM') ?? DEFAULT_FROM, ...messageWith(m, (c) => Buffer.from(c)) });
    } catch (err) {
      throw new MailError(`SMTP refused the message: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { sent: true, via: 'smtp' };
  }

  const relay = env('MAIL_RELAY_URL');
  if (relay) {
    const body: RelayedMail = messageWith(m, (c) => Buffer.from(c).toString('base64'));
    let res: Response;
    try {
      res = await fetch(relay, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [MAIL_RELAY_KEY_HEADER]: env('APPWRITE_API_KEY') ?? '' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new MailError(`The mail relay could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) {
      const reason = ((await res.json().catch(() => ({}))) as { message?: string }).message ?? `status ${res.status}`;
      throw new MailError(`The mail relay refused the message: ${reason}`);
    }
    return { sent: true, via: 'relay' };
  }

  return { sent: false, reason: 'not_configured' };
}
