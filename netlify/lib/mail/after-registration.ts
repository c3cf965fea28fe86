// The e-mails that follow a confirmed registration (DESIGN.md "After the registration"): the confirmation, once; the
// reminder before coverage ends, once; and staff's resend. Each is sent exactly once through ./mail-state.ts.
//
// Where it goes. Only to the registration's address when the server has verified it for the account the registration
// belongs to (../registrations/registrations.ts, verifiedAddressOf): any other is 'unverified', never claimed nor sent.
//
// The messages themselves are ./confirmation-message.ts and ./reminder-message.ts; ./sweep.ts retries and reminds.
import type { Submission } from '../../../src/shared/contracts/submission';
import { REGISTRATION_STATUS } from '../../../src/shared/contracts/submission';
import { coveredUntil, parseDate } from '../../../src/shared/warranty';
import { appOrigin, env } from '../env';
import { HttpError } from '../http';
import { bundledCatalog } from '../products/catalog';
import { readRegistration, verifiedAddressOf, type Registration } from '../registrations/registrations';
import { confirmationMail } from './confirmation-message';
import { briefly, claimAttempt, deliver, mailAttempts, retryNext, type MailOutcome, type MailState } from './mail-state';
import { reminderMail } from './reminder-message';
import type { OutgoingMail } from './send';

type RegistrationMail = 'confirmation' | 'reminder' | 'resend';

/** Confirmed (by code, or by the e-mailed link), not waiting for the link. */
export const isConfirmed = (reg: Registration) => reg.status === REGISTRATION_STATUS.confirmed;

/** The brand the e-mails name (PRODUCT_NAME, BRAND_ACCENT). */
export const brand = () => {
  const accent = env('BRAND_ACCENT');
  return { name: env('PRODUCT_NAME') ?? 'Warranty Registration', ...(accent ? { accent } : {}) };
};

async function mailFor(kind: RegistrationMail, record: Submission): Promise<OutgoingMail> {
  const publicUrl = appOrigin();
  if (kind === 'reminder') return reminderMail(record, brand().name, publicUrl);
  return confirmationMail({ record, brand: brand(), publicUrl, catalog: bundledCatalog() });
}

const logAction = (kind: RegistrationMail, attempt: number) => (kind === 'resend' ? `confirmation.mail.resent.${attempt}` : `${kind}.mail`);

/** The claimed attempt of a registration's mail, sent to `to` (its verified address). Never throws. */
const send = (kind: RegistrationMail, reg: Registration, to: string, attempt: number, now: number) =>
  deliver({
    about: reg.id,
    kind,
    attempt,
    now,
    to,
    registrationId: reg.id,
    logAction: logAction(kind, attempt),
    message: () => mailFor(kind, { ...reg.record, email: to }),
    retried: kind !== 'resend',
  });

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
  if (!(await claimAttempt(id, 'confirmation', 1, now))) return 'already';
  return () => send('confirmation', reg, to, 1, now);
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
  if (!(await claimAttempt(reg.id, 'resend', next, now))) return 'already';
  return send('resend', reg, to, next, now);
}

/** The attempt after `state` (a registration's failed, unconfigured or stale one); 'already' when another caller has it. */
export function retryAttempt(state: MailState, now: number): Promise<MailOutcome | 'missing' | 'pending'> {
  const kind = state.kind as RegistrationMail;
  return retryNext<'missing' | 'pending' | 'unverified'>(state, now, async () => {
    const reg = await readRegistration(state.registration_id);
    if (!reg || !isConfirmed(reg)) return reg ? 'pending' : 'missing';
    const to = await verifiedAddressOf(reg);
    if (!to) return 'unverified';
    return {
      to,
      registrationId: reg.id,
      logAction: logAction(kind, state.attempts + 1),
      message: () => mailFor(kind, { ...reg.record, email: to }),
    };
  });
}

/** The reminder of one registration, once: 'already' when it was claimed before. */
export async function sendReminderOnce(reg: Registration, now: number): Promise<MailOutcome | 'pending'> {
  if (!isConfirmed(reg)) return 'pending';
  const to = await verifiedAddressOf(reg);
  if (!to) return 'unverified';
  if (!(await claimAttempt(reg.id, 'reminder', 1, now))) return 'already';
  return send('reminder', reg, to, 1, now);
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

/**
 * The confirmation e-mail after a registration is confirmed, for a function that answers the registration's caller
 * (`known`: the registration as that function has just read or written it, so it is not read again; `knownAddress`:
 * its address as that function has just verified it for the registration's account, so it is not asked again).
 * The e-mail is claimed before the answer: when Appwrite cannot be asked, nothing would ever send it (the sweep
 * retries claimed attempts only), so the caller is answered 502 and asks again, which repeats harmlessly. Once
 * claimed, the send's failure never changes the answer, and its slowness holds it back a few seconds at most
 * (./mail-state.ts, briefly).
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
  await briefly(claimed());
}
