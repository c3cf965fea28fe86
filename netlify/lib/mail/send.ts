// E-mail from the functions, one way for all of them: SMTP when SMTP_URL is set (both ways of running); else, when
// they run beside the embedded server (its own functions, or Netlify's emulator pointed at it), that server's mailer
// through MAIL_RELAY_URL with the API key; else (Netlify without SMTP) nothing can be sent, and the caller records
// the hand-off as not configured in the integration log.
//
// Every message counts against its address's limit (ADDRESS_LIMITS), whatever its kind: no counter token, account or
// staff click can flood one mailbox. A mail a customer or counter cannot trigger (a claim update sent by a staff
// action) is sent with `addressLimit: false`.
import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import { MAIL_RELAY_KEY_HEADER, type RelayedMail } from '../../../src/shared/contracts/mail-relay';
import { env } from '../env';
import { HttpError } from '../http';
import { rateLimit, rateLimitsOn } from '../rate-limit';

export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; attachments?: MailAttachment[] };

export type MailResult = { sent: true; via: 'smtp' | 'relay' } | { sent: false; reason: 'not_configured' };

/** Sending was attempted and failed (SMTP refused, the relay is down): worth trying again later. */
export class MailError extends Error {
  override name = 'MailError';
}

export const MAIL_LIMITED_MESSAGE = 'Too many e-mails to this address. Please try again later.';

/** The address has had its share of e-mail for now: nothing was sent, and it may go once its window has passed. */
export class MailLimited extends MailError {
  override name = 'MailLimited';
  constructor(readonly retryAfterSeconds: number) {
    super(MAIL_LIMITED_MESSAGE);
  }
}

/**
 * E-mails to one address: the one-time code e-mails' 10 an hour (Appwrite's own number, OTP_EMAIL_LIMIT), and 30 a
 * UTC day. A customer registering a few pieces at once gets each link and confirmation within the hour; a confirmation
 * or reminder held back is retried by the hourly sweep, a counter's link is left for staff's "Resend link".
 */
export const ADDRESS_LIMITS = [
  { name: 'hour', windowMs: 3_600_000, max: 10 },
  { name: 'day', windowMs: 86_400_000, max: 30 },
] as const;

export type SendOptions = { addressLimit?: boolean };

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

/**
 * Counts one message to `to` against ADDRESS_LIMITS (with RATE_LIMITS on), keyed by an HMAC of the lower-cased
 * address under the API key: the counters in Appwrite hold nothing that names or matches a guessed address.
 */
async function countForAddress(to: string): Promise<void> {
  if (!rateLimitsOn()) return;
  const address = createHmac('sha256', env('APPWRITE_API_KEY') ?? '')
    .update(to.trim().toLowerCase())
    .digest('hex');
  for (const { name, windowMs, max } of ADDRESS_LIMITS) {
    try {
      await rateLimit({ key: `mail-${name}:${address}`, max, windowMs, message: MAIL_LIMITED_MESSAGE });
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) throw new MailLimited(Number(err.headers['Retry-After']) || 60);
      throw new MailError(`The e-mail limit of this address could not be checked: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

/**
 * Sends one message. Resolves `{sent: false, reason: 'not_configured'}` when there is no way to send.
 * @throws MailLimited when the address has had its share (unless `addressLimit: false`), MailError when a configured
 * way failed.
 */
export async function sendMail(m: OutgoingMail, { addressLimit = true }: SendOptions = {}): Promise<MailResult> {
  const smtp = env('SMTP_URL');
  const relay = env('MAIL_RELAY_URL');
  if (!smtp && !relay) return { sent: false, reason: 'not_configured' };
  if (addressLimit) await countForAddress(m.to);

  if (smtp) {
    try {
      await transportFor(smtp).sendMail({ from: env('MAIL_FROM') ?? DEFAULT_FROM, ...messageWith(m, (c) => Buffer.from(c)) });
    } catch (err) {
      throw new MailError(`SMTP refused the message: ${err instanceof Error ? err.message : String(err)}`);
    }
    return { sent: true, via: 'smtp' };
  }

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
