// The link that confirms a registration sent from a counter without a code, made from Appwrite's own token
// primitive (Users: createToken), so Appwrite Cloud and the embedded server behave the same: the customer's
// Appwrite user (found by e-mail, or created), a token of 64 characters valid 7 days, and a link to the app's
// /confirm page carrying the registration id, the user id and the token's secret. The page opens a session with
// them (account.createSession) and calls confirmRegistration.
import { AppwriteException, Client, ID, Query, Users } from 'node-appwrite';
import { appwriteSettings } from './appwrite';
import { escapeHtml } from './confirmation-mail';
import { env } from './env';
import { HttpError } from './http';
import { recordOnce } from './integration-log';
import { MailError, sendMail } from './mail';
import { oneLine } from '../../src/shared/warranty';

export const LINK_SUBJECT = 'Confirm your warranty registration';
export const LINK_DAYS = 7;
export const LINK_TTL_SECONDS = LINK_DAYS * 24 * 3600;
/** The token's secret: 64 characters (Appwrite allows 4-128). */
export const LINK_SECRET_LENGTH = 64;
export const LINK_LOG_ACTION = 'mail.confirmation-link';

function users() {
  const s = appwriteSettings();
  return new Users(new Client().setEndpoint(s.endpoint).setProject(s.projectId).setKey(s.apiKey));
}

const upstream = (what: string, err: unknown) =>
  new HttpError(502, 'upstream_error', `${what}: ${err instanceof AppwriteException ? err.message : 'Appwrite could not be reached.'}`);

/** The Appwrite user who owns `email` (Appwrite keeps e-mails in lower case), created when there is none yet. */
export async function customerUserFor(email: string, name: string): Promise<string> {
  const svc = users();
  const address = email.trim().toLowerCase();
  const find = async () => {
    const found = await svc.list({ queries: [Query.equal('email', [address]), Query.limit(1)] });
    return found.users[0]?.$id;
  };
  try {
    const existing = await find();
    if (existing) return existing;
    try {
      return (await svc.create({ userId: ID.unique(), email: address, name: oneLine(name).slice(0, 128) || undefined })).$id;
    } catch (err) {
      // Someone made the account between the look-up and now (the customer asking for a code, say).
      if (err instanceof AppwriteException && err.code === 409) {
        const made = await find();
        if (made) return made;
      }
      throw err;
    }
  } catch (err) {
    throw upstream("The customer's account could not be found or made", err);
  }
}

/**
 * The app's address for links: PUBLIC_URL (the embedded server sets it for its functions, to its own URL when
 * no PUBLIC_URL is configured), else Netlify's URL (the site's main address), else the site URL Netlify gives the
 * function.
 */
export function appOrigin(context?: unknown): string {
  const site = (context as { site?: { url?: unknown } } | undefined)?.site?.url;
  for (const candidate of [env('PUBLIC_URL'), env('URL'), typeof site === 'string' ? site : undefined]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password) return candidate;
    } catch {
      /* not a URL: try the next */
    }
  }
  throw new HttpError(503, 'not_configured', 'This service is not configured: PUBLIC_URL is not set.');
}

/** `{origin}/confirm?registration=…&userId=…&secret=…` (kept under the origin's path, if it has one). */
export function confirmationUrl(origin: string, p: { registrationId: string; userId: string; secret: string }): string {
  const base = new URL(origin);
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL('confirm', base);
  url.searchParams.set('registration', p.registrationId);
  url.searchParams.set('userId', p.userId);
  url.searchParams.set('secret', p.secret);
  return url.href;
}

/** The e-mail carrying the link: the customer's name, the link, how long it works, and the store. */
export function linkMail(p: { to: string; name: string; store: string; link: string; brand: string }) {
  const name = oneLine(p.name);
  const store = oneLine(p.store);
  const brand = oneLine(p.brand);
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const where = store ? `at ${store}` : `with ${brand}`;
  const ask = `Thank you for registering your purchase ${where}. Please confirm your warranty registration by opening this link:`;
  const works = `This link works for ${LINK_DAYS} days.`;
  const ignore = 'If you did not register a purchase, you can ignore this e-mail.';
  const text = [greeting, '', ask, p.link, '', works, ...(store ? [`Store: ${store}`] : []), '', ignore, '', brand, ''].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(LINK_SUBJECT)}</title></head>
<body style="margin:0;padding:24px;background:#faf8f4;color:#2b2b2b;font-family:Georgia,'Times New Roman',serif;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px">
<h1 style="margin:0 0 20px;font-size:24px;font-weight:600">${e(LINK_SUBJECT)}</h1>
<p>${e(greeting)}</p>
<p>${e(ask)}</p>
<p><a href="${e(p.link)}">${e(LINK_SUBJECT)}</a></p>
<p>${e(works)}${store ? `<br>${e(`Store: ${store}`)}` : ''}</p>
<p style="color:#675f57;font-size:13px">${e(ignore)}</p>
<p>${e(brand)}</p>
</div>
</body>
</html>
`;
  return { to: p.to, subject: LINK_SUBJECT, text, html };
}

export type LinkOutcome = 'sent' | 'not_configured';

/**
 * Makes a fresh token for the registration's customer and e-mails the link. Without any way to send e-mail the
 * hand-off is recorded in the integration log as not configured and 'not_configured' is answered.
 * @throws HttpError 502 when Appwrite fails, MailError when sending fails.
 */
export async function sendConfirmationLink(p: {
  registrationId: string;
  userId: string;
  email: string;
  name: string;
  store: string;
  context?: unknown;
}): Promise<LinkOutcome> {
  const origin = appOrigin(p.context);
  let secret: string;
  try {
    ({ secret } = await users().createToken({ userId: p.userId, length: LINK_SECRET_LENGTH, expire: LINK_TTL_SECONDS }));
  } catch (err) {
    throw upstream('The confirmation link could not be made', err);
  }
  const link = confirmationUrl(origin, { registrationId: p.registrationId, userId: p.userId, secret });
  const mail = linkMail({ to: p.email, name: p.name, store: p.store, link, brand: env('PRODUCT_NAME') ?? 'Warranty Registration' });
  const result = await sendMail(mail);
  if (result.sent) return 'sent';
  await recordOnce({
    registrationId: p.registrationId,
    email: p.email,
    action: LINK_LOG_ACTION,
    result: 'not sent: e-mail is not configured (set SMTP_URL)',
  });
  return 'not_configured';
}

export { MailError };
