// The e-mails that follow a confirmed registration (DESIGN.md "After the registration"): the confirmation, once; the
// reminder before coverage ends, once; and staff's resend. Their state lives in Appwrite (collection `mail_state`),
// never on a function's disk, and each outcome is written to the integration log that staff see on /home.
//
// Exactly once. Every attempt at a mail is one `mail_state` document whose id is made from the registration, the
// kind of mail and the attempt's number, created with that fixed id: of two callers claiming the same attempt (two
// tabs, the outbox's retry beside the first call, two sweeps) Appwrite creates one and answers the other 409, and
// only the creator sends. A failed attempt is retried by the sweep as attempt n+1, claimed the same way, so a retry
// too is sent by one caller only; the attempt it replaces is marked 'retried'.
//
// The residual window. An attempt left in 'sending' (its process killed mid-way) is claimed again once it is older
// than STALE_CLAIM_MS. That sends twice only when the first process did hand the message to SMTP (or the mail
// relay) and then died before writing 'sent' (SMTP has no way to ask whether a message arrived), or when one send
// took longer than STALE_CLAIM_MS: far beyond the relay's 15 s limit and a Netlify function's life. Every other
// cut (before the claim, between claim and send, a send refused) ends in exactly one mail.
//
// Where it goes. Only to the registration's address when the server has verified it for the account the registration
// belongs to (../registrations/registrations.ts, verifiedAddressOf): any other is 'unverified', never claimed nor sent.
//
// The messages themselves are ./confirmation-message.ts and ./reminder-message.ts; ./sweep.ts retries and reminds.
import { createHash } from 'node:crypto';
import { AppwriteException, Query } from 'node-appwrite';
import type { Submission } from '../../../src/shared/contracts/submission';
import { REGISTRATION_STATUS } from '../../../src/shared/contracts/submission';
import { coveredUntil, parseDate } from '../../../src/shared/warranty';
import { adminClient } from '../appwrite';
import { appOrigin, env } from '../env';
import { HttpError } from '../http';
import { recordOnce } from '../integration-log';
import { bundledCatalog } from '../products/catalog';
import { readRegistration, verifiedAddressOf, type Registration } from '../registrations/registrations';
import { confirmationMail } from './confirmation-message';
import { reminderMail } from './reminder-message';
import { MailLimited, mailConfigured, sendMail, type OutgoingMail } from './send';

export type MailKind = 'confirmation' | 'reminder' | 'resend';
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
 * address's limit), or sent nothing because the registration's address is not one the server verified for its account.
 */
export type MailOutcome = 'sent' | 'already' | 'failed' | 'limited' | 'not_configured' | 'unverified';

export const MAIL_STATE_COLLECTION = 'mail_state';
/** An attempt still 'sending' after this long was cut short (its process killed) and is claimed again. */
export const STALE_CLAIM_MS = 15 * 60_000;
/** The wait after the n-th failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, then every 12 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000];
export const backoffAfter = (attempts: number) => BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1]!;

export const attemptId = (registrationId: string, kind: MailKind, attempt: number) =>
  createHash('sha256').update(`${registrationId}|${kind}|${attempt}`).digest('hex').slice(0, 32);

const iso = (ms: number) => new Date(ms).toISOString();

/** Confirmed (by code, or by the e-mailed link), not waiting for the link. */
export const isConfirmed = (reg: Registration) => reg.status === REGISTRATION_STATUS.confirmed;

