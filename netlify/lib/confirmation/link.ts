// The link that confirms a registration sent from a counter without a code. The link is our own: a random key of 32
// bytes, of which only a SHA-256 hash is kept (collection `confirmation_links`, one current link per registration,
// its document id the registration's), with the address it was mailed to and when it expires (7 days). A new link
// retires every earlier one, and the confirmation retires the last. Opening it (openConfirmationLink) proves the
// address it was mailed to: the account of that address, and no other, is marked verified and gets a one-minute
// Appwrite token (Users: createToken) for the /confirm page to open a session with (account.createSession), so a link
// never signs in to an account whose address it was not mailed to. Appwrite Cloud and the embedded server behave the
// same: all of it is Appwrite state.
// Here too: the e-mail that carries the link (linkMail, sent through ../mail/send.ts), and the account of an address
// (customerUserFor), which a counter's registration names and its link opens.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppwriteException, Client, ID, Query, Users } from 'node-appwrite';
import { REGISTRATION_STATUS } from '../../../src/shared/contracts/submission';
import { oneLine } from '../../../src/shared/warranty';
import { adminClient, appwriteSettings } from '../appwrite';
import { appOrigin, env } from '../env';
import { HttpError } from '../http';
import { recordOnce } from '../integration-log';
import { escapeHtml } from '../mail/message-parts';
import { sendMail } from '../mail/send';
import { rateLimit, type Limit } from '../rate-limit';
import { readRegistration, sameAddress } from '../registrations/registrations';

export const LINK_SUBJECT = 'Confirm your warranty registration';
export const LINK_DAYS = 7;
export const LINK_TTL_MS = LINK_DAYS * 24 * 3_600_000;
/** The link's key: 32 random bytes, base64url (43 characters). */
export const LINK_KEY_BYTES = 32;
/** The Appwrite token an opened link answers: long, and good for one minute (Appwrite's shortest). */
export const SESSION_TOKEN_LENGTH = 64;
export const SESSION_TOKEN_SECONDS = 60;
export const LINK_LOG_ACTION = 'mail.confirmation-link';
export const LINKS_COLLECTION = 'confirmation_links';

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

/** `{origin}/confirm?registration=…&key=…` (kept under the origin's path, if it has one). */
export function confirmationUrl(origin: string, p: { registrationId: string; key: string }): string {
  const base = new URL(origin);
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  const url = new URL('confirm', base);
  url.searchParams.set('registration', p.registrationId);
  url.searchParams.set('key', p.key);
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

/** The stored form of a link's key. */
export const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

type LinkRecord = { email: string; secret_hash: string; expires_at: string; created_at: string };

function links() {
  const { databases, settings } = adminClient();
  return { databases, ids: { databaseId: settings.databaseId, collectionId: LINKS_COLLECTION } };
}

/** The current link of a registration, or null when it has none. */
async function currentLink(registrationId: string): Promise<LinkRecord | null> {
  const { databases, ids } = links();
  try {
    return (await databases.getDocument({ ...ids, documentId: registrationId })) as unknown as LinkRecord;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) return null;
    throw upstream('The confirmation link could not be read', err);
  }
}

/** Stores `record` as the registration's one current link, in place of any earlier one. */
async function replaceLink(registrationId: string, record: LinkRecord): Promise<void> {
  const { databases, ids } = links();
  try {
    try {
      await databases.createDocument({ ...ids, documentId: registrationId, data: record });
    } catch (err) {
      if (!(err instanceof AppwriteException && err.code === 409)) throw err;
      await databases.updateDocument({ ...ids, documentId: registrationId, data: record });
    }
  } catch (err) {
    throw upstream('The confirmation link could not be made', err);
  }
}

/**
 * Retires every link of a registration (called once it is confirmed): they answer 404 from then on. A registration
 * without a link is fine.
 */
export async function retireConfirmationLinks(registrationId: string): Promise<void> {
  const { databases, ids } = links();
  try {
    await databases.deleteDocument({ ...ids, documentId: registrationId });
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) return;
    throw upstream('The confirmation link could not be retired', err);
  }
}

/**
 * Makes a fresh link for the registration, which retires every earlier one, and e-mails it to `email` (the address
 * whose account it will open). Without any way to send e-mail the hand-off is recorded in the integration log as not
 * configured and 'not_configured' is answered.
 * @throws HttpError 502 when Appwrite fails, MailError (../mail/send.ts) when sending fails.
 */
export async function sendConfirmationLink(p: {
  registrationId: string;
  email: string;
  name: string;
  store: string;
  context?: unknown;
}): Promise<LinkOutcome> {
  const origin = appOrigin(p.context);
  const key = randomBytes(LINK_KEY_BYTES).toString('base64url');
  const now = Date.now();
  await replaceLink(p.registrationId, {
    email: p.email.trim().toLowerCase(),
    secret_hash: keyHash(key),
    expires_at: new Date(now + LINK_TTL_MS).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  const link = confirmationUrl(origin, { registrationId: p.registrationId, key });
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

/** Fresh links of one registration, however asked for (an expired link opened, renewConfirmation): 5 an hour. */
export const freshLinkLimit = (registrationId: string): Limit => ({
  key: `renewConfirmation:registration:${registrationId}`,
  max: 5,
  windowMs: 3_600_000,
  message: 'A new link was sent several times already. Please check your e-mail, or try again later.',
});

const sameKey = (key: string, stored: string) => {
  const a = Buffer.from(keyHash(key), 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

const unknownLink = () => new HttpError(404, 'link_not_found', 'This link is not valid.');

/**
 * Opens a registration's link: with its current key, before it expires, while the registration waits for it at the
 * address the link was mailed to, the account of that address is marked verified and a one-minute token for it is
 * answered. An unknown, earlier or retired key is 404; an expired one is 410, and a fresh link goes to the same
 * address (limited per registration). Neither answer says more.
 */
export async function openConfirmationLink(p: { registrationId: string; key: string; context?: unknown }): Promise<{
  userId: string;
  secret: string;
}> {
  const record = await currentLink(p.registrationId);
  if (!record || !sameKey(p.key, record.secret_hash)) throw unknownLink();
  // Only a registration the server wrote, still waiting, at the address this link went to: a confirmed one, or one
  // whose address staff have since changed, has no use for it.
  const reg = await readRegistration(p.registrationId);
  if (!reg || !reg.serverWritten || reg.status !== REGISTRATION_STATUS.pending || !sameAddress(reg.record.email, record.email)) {
    await retireConfirmationLinks(p.registrationId);
    throw unknownLink();
  }
  if (!(Date.parse(record.expires_at) > Date.now())) {
    try {
      await rateLimit(freshLinkLimit(p.registrationId));
      await sendConfirmationLink({
        registrationId: p.registrationId,
        email: record.email,
        name: reg.record.full_name,
        store: reg.record.store ?? '',
        context: p.context,
      });
    } catch (err) {
      // Said to nobody but the log: the answer is the same whether a fresh link went or not.
      console.error('[openConfirmationLink] no fresh link was sent:', err instanceof Error ? err.message : err);
    }
    throw new HttpError(410, 'link_expired', 'This link has expired.');
  }
  const userId = await customerUserFor(record.email, reg.record.full_name);
  try {
    // The link was mailed to this address: opening it proves the address, as an e-mailed code does.
    await users().updateEmailVerification({ userId, emailVerification: true });
    const { secret } = await users().createToken({ userId, length: SESSION_TOKEN_LENGTH, expire: SESSION_TOKEN_SECONDS });
    return { userId, secret };
  } catch (err) {
    throw upstream('The sign-in could not be made', err);
  }
}
