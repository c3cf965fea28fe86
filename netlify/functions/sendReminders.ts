// The hourly mail sweep on Netlify (a scheduled function): retries the confirmation e-mails that failed or waited
// for SMTP_URL, and sends each confirmed registration's reminder 30 days before its coverage ends, once. The
// embedded server runs the same sweep every hour itself (server/app.ts).
import { runMailSweep } from '../lib/mail-sweep';

export default async function sendReminders(): Promise<Response> {
  try {
    const report = await runMailSweep(Date.now());
    console.log('[sendReminders]', JSON.stringify(report));
    return Response.json(report, { status: 200 });
  } catch (err) {
    // Appwrite unreachable or not configured: nothing was lost, the next hour tries again.
    const reason = err instanceof Error ? err.message : String(err);
    console.error('[sendReminders] the sweep could not run:', reason);
    return Response.json({ error: `The mail sweep could not run: ${reason}`, code: 'upstream_error' }, { status: 502 });
  }
}

/** Netlify runs it every hour (and only so: a scheduled function has no public URL in production). */
export const config = { schedule: '@hourly' };