/** Claims attempt `attempt` of a mail: true for the one caller whose document was created. */
async function claim(registrationId: string, kind: MailKind, attempt: number, now: number): Promise<boolean> {
  const { databases, settings } = adminClient();
  try {
    await databases.createDocument({
      databaseId: settings.databaseId,
      collectionId: MAIL_STATE_COLLECTION,
      documentId: attemptId(registrationId, kind, attempt),
      data: {
        registration_id: registrationId,
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

async function mark(registrationId: string, kind: MailKind, attempt: number, data: Partial<Omit<MailState, '$id'>>) {
  const { databases, settings } = adminClient();
  await databases.updateDocument({
    databaseId: settings.databaseId,
    collectionId: MAIL_STATE_COLLECTION,
    documentId: attemptId(registrationId, kind, attempt),
    data,
  });
}

/** Every attempt of one mail of a registration, oldest first. */
export async function mailAttempts(registrationId: string, kind: MailKind): Promise<MailState[]> {
  const { databases, settings } = adminClient();
  const page = await databases.listDocuments({
    databaseId: settings.databaseId,
    collectionId: MAIL_STATE_COLLECTION,
    queries: [Query.equal('registration_id', registrationId), Query.equal('kind', kind), Query.orderAsc('attempts'), Query.limit(100)],
  });
  return page.documents as unknown as MailState[];
}

const brand = () => {
  const accent = env('BRAND_ACCENT');
  return { name: env('PRODUCT_NAME') ?? 'Warranty Registration', ...(accent ? { accent } : {}) };
};

async function mailFor(kind: MailKind, record: Submission): Promise<OutgoingMail> {
  const publicUrl = appOrigin();
  if (kind === 'reminder') return reminderMail(record, brand().name, publicUrl);
  return confirmationMail({ record, brand: brand(), publicUrl, catalog: bundledCatalog() });
}

const logAction = (kind: MailKind, attempt: number) => (kind === 'resend' ? `confirmation.mail.resent.${attempt}` : `${kind}.mail`);

/**
 * Sends the claimed attempt to `to` (the registration's verified address) and writes its outcome (the attempt's state,
 * the integration log). Never throws.
 */
async function deliver(kind: MailKind, reg: Registration, to: string, attempt: number, now: number): Promise<MailOutcome> {
  const registrationId = reg.id;
  const email = to;
  const action = logAction(kind, attempt);
  const log = (suffix: string, result: string) =>
    recordOnce({ registrationId, email, action: `${action}${suffix}`, result }).catch((err: unknown) =>
      console.error(`[mail] the integration log could not record ${action}${suffix}:`, err instanceof Error ? err.message : err),
    );
  let outcome: MailOutcome;
  let error = '';
  let via = '';
  try {
    // Without a way to send, the message (and its certificate) is not even made.
    const result = mailConfigured() ? await sendMail(await mailFor(kind, { ...reg.record, email: to })) : ({ sent: false } as const);
    outcome = result.sent ? 'sent' : 'not_configured';
    if (result.sent) via = result.via;
  } catch (err) {
    outcome = err instanceof MailLimited ? 'limited' : 'failed'; // either way a failed attempt, retried after its wait
    error = (err instanceof Error ? err.message : String(err)).slice(0, 1024);
  }
  try {
    if (outcome === 'sent') await mark(registrationId, kind, attempt, { status: 'sent', next_attempt_at: null, last_error: null });
    else if (outcome === 'not_configured')
      await mark(registrationId, kind, attempt, {
        status: 'not_configured',
        next_attempt_at: iso(now),
        last_error: 'SMTP_URL is not set.',
      });
    else if (kind !== 'resend')
      await mark(registrationId, kind, attempt, { status: 'failed', next_attempt_at: iso(now + backoffAfter(attempt)), last_error: error });
    else await mark(registrationId, kind, attempt, { status: 'failed', next_attempt_at: null, last_error: error });
  } catch (err) {
    // Left in 'sending': the sweep takes it up once it is stale (a sent mail then may go twice: see above).
    console.error(`[mail] the state of ${action} could not be written:`, err instanceof Error ? err.message : err);
  }
  if (outcome === 'sent') await log('', `sent (${via === 'relay' ? 'mail relay' : 'SMTP'})`);
  else if (outcome === 'not_configured') await log('.not_configured', 'not configured (set SMTP_URL); sent once it is');
  else await log('.failed', `failed, retried later: ${error}`);
  return outcome;
}

/**
 * Claims the confirmation e-mail of a confirmed registration: the claimed send ('already' for every call after the
 * first claim). A missing or pending registration is left alone ('missing', 'pending'). Throws when Appwrite cannot be
 * asked, so nothing is claimed and the caller can say so.
 */
async function claimConfirmation(
  id: string,
  now: number,
  known?: Registration,
  knownAddress?: string,
): Promise<(() => Promise<MailOutcome>) | 'missing' | 'pending' | 'already' | 'unverified'> {
  const reg = known ?? (await readRegistration(id));
  if (!reg) return 'missing';
  if (!isConfirmed(reg)) return 'pending';
  const to = knownAddress ?? (await verifiedAddressOf(reg));
  if (!to) return 'unverified';
  if (!(await claim(id, 'confirmation', 1, now))) return 'already';
  return () => deliver('confirmation', reg, to, 1, now);
}

/** The confirmation e-mail of a confirmed registration, sent once however often this is called. */
export async function sendConfirmationOnce(id: string, now = Date.now()): Promise<MailOutcome | 'missing' | 'pending'> {
  const claimed = await claimConfirmation(id, now);
  return typeof claimed === 'string' ? claimed : claimed();
}

/** Staff's resend: a new send, each recorded as its own attempt of kind 'resend'. */
export async function resendConfirmation(reg: Registration, now = Date.now()): Promise<MailOutcome> {
  const to = await verifiedAddressOf(reg);
  if (!to) return 'unverified';
  const done = await mailAttempts(reg.id, 'resend');
  const next = Math.max(0, ...done.map((a) => a.attempts)) + 1;
  if (!(await claim(reg.id, 'resend', next, now))) return 'already';
  return deliver('resend', reg, to, next, now);
}

/** Claims and sends the attempt after `state` (a failed, unconfigured or stale one); 'already' when another caller has it. */
export async function retryAttempt(state: MailState, now: number): Promise<MailOutcome | 'missing' | 'pending'> {
  const superseded = () =>
    mark(state.registration_id, state.kind, state.attempts, { status: 'retried', next_attempt_at: null }).catch(() => undefined);
  const reg = await readRegistration(state.registration_id);
  if (!reg || !isConfirmed(reg)) {
    await superseded();
    return reg ? 'pending' : 'missing';
  }
  const to = await verifiedAddressOf(reg);
  if (!to) {
    await superseded();
    return 'unverified';
  }
  const won = await claim(state.registration_id, state.kind, state.attempts + 1, now);
  await superseded();
  if (!won) return 'already';
  return deliver(state.kind, reg, to, state.attempts + 1, now);
}

/** The reminder of one registration, once: 'already' when it was claimed before. */
export async function sendReminderOnce(reg: Registration, now: number): Promise<MailOutcome | 'pending'> {
  if (!isConfirmed(reg)) return 'pending';
  const to = await verifiedAddressOf(reg);
  if (!to) return 'unverified';
  if (!(await claim(reg.id, 'reminder', 1, now))) return 'already';
  return deliver('reminder', reg, to, 1, now);
}

const DAY_MS = 86_400_000;
export const REMINDER_DAYS = 30;

/** Whether a registration made at `submittedAt` is in its last 30 days of coverage at `now`. */
export function reminderDue(submittedAt: string, now: number): boolean {
  const start = parseDate(submittedAt);
  if (!start) return false;
  const end = coveredUntil(start).getTime();
  return now >= end - REMINDER_DAYS * DAY_MS && now < end;
}

/** How long a function's answer waits for the confirmation e-mail; a slower send goes on behind the answer. */
const ANSWER_WAIT_MS = 5_000;

/**
 * The confirmation e-mail after a registration is confirmed, for a function that answers the registration's caller
 * (`known`: the registration as that function has just read or written it, so it is not read again; `knownAddress`:
 * its address as that function has just verified it for the registration's account, so it is not asked again).
 * The e-mail is claimed before the answer: when Appwrite cannot be asked, nothing would ever send it (the sweep
 * retries claimed attempts only), so the caller is answered 502 and asks again, which repeats harmlessly. Once
 * claimed, the send's failure never changes the answer, and its slowness holds it back ANSWER_WAIT_MS at most (the
 * send goes on; on Netlify, where the process may stop with the answer, a send cut short is retried by the sweep).
 */
export async function confirmAfterRegistration(id: string, known?: Registration, knownAddress?: string): Promise<void> {
  let claimed: Awaited<ReturnType<typeof claimConfirmation>>;
  try {
    claimed = await claimConfirmation(id, Date.now(), known, knownAddress);
  } catch (err) {
    console.error('[mail] the confirmation e-mail could not be claimed:', err instanceof Error ? err.message : err);
    throw new HttpError(502, 'upstream_error', 'The registration could not be completed right now. Please try again.');
  }
  if (typeof claimed === 'string') return;
  const sending = claimed();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([sending, new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_WAIT_MS)))]);
  clearTimeout(timer);
}
