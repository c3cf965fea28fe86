// Exactly once, for the e-mails after a registration and about its claims and care (DESIGN.md "After the
// registration", "Claims and care"): their state lives in Appwrite (collection `mail_state`), never on a function's
// disk, and each outcome is written to the integration log that staff see on /home.
//
// Every attempt at a mail is one `mail_state` document whose id is made from what the mail is about, its kind and
// the attempt's number, created with that fixed id: of two callers claiming the same attempt (two tabs, the outbox's
// retry beside the first call, two sweeps) Appwrite creates one and answers the other 409, and only the creator
// sends. A failed attempt is retried by the sweep as attempt n+1, claimed the same way, so a retry too is sent by one
// caller only; the attempt it replaces is marked 'retried'. What a mail is about is stored in `registration_id`: the
// registration, or for a claim update the claim event (its id leads to the claim and the registration).
//
// The residual window. An attempt left in 'sending' (its process killed mid-way) is claimed again once it is older
// than STALE_CLAIM_MS. That sends twice only when the first process did hand the message to SMTP (or the mail
// relay) and then died before writing 'sent' (SMTP has no way to ask whether a message arrived), or when one send
// took longer than STALE_CLAIM_MS: far beyond the relay's 15 s limit and a Netlify function's life. Every other
// cut (before the claim, between claim and send, a send refused) ends in exactly one mail.
import { createHash } from 'node:crypto';
import { AppwriteException, Query } from 'node-appwrite';
import { adminClient } from '../appwrite';
import { recordOnce } from '../integration-log';
import { MailLimited, mailConfigured, sendMail, type OutgoingMail, type SendOptions } from './send';

/** `care-{n}`: the care reminder of the n-th month after the registration (see ./care-reminder.ts). */
export type CareKind = `care-${number}`;
export type MailKind = 'confirmation' | 'reminder' | 'resend' | 'claim_update' | CareKind;
export type MailStatus = 'sending' | 'sent' | 'failed' | 'not_configured' | 'retried';
export type MailState = {
  $id: string;
  registration_id: string;
  kind: MailKind;
  attempts: number;
  status: MailStatus;
  claimed_at: string;
  next_attempt_at: string | null;
  last_error: string | null;
};
/**
 * What one call did: sent it, found it already claimed, tried and left it for the sweep (failed, or held back by the
 * address's limit), or sent nothing because the address is not one the server verified for the owner's account.
 */
export type MailOutcome = 'sent' | 'already' | 'failed' | 'limited' | 'not_configured' | 'unverified';

export const MAIL_STATE_COLLECTION = 'mail_state';
/** An attempt still 'sending' after this long was cut short (its process killed) and is claimed again. */
export const STALE_CLAIM_MS = 15 * 60_000;
/** The wait after the n-th failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
export const backoffAfter = (attempts: number) => BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!;

export const attemptId = (about: string, kind: MailKind, attempt: number) =>
  createHash('sha256').update(`${about}|${kind}|${attempt}`).digest('hex').slice(0, 32);

const iso = (ms: number) => new Date(ms).toISOString();

const stateDb = () => {
  const { databases, settings } = adminClient();
  return { databases, where: { databaseId: settings.databaseId, collectionId: MAIL_STATE_COLLECTION } };
};

/** Claims attempt `attempt` of a mail: true for the one caller whose document was created. */
export async function claimAttempt(about: string, kind: MailKind, attempt: number, now: number): Promise<boolean> {
  const { databases, where } = stateDb();
  try {
    await databases.createDocument({
      ...where,
      documentId: attemptId(about, kind, attempt),
      data: {
        registration_id: about,
        kind,
        attempts: attempt,
        status: 'sending',
        claimed_at: iso(now),
        next_attempt_at: null,
        last_error: null,
      },
    });
    return true;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 409) return false;
    throw err;
  }
}

async function markAttempt(about: string, kind: MailKind, attempt: number, data: Partial<Omit<MailState, '$id'>>) {
  const { databases, where } = stateDb();
  await databases.updateDocument({ ...where, documentId: attemptId(about, kind, attempt), data });
}

/** Every attempt of one mail, oldest first. */
export async function mailAttempts(about: string, kind: MailKind): Promise<MailState[]> {
  const { databases, where } = stateDb();
  const page = await databases.listDocuments({
    ...where,
    queries: [Query.equal('registration_id', about), Query.equal('kind', kind), Query.orderAsc('attempts'), Query.limit(100)],
  });
  return page.documents as unknown as MailState[];
}

