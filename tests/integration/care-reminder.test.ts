// The care reminder "Time for a free cleaning and check" through the real server, its functions and a real SMTP
// server, with the sweep's clock moved (and registrations backdated as they would have arrived): every
// CARE_REMINDER_MONTHS after the registration or the last care visit, once per period, only for a confirmed
// registration still covered and only to its owner's verified address; none with CARE_REMINDER_MONTHS=0.
import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { CLAIM_TEXTS } from '@/shared/claims/claim-texts';
import { formatDate } from '@/shared/warranty';
import { withEnv } from '../../netlify/lib/env';
import { addMonths } from '../../netlify/lib/mail/care-reminder';
import { mailAttempts } from '../../netlify/lib/mail/mail-state';
import { runMailSweep } from '../../netlify/lib/mail/sweep';
import { call } from '../helpers/claims';
import { admin } from '../helpers/counters';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { registration } from '../helpers/fixtures';
import { handOffs } from '../helpers/hand-offs';
import { mailingStaffServerForSuite } from '../helpers/suite';
import { expectEach } from '../helpers/contains';

const SUBJECT = CLAIM_TEXTS.careReminderSubject;
const HOUR = 3_600_000;

const { smtp, server, staff } = mailingStaffServerForSuite();

const readable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The care reminders SMTP received for `email`, as text. */
const reminders = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && new RegExp(`^Subject: ${SUBJECT}\\r?$`, 'm').test(m.raw)).map((m) => readable(m.raw));

const sweepAt = (t: number, env: Record<string, string> = {}) => withEnv({ ...server.functionsEnv(), ...env }, () => runMailSweep(t));

/** A customer's own registration (confirmed), made and arrived `monthsAgo` months before now. */
async function registered(email: string, monthsAgo = 0, over: Record<string, unknown> = {}): Promise<{ id: string; at: Date }> {
  const at = addMonths(new Date(), -monthsAgo);
  const customer = await signedInCustomer(server, email, smtp.codeFor);
  const { $id: id } = await createRegistration(customer, { submitted_at: at.toISOString(), ...over });
  if (monthsAgo) server.db.prepare('UPDATE documents SET created_at = ? WHERE id = ?').run(at.toISOString(), id);
  return { id, at };
}

const visit = (registrationId: string) =>
  call(server, 'recordVisit', {
    staff: staff.token,
    body: { id: ID.unique(), registration_id: registrationId, kind: 'cleaning', notes: '' },
  });

describe('the care reminder', () => {
  it('goes once, six months after the registration', async () => {
    const email = 'care.once@example.com';
    const { id, at } = await registered(email, 0, { full_name: 'Rosa Care' });
    const due = addMonths(at, 6).getTime();

    await sweepAt(due - 2 * 24 * HOUR);
    expect(reminders(email)).toHaveLength(0);
    const report = await sweepAt(due + HOUR);
    expect(report.careReminders).toBe(1);
    await Promise.all([sweepAt(due + 2 * HOUR), sweepAt(due + 2 * HOUR)]);
    await sweepAt(due + 10 * 24 * HOUR);
    const mails = reminders(email);
    expect(mails).toHaveLength(1);
    expectEach(mails[0], [
      'Hello Rosa Care,',
      `It has been 6 months since you registered your purchase with Warranty Registration, on ${formatDate(at)}.`,
      'free cleaning and check',
      'Aurora Pendant',
      `http://localhost:${server.port}/warranties`,
    ]);
    expect(mails[0]).toMatch(/^Content-Type: text\/html; charset=utf-8\r?$/m);
    expect((await withEnv(server.functionsEnv(), () => mailAttempts(id, 'care-6'))).map((a) => a.status)).toEqual(['sent']);
    expect((await handOffs(server)).filter((e) => e.registrationId === id).map((e) => e.action)).toEqual(['care.mail.6']);
  });

  it('counts again from the last visit', async () => {
    const email = 'care.visit@example.com';
    const { id, at } = await registered(email, 4);
    expect((await visit(id)).status).toBe(200);
    const visited = Date.now();

    // Six months after the registration: two months after the visit, nothing.
    await sweepAt(addMonths(at, 6).getTime() + HOUR);
    expect(reminders(email)).toHaveLength(0);
    // Six months after the visit (still covered): the reminder, once.
    await sweepAt(addMonths(new Date(visited), 6).getTime() + HOUR);
    await sweepAt(addMonths(new Date(visited), 6).getTime() + 3 * HOUR);
    const mails = reminders(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`It has been 6 months since your last visit to us, on ${formatDate(new Date(visited))}.`);
  });

  it('goes every CARE_REMINDER_MONTHS, once in each period, and never with 0', async () => {
    const email = 'care.months@example.com';
    const { at } = await registered(email);
    const off = { CARE_REMINDER_MONTHS: '0' };
    await sweepAt(addMonths(at, 3).getTime() + HOUR, off);
    await sweepAt(addMonths(at, 6).getTime() + HOUR, off);
    await sweepAt(addMonths(at, 9).getTime() + HOUR, off);
    expect(reminders(email)).toHaveLength(0);

    const quarterly = { CARE_REMINDER_MONTHS: '3' };
    await sweepAt(addMonths(at, 3).getTime() + HOUR, quarterly);
    await sweepAt(addMonths(at, 3).getTime() + 5 * HOUR, quarterly);
    expect(reminders(email)).toHaveLength(1);
    await sweepAt(addMonths(at, 6).getTime() + HOUR, quarterly);
    await sweepAt(addMonths(at, 6).getTime() + 5 * HOUR, quarterly);
    const mails = reminders(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('It has been 6 months since you registered');
  });

  it('goes for no pending registration, none past its coverage, and to no address the owner did not verify', async () => {
    // A counter's registration still waiting for its link.
    const pending = 'care.pending@example.com';
    const pendingId = ID.unique();
    await admin(server).databases.createDocument({
      databaseId: 'warranty',
      collectionId: 'submissions',
      documentId: pendingId,
      data: registration({ email: pending, status: 'pending', user_id: 'u1' }),
      permissions: ['read("label:server")'],
    });
    // Eight months old and visited today: its next date falls after its coverage ends.
    const late = 'care.late@example.com';
    const { id: lateId } = await registered(late, 8);
    expect((await visit(lateId)).status).toBe(200);
    // Its owner's account never verified the address it names.
    const unverified = 'care.unverified.owner@example.com';
    await registered(unverified, 0, { email: 'care.someone.else@example.com' });

    const now = Date.now();
    for (const t of [now, addMonths(new Date(now), 6).getTime() + HOUR, addMonths(new Date(now), 6).getTime() + 5 * 24 * HOUR])
      await sweepAt(t);
    for (const email of [pending, late, unverified, 'care.someone.else@example.com']) expect(reminders(email)).toEqual([]);
  });
});
