// "Update on your claim {number}" through the real server, its functions and a real SMTP server, with the per-address
// limits on: one e-mail for each staff step the customer sees, none for an internal note or the customer's own reply,
// one however often or however concurrently the step is sent, retried by the sweep when SMTP refused it, never held
// back by the per-address limits, and never to an address the owner did not verify.
import { ID } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { claimUpdateSubject } from '@/shared/claims/claim-texts';
import { withEnv } from '../../netlify/lib/env';
import { mailAttempts } from '../../netlify/lib/mail/mail-state';
import { ADDRESS_LIMITS } from '../../netlify/lib/mail/send';
import { runMailSweep } from '../../netlify/lib/mail/sweep';
import { call, importedRegistration, report, reportBody, uploadPhoto } from '../helpers/claims';
import { createRegistration, jwtOf, signedInCustomer, type Customer } from '../helpers/customers';
import { handOffs } from '../helpers/hand-offs';
import { mailingStaffServerForSuite } from '../helpers/suite';
import { expectEach } from '../helpers/contains';

const LIMITS = { emailTokenPerEmail: 10, emailTokenPerIp: 100, sessionPerIpUser: 10, sessionPerUser: 20 };
const MINUTE = 60_000;

type Claim = { id: string; number: string; status: string };

const { smtp, server, staff } = mailingStaffServerForSuite({ rateLimits: LIMITS });

const signIn = (email: string) => signedInCustomer(server, email, smtp.codeFor);

/** A message's text as a person reads it: quoted-printable undone, UTF-8 decoded. */
const readable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The updates on claim `number` that SMTP received for `email`, as text. */
const updates = (email: string, number: string) =>
  smtp.mails
    .filter((m) => m.to.includes(email) && new RegExp(`^Subject: ${claimUpdateSubject(number)}\\r?$`, 'm').test(m.raw))
    .map((m) => readable(m.raw));

const act = (claim: Claim, event: Record<string, unknown>, eventId: string = ID.unique()) =>
  call<{ claim: Claim }>(server, 'claimAction', { staff: staff.token, body: { claim_id: claim.id, event_id: eventId, ...event } });

/** A claim reported by `c` on a registration of theirs (the default product unless `over` says otherwise). */
async function claimOf(c: Customer, over: Record<string, unknown> = {}): Promise<Claim> {
  const reg = await createRegistration(c, over);
  const opened = await report(server, c, reportBody(reg.$id, [await uploadPhoto(c)]));
  expect(opened.status).toBe(200);
  return opened.body.claim;
}