/** Which of these attempt ids are claimed already: one query for up to a hundred. */
export async function claimedAmong(ids: readonly string[]): Promise<Set<string>> {
  const { databases, where } = stateDb();
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 100) {
    const batch = ids.slice(i, i + 100);
    const page = await databases.listDocuments({ ...where, queries: [Query.equal('$id', batch), Query.limit(batch.length)], total: false });
    for (const doc of page.documents) found.add(doc.$id);
  }
  return found;
}

/** One claimed attempt: where it goes, what the integration log calls it, and how the message is made. */
export type Delivery = {
  about: string;
  kind: MailKind;
  attempt: number;
  now: number;
  /** The registration's verified address. */
  to: string;
  registrationId: string;
  logAction: string;
  message: () => Promise<OutgoingMail> | OutgoingMail;
  options?: SendOptions;
  /** A failure waits for the sweep's retry; staff's resend is answered at once instead. */
  retried?: boolean;
};

/** Sends a claimed attempt and writes its outcome (the attempt's state, the integration log). Never throws. */
export async function deliver(d: Delivery): Promise<MailOutcome> {
  const { about, kind, attempt, now } = d;
  const log = (suffix: string, result: string) =>
    recordOnce({ registrationId: d.registrationId, email: d.to, action: `${d.logAction}${suffix}`, result }).catch((err: unknown) =>
      console.error(`[mail] the integration log could not record ${d.logAction}${suffix}:`, err instanceof Error ? err.message : err),
    );
  let outcome: MailOutcome;
  let error = '';
  let via = '';
  try {
    // Without a way to send, the message (and a certificate) is not even made.
    const result = mailConfigured() ? await sendMail({ ...(await d.message()), to: d.to }, d.options) : ({ sent: false } as const);
    outcome = result.sent ? 'sent' : 'not_configured';
    if (result.sent) via = result.via;
  } catch (err) {
    outcome = err instanceof MailLimited ? 'limited' : 'failed'; // either way a failed attempt, retried after its wait
    error = (err instanceof Error ? err.message : String(err)).slice(0, 1024);
  }
  try {
    if (outcome === 'sent') await markAttempt(about, kind, attempt, { status: 'sent', next_attempt_at: null, last_error: null });
    else if (outcome === 'not_configured')
      await markAttempt(about, kind, attempt, { status: 'not_configured', next_attempt_at: iso(now), last_error: 'SMTP_URL is not set.' });
    else
      await markAttempt(about, kind, attempt, {
        status: 'failed',
        next_attempt_at: d.retried === false ? null : iso(now + backoffAfter(attempt)),
        last_error: error,
      });
  } catch (err) {
    // Left in 'sending': the sweep takes it up once it is stale (a sent mail then may go twice: see above).
    console.error(`[mail] the state of ${d.logAction} could not be written:`, err instanceof Error ? err.message : err);
  }
  if (outcome === 'sent') await log('', `sent (${via === 'relay' ? 'mail relay' : 'SMTP'})`);
  else if (outcome === 'not_configured') await log('.not_configured', 'not configured (set SMTP_URL); sent once it is');
  else await log('.failed', `failed, retried later: ${error}`);
  return outcome;
}

/** What a retry sends now, or why the mail is no longer wanted (a word the sweep counts as nothing sent). */
export type Retry<W extends string> = Omit<Delivery, 'about' | 'kind' | 'attempt' | 'now'> | W;

/**
 * Claims and sends the attempt after `state` (a failed, unconfigured or stale one) as `prepare` makes it now; when
 * `prepare` answers a word instead, `state` is retired with nothing sent. 'already' when another caller has it.
 */
export async function retryNext<W extends string>(
  state: MailState,
  now: number,
  prepare: () => Promise<Retry<W>>,
): Promise<MailOutcome | W> {
  const superseded = () =>
    markAttempt(state.registration_id, state.kind, state.attempts, { status: 'retried', next_attempt_at: null }).catch(() => undefined);
  const ready = await prepare();
  if (typeof ready === 'string') {
    await superseded();
    return ready;
  }
  const next = state.attempts + 1;
  const won = await claimAttempt(state.registration_id, state.kind, next, now);
  await superseded();
  if (!won) return 'already';
  return deliver({ ...ready, about: state.registration_id, kind: state.kind, attempt: next, now });
}

/** How long a function's answer waits for the e-mail it has claimed; a slower send goes on behind the answer. */
const ANSWER_WAIT_MS = 5_000;

/**
 * Lets a claimed send hold a function's answer back ANSWER_WAIT_MS at most: the send goes on, and on Netlify, where
 * the process may stop with the answer, a send cut short is taken up by the sweep once its claim is stale.
 */
export async function briefly(sending: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([sending, new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_WAIT_MS)))]);
  clearTimeout(timer);
}
