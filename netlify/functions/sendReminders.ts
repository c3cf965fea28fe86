// The hourly sweep on Netlify (a scheduled function): retries the e-mails that failed or waited for SMTP_URL
// (confirmations, reminders, claim updates), sends each confirmed registration's reminder 30 days before its coverage
// ends, once, and its care reminders every CARE_REMINDER_MONTHS, and deletes the counter photos no registration joined
// in time. The embedded server runs the same sweeps every hour itself
// (server/sweeps.ts). The answer is the mail sweep's report; the photo sweep's goes to the log.
import { runMailSweep } from '../lib/mail/sweep';
import { sweepUnjoinedPhotos } from '../lib/counters/photo-sweep';

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export default async function sendReminders(): Promise<Response> {
  const now = Date.now();
  // Apart from the mail: neither sweep's failure holds the other back.
  const photos = sweepUnjoinedPhotos(now).then(
    (report) => console.log('[sendReminders] unjoined photos:', JSON.stringify(report)),
    (err: unknown) => console.error('[sendReminders] the photo sweep could not run:', reasonOf(err)),
  );
  try {
    const report = await runMailSweep(now);
    console.log('[sendReminders]', JSON.stringify(report));
    return Response.json(report, { status: 200 });
  } catch (err) {
    // Appwrite unreachable or not configured: nothing was lost, the next hour tries again.
    const reason = reasonOf(err);
    console.error('[sendReminders] the sweep could not run:', reason);
    return Response.json({ error: `The mail sweep could not run: ${reason}`, code: 'upstream_error' }, { status: 502 });
  } finally {
    await photos;
  }
}

/** Netlify runs it every hour (and only so: a scheduled function has no public URL in production). */
export const config = { schedule: '@hourly' };