describe('the e-mail of a claim update', () => {
  it('goes once to the owner for each step they see: a question, an approval, ready for pickup, a close, a denial', async () => {
    const ada = await signIn('ada.updates@example.com');
    const claim = await claimOf(ada, { full_name: 'Ada Núñez' });
    const link = `http://localhost:${server.port}/warranties`;

    const asked = await act(claim, { action: 'ask', message: 'Which side of the clasp broke?', expected_status: 'submitted' });
    expect(asked.status).toBe(200);
    let mails = updates(ada.email, claim.number);
    expect(mails).toHaveLength(1);
    expectEach(mails[0], [
      'Hello Ada Núñez,',
      `There is an update on your claim ${claim.number}.`,
      'Aurora Pendant',
      'Status: Needs information',
      'Our question: Which side of the clasp broke?',
      link,
    ]);
    expect(mails[0]).toMatch(/^Content-Type: text\/html; charset=utf-8\r?$/m);

    // An internal note and the customer's own reply: no e-mail.
    expect((await act(claim, { action: 'note', message: 'Customer sounded upset.', expected_status: 'needs_information' })).status).toBe(
      200,
    );
    const reply = { claim_id: claim.id, event_id: ID.unique(), message: 'The left side.', photo_ids: [] };
    expect((await call(server, 'replyToClaim', { jwt: await jwtOf(ada), body: reply })).status).toBe(200);
    expect(updates(ada.email, claim.number)).toHaveLength(1);

    expect((await act(claim, { action: 'approve', resolution: 'store_credit', expected_status: 'submitted' })).status).toBe(200);
    expect((await act(claim, { action: 'ready', expected_status: 'approved' })).status).toBe(200);
    expect((await act(claim, { action: 'close', expected_status: 'ready_for_pickup' })).status).toBe(200);
    mails = updates(ada.email, claim.number);
    expect(mails).toHaveLength(4);
    expect(mails[1]).toContain('Status: Approved');
    expect(mails[1]).toContain('Resolution: Store credit');
    expect(mails[2]).toContain('Status: Ready for pickup');
    expect(mails[3]).toContain('Status: Closed');
    for (const mail of mails) expect(mail).not.toContain('Customer sounded upset.');

    // Denied, with its reason; the log on /home has each one.
    const next = await claimOf(ada);
    expect((await act(next, { action: 'deny', message: 'The chain was cut, not broken.', expected_status: 'submitted' })).status).toBe(200);
    const [denied] = updates(ada.email, next.number);
    expect(denied).toContain('Status: Denied');
    expect(denied).toContain('Reason: The chain was cut, not broken.');
    const log = (await handOffs(server)).filter((e) => e.email === ada.email && e.action.startsWith('claim.mail.'));
    expect(log.map((e) => e.result)).toEqual(Array(5).fill('sent (mail relay)'));
  });

  it('goes once when the step is sent again, or by two callers at once', async () => {
    const bob = await signIn('bob.updates@example.com');
    const claim = await claimOf(bob);
    const eventId = ID.unique();
    const ask = { action: 'ask', message: 'Is the stone still with you?', expected_status: 'submitted' };
    const answers = await Promise.all([act(claim, ask, eventId), act(claim, ask, eventId)]);
    expect(answers.map((a) => [a.status, a.body.claim.status])).toEqual([
      [200, 'needs_information'],
      [200, 'needs_information'],
    ]);
    expect((await act(claim, ask, eventId)).status).toBe(200);
    expect(updates(bob.email, claim.number)).toHaveLength(1);
    expect((await withEnv(server.functionsEnv(), () => mailAttempts(eventId, 'claim_update'))).map((a) => a.status)).toEqual(['sent']);
  });

  it('is retried by the sweep when SMTP refused it, on the schedule of the other e-mails', async () => {
    const cleo = await signIn('cleo.updates@example.com');
    const claim = await claimOf(cleo);
    const eventId = ID.unique();
    smtp.refuseNext();
    const t0 = Date.now();
    const approved = await act(claim, { action: 'approve', resolution: 'repair', expected_status: 'submitted' }, eventId);
    expect([approved.status, approved.body.claim.status]).toEqual([200, 'approved']);
    expect(updates(cleo.email, claim.number)).toHaveLength(0);
    const attempts = () => withEnv(server.functionsEnv(), () => mailAttempts(eventId, 'claim_update'));
    const [first] = await attempts();
    expect(first).toMatchObject({ attempts: 1, status: 'failed' });
    expect(Date.parse(first!.next_attempt_at!) - t0).toBeGreaterThanOrEqual(MINUTE - 1000);

    const sweepAt = (t: number) => withEnv(server.functionsEnv(), () => runMailSweep(t));
    await sweepAt(Date.now() + 2 * MINUTE);
    await Promise.all([sweepAt(Date.now() + 3 * MINUTE), sweepAt(Date.now() + 3 * MINUTE)]);
    expect((await attempts()).map((a) => [a.attempts, a.status])).toEqual([
      [1, 'retried'],
      [2, 'sent'],
    ]);
    const mails = updates(cleo.email, claim.number);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Resolution: Repair');
    const log = (await handOffs(server)).filter((e) => e.action.startsWith(`claim.mail.${eventId}`)).map((e) => e.action);
    expect(log.sort()).toEqual([`claim.mail.${eventId}`, `claim.mail.${eventId}.failed`]);
  });

  it('is not held back by the per-address limits', async () => {
    const dana = await signIn('dana.updates@example.com');
    const perHour = ADDRESS_LIMITS[0].max;
    const numbers: string[] = [];
    // Four claims taken to "Closed": twelve updates within the hour, more than the hour's share of one address.
    for (let i = 0; i < 4; i++) {
      const claim = await claimOf(dana);
      numbers.push(claim.number);
      expect((await act(claim, { action: 'approve', resolution: 'replacement', expected_status: 'submitted' })).status).toBe(200);
      expect((await act(claim, { action: 'ready', expected_status: 'approved' })).status).toBe(200);
      expect((await act(claim, { action: 'close', expected_status: 'ready_for_pickup' })).status).toBe(200);
    }
    const sent = numbers.flatMap((n) => updates(dana.email, n));
    expect(sent.length).toBeGreaterThan(perHour);
    expect(sent).toHaveLength(12);
  });

  it('goes to no address the owner did not verify', async () => {
    const eve = await signIn('eve.updates@example.com');
    // Her own registration naming an address her account never verified: the claim is hers, its e-mail goes nowhere.
    const claim = await claimOf(eve, { email: 'not.eves@example.com' });
    const eventId = ID.unique();
    expect((await act(claim, { action: 'ask', message: 'Which store?', expected_status: 'submitted' }, eventId)).status).toBe(200);
    expect((await act(claim, { action: 'deny', message: 'Outside the warranty.', expected_status: 'needs_information' })).status).toBe(200);
    expect(updates('not.eves@example.com', claim.number)).toEqual([]);
    expect(updates(eve.email, claim.number)).toEqual([]);
    expect(await withEnv(server.functionsEnv(), () => mailAttempts(eventId, 'claim_update'))).toEqual([]);

    // Imported for an address no account has verified: staff's claim and its steps mail nobody.
    const body = reportBody(await importedRegistration(server, staff.token, 'Fay Nobody', 'fay.nobody@example.com'), []);
    const opened = await call<{ claim: Claim }>(server, 'openClaim', { staff: staff.token, body });
    expect(opened.status).toBe(200);
    expect((await act(opened.body.claim, { action: 'approve', resolution: 'repair', expected_status: 'submitted' })).status).toBe(200);
    expect(updates('fay.nobody@example.com', opened.body.claim.number)).toEqual([]);
  });
});
