// The hourly mail sweep: the Netlify scheduled function sendReminders and the embedded server (every hour) run it.
// It retries the e-mails (confirmations, reminders, claim updates) that failed (when their wait is over), were not
// configured (once SMTP_URL is set) or were cut short (a claim left in 'sending'), sends the reminder 30 days before
// coverage ends, once per confirmed registration, and the care reminders (./care-reminder.ts). `now` is the sweep's
// clock, so a test can move it.
import { Query } from 'node-appwrite';
import { adminClient } from '../appwrite';
import { maxQueueDays, registrationsArrived } from '../registrations/registrations';
import { reminderDue, retryAttempt, sendReminderOnce } from './after-registration';
import { isCareKind, retryCareReminder, runCareReminders } from './care-reminder';
import { CLAIM_UPDATE, retryClaimUpdate } from './claim-update';
import { MAIL_STATE_COLLECTION, STALE_CLAIM_MS, type MailState } from './mail-state';
import { mailConfigured } from './send';

export type SweepReport = { retried: number; reminders: number; careReminders: number; failed: number };

const PAGE = 100;
const DAY_MS = 86_400_000;

async function* pages(collectionId: string, queries: string[]) {
  const { databases, settings } = adminClient();
  let cursor: string | undefined;
  for (;;) {
    const page = await databases.listDocuments({
      databaseId: settings.databaseId,
      collectionId,
      queries: [...queries, Query.limit(PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
    });
    yield page.documents as unknown as (Record<string, unknown> & { $id: string })[];
    if (page.documents.length < PAGE) return;
    cursor = page.documents[page.documents.length - 1]!.$id;
  }
}

/**
 * The attempts the sweep takes up at `now`: due failures, unconfigured ones once mail can go, stale claims (older than
 * STALE_CLAIM_MS, or made before `deadBefore`: a process known to have ended since, as the embedded server's own).
 */
async function dueAttempts(now: number, deadBefore = 0): Promise<MailState[]> {
  const at = new Date(now).toISOString();
  const statuses = mailConfigured() ? ['failed', 'not_configured'] : ['failed'];
  const due: MailState[] = [];
  for await (const docs of pages(MAIL_STATE_COLLECTION, [Query.equal('status', statuses), Query.lessThanEqual('next_attempt_at', at)]))
    due.push(...(docs as unknown as MailState[]));
  const stale = new Date(Math.max(now - STALE_CLAIM_MS, deadBefore - 1)).toISOString();
  for await (const docs of pages(MAIL_STATE_COLLECTION, [Query.equal('status', 'sending'), Query.lessThanEqual('claimed_at', stale)]))
    due.push(...(docs as unknown as MailState[]));
  // A staff resend is answered at once and not retried behind staff's back.
  return due.filter((s) => s.kind !== 'resend');
}

const retry = (state: MailState, now: number) =>
  state.kind === CLAIM_UPDATE
    ? retryClaimUpdate(state, now)
    : isCareKind(state.kind)
      ? retryCareReminder(state, now)
      : retryAttempt(state, now);

/** One pass of the sweep at `now` (ms since the epoch). Never throws for one mail: each is counted and logged. */
export async function runMailSweep(now: number = Date.now(), deadBefore = 0): Promise<SweepReport> {
  const report: SweepReport = { retried: 0, reminders: 0, careReminders: 0, failed: 0 };
  const count = (outcome: string, key: 'retried' | 'reminders' | 'careReminders') => {
    if (outcome === 'sent') report[key]++;
    else if (outcome === 'failed' || outcome === 'limited' || outcome === 'not_configured') report.failed++;
  };

  for (const state of await dueAttempts(now, deadBefore)) {
    try {
      count(await retry(state, now), 'retried');
    } catch (err) {
      report.failed++;
      console.error('[mail] a retry failed:', err instanceof Error ? err.message : err);
    }
  }

  // Registrations made about a year before `now` (a day either way of the exact rule, which reminderDue applies to
  // the effective date): one made on a device may arrive up to MAX_QUEUE_DAYS after it was made.
  const from = new Date(now - 367 * DAY_MS).toISOString();
  const to = new Date(now - (333 - maxQueueDays()) * DAY_MS).toISOString();
  for await (const regs of registrationsArrived(from, to, PAGE)) {
    for (const reg of regs) {
      if (!reminderDue(reg.record.submitted_at, now)) continue;
      try {
        count(await sendReminderOnce(reg, now), 'reminders');
      } catch (err) {
        report.failed++;
        console.error('[mail] a reminder failed:', err instanceof Error ? err.message : err);
      }
    }
  }

  await runCareReminders(now, (outcome) => count(outcome, 'careReminders'));
  return report;
}
