// The e-mails after a registration, through the real server: the confirmation, exactly once per confirmed
// registration (the customer's verified submit, the counter's confirm-by-link), retried when mail fails or was not
// configured, recovered when a send was killed mid-way; the reminder before coverage ends, once, with the clock
// moved; and staff's "Resend confirmation".
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { coveredUntil, formatDate } from '@/shared/warranty';
import { withEnv } from '../../netlify/lib/env';
import { sendConfirmationOnce } from '../../netlify/lib/mail/after-registration';
import { attemptId, mailAttempts } from '../../netlify/lib/mail/mail-state';
import { runMailSweep } from '../../netlify/lib/mail/sweep';
import sendReminders, { config as remindersSchedule } from '../../netlify/functions/sendReminders';
import { createRegistration, jwtOf, sendToShopify, signedInCustomer } from '../helpers/customers';
import { admin, callFunction, confirmLink, enrol, linkMails, mailbox, registrationBody, signInWithLink } from '../helpers/counters';
import { registration } from '../helpers/fixtures';
import { handOffs } from '../helpers/hand-offs';
import { startTestServer, type TestServer } from '../helpers/server';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher';
import { startWithStaff } from '../helpers/staff';

const SUBJECT = 'Your warranty is registered';
const REMINDER = 'Your warranty ends soon';
const DB = { databaseId: 'warranty', collectionId: 'submissions' };
const DAY = 86_400_000;
const MINUTE = 60_000;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

type DevMail = Awaited<ReturnType<typeof mailbox>>[number] & { attachments: { filename: string; contentType: string; size: number }[] };

const mailsTo = async (server: TestServer, email: string, subject = SUBJECT) =>
  ((await mailbox(server)) as DevMail[]).filter((m) => m.to === email && m.subject === subject);

/** The confirmation e-mails SMTP received for `email`. */
const caught = (smtp: SmtpCatcher, email: string, subject = SUBJECT) =>
  smtp.mails.filter((m) => m.to.includes(email) && new RegExp(`^Subject: ${subject}\\r?$`, 'm').test(m.raw));

/** The PDF attached to a raw MIME message, and its name. */
function attachedPdf(raw: string): { filename: string; bytes: Buffer } {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const part = /Content-Type: application\/pdf; name=(\S+)\r?\n(?:[\w-]+: .*\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(unfolded);
  if (!part) throw new Error('no PDF attached');
  return { filename: part[1]!, bytes: Buffer.from(part[2]!.replace(/\s+/g, ''), 'base64') };
}

/** The text of a PDF as pdftotext (poppler) reads it. */
function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
  try {
    writeFileSync(join(dir, 'c.pdf'), bytes);
    return execFileSync('pdftotext', ['-layout', join(dir, 'c.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A registration as it reaches the server, for the module-level cases: a customer's own, made by a customer who
 * verified the address by code (`code` reads it: the dev mailbox unless told), or, with status "pending", a counter's
 * as the server stores it (its own, owned by nobody until the link confirms it). `arrived` backdates its arrival.
 */
async function stored(
  server: TestServer,
  over: Record<string, unknown> & { email: string },
  { code, arrived }: { code?: (email: string) => Promise<string> | string; arrived?: string } = {},
) {
  const id = ID.unique();
  if (over.status === 'pending')
    await admin(server).databases.createDocument({
      ...DB,
      documentId: id,
      data: registration({ user_id: 'u1', ...over }),
      permissions: ['read("label:server")'],
    });
  else await createRegistration(await signedInCustomer(server, over.email, code), over, id);
  if (arrived) server.db.prepare('UPDATE documents SET created_at = ? WHERE id = ?').run(arrived, id);
  return id;
}

describe('the confirmation e-mail of a registration made on the customer’s phone', () => {
  let server: TestServer;
  let staff: string;
  beforeAll(async () => {
    ({ server, token: staff } = await startWithStaff());
  });
  afterAll(() => server.dispose());

  it('goes once, with the certificate attached, however often and however concurrently the outbox hands off', async () => {
    const ada = await signedInCustomer(server, 'ada.once@example.com');
    const { $id: id } = await createRegistration(ada, { full_name: 'Ada Lovelace' });
    const jwt = await jwtOf(ada);

    // Two tabs at once, then the outbox's retry: each answer is the hand-off's, unchanged by the e-mail.
    const answers = await Promise.all([sendToShopify(server, { $id: id }, jwt), sendToShopify(server, { $id: id }, jwt)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(((await Promise.all(answers.map((r) => r.json()))) as { status: string }[]).map((b) => b.status).sort()).toEqual([
      'already_logged',
      'logged',
    ]);
    expect((await sendToShopify(server, { $id: id }, jwt)).status).toBe(200);

    const mails = await mailsTo(server, 'ada.once@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toEqual([
      { filename: `warranty-certificate-${id}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    expect(mails[0]!.attachments[0]!.size).toBeGreaterThan(1000);
    expect(mails[0]!.links).toContain(`http://localhost:${server.port}/warranties`);
    expect(mails[0]!.text).toContain('Ada Lovelace');
    expect(mails[0]!.text).toContain('Aurora Pendant');

    const log = (await handOffs(server)).filter((e) => e.registrationId === id);
    expect(log.map((e) => e.action).sort()).toEqual(['confirmation.mail', 'customer.upsert']);
    expect(log.find((e) => e.action === 'confirmation.mail')!.result).toBe('sent (mail relay)');
  });

  it('is claimed before the hand-off answers: when Appwrite cannot take the claim, the outbox is answered 502 and its retry sends it once', async () => {
    const ada = await signedInCustomer(server, 'ada.claim@example.com');
    const { $id: id } = await createRegistration(ada, { full_name: 'Ada Lovelace' });
    const jwt = await jwtOf(ada);

    // The hand-off is recorded, then storing the e-mail's claim fails: answered as done, nothing would ever send it.
    server.db.exec(
      "CREATE TEMP TRIGGER mail_state_down BEFORE INSERT ON documents WHEN NEW.collection_id = 'mail_state' BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END",
    );
    try {
      const refused = await sendToShopify(server, { $id: id }, jwt);
      expect(refused.status).toBe(502);
      expect(await refused.json()).toMatchObject({ error: 'The registration could not be completed right now. Please try again.' });
    } finally {
      server.db.exec('DROP TRIGGER mail_state_down');
    }
    expect(await mailsTo(server, 'ada.claim@example.com')).toHaveLength(0);

    const retried = await sendToShopify(server, { $id: id }, jwt);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ status: 'already_logged' });
    expect(await mailsTo(server, 'ada.claim@example.com')).toHaveLength(1);
    const log = (await handOffs(server)).filter((e) => e.registrationId === id);
    expect(log.map((e) => e.action).sort()).toEqual(['confirmation.mail', 'customer.upsert']);
  });

  it('is not sent for a registration waiting for its confirmation link, and goes once when the link confirms it', async () => {
    const counter = await enrol(server, staff, 'Rue Royale');
    const body = registrationBody({ email: 'lin.counter@example.com', full_name: 'Lin Wei' });
    const sent = await callFunction(server, 'submitFromCounter', { body, auth: counter.token });
    expect(sent.status).toBe(200);
    const id = body.registration.id;

    // Pending: no confirmation from a sweep, and staff's resend is refused.
    await withEnv(server.functionsEnv(), () => runMailSweep(Date.now() + 20 * MINUTE));
    expect(await mailsTo(server, 'lin.counter@example.com')).toHaveLength(0);
    const early = await callFunction(server, 'resendConfirmation', { body: { id }, auth: staff });
    expect([early.status, await early.json()]).toEqual([409, { error: 'Not confirmed yet.', code: 'pending_confirmation' }]);

    const link = confirmLink((await linkMails(server, 'lin.counter@example.com'))[0]!);
    const { device: phone } = await signInWithLink(server, link);
    const jwt = await jwtOf(phone);
    const confirm = () => callFunction(server, 'confirmRegistration', { body: { id }, headers: { 'X-Appwrite-JWT': jwt } });
    const [a, b] = await Promise.all([confirm(), confirm()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await confirm()).status).toBe(200);

    const mails = await mailsTo(server, 'lin.counter@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Lin Wei');
    expect(mails[0]!.text).toContain('Store: Rue Royale');
    expect(mails[0]!.attachments.map((x) => x.filename)).toEqual([`warranty-certificate-${id}.pdf`]);
  });

  it('is sent again by staff’s "Resend confirmation", each resend a new send in the log', async () => {
    const ada = await signedInCustomer(server, 'ada.resend@example.com');
    const { $id: id } = await createRegistration(ada);
    expect((await sendToShopify(server, { $id: id }, await jwtOf(ada))).status).toBe(200);
    expect(await mailsTo(server, 'ada.resend@example.com')).toHaveLength(1);

    for (const n of [2, 3]) {
      const res = await callFunction(server, 'resendConfirmation', { body: { id }, auth: staff });
      expect([res.status, await res.json()]).toEqual([200, { status: 'sent' }]);
      expect(await mailsTo(server, 'ada.resend@example.com')).toHaveLength(n);
    }
    const log = (await handOffs(server)).filter((e) => e.registrationId === id).map((e) => e.action);
    expect(log.sort()).toEqual(['confirmation.mail', 'confirmation.mail.resent.1', 'confirmation.mail.resent.2', 'customer.upsert']);
  });

  it.each([
    ['no sign-in', { id: 'abc' }, null, 401],
    ['a missing registration', { id: 'missing-registration' }, 'staff', 404],
    ['no id', {}, 'staff', 422],
    ['an id with a slash', { id: 'a/b' }, 'staff', 422],
    ['not JSON', '{"id":', 'staff', 400],
  ])('resendConfirmation answers %s with %s', async (_name, body, auth, status) => {
    const res = await callFunction(server, 'resendConfirmation', { body, auth: auth ? staff : null });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(5);
    expect((await callFunction(server, 'resendConfirmation', { auth: staff })).status).toBe(405);
  });

  it('reminds each confirmed registration once, 30 days before its coverage ends, with the clock moved', async () => {
    const submittedAt = new Date().toISOString();
    const confirmed = await stored(server, { email: 'rem.one@example.com', full_name: 'Rémi Dupont', submitted_at: submittedAt });
    const older = await stored(server, { email: 'rem.two@example.com', submitted_at: submittedAt, status: 'confirmed' });
    await stored(server, { email: 'rem.pending@example.com', submitted_at: submittedAt, status: 'pending' });
    const ends = coveredUntil(submittedAt).getTime();
    const sweepAt = (t: number) => withEnv(server.functionsEnv(), () => runMailSweep(t));
    const reminders = async () =>
      Object.fromEntries(
        await Promise.all(
          ['rem.one@example.com', 'rem.two@example.com', 'rem.pending@example.com'].map(
            async (e) => [e, (await mailsTo(server, e, REMINDER)).length] as const,
          ),
        ),
      );

    // Ten months on: too early.
    await sweepAt(ends - 60 * DAY);
    expect(await reminders()).toEqual({ 'rem.one@example.com': 0, 'rem.two@example.com': 0, 'rem.pending@example.com': 0 });
    // Eleven months on (25 days before coverage ends): one reminder per confirmed registration.
    await sweepAt(ends - 25 * DAY);
    expect(await reminders()).toEqual({ 'rem.one@example.com': 1, 'rem.two@example.com': 1, 'rem.pending@example.com': 0 });
    // The same hour again, concurrently, and later still: none more.
    await Promise.all([sweepAt(ends - 25 * DAY), sweepAt(ends - 25 * DAY)]);
    await sweepAt(ends - 2 * DAY);
    expect(await reminders()).toEqual({ 'rem.one@example.com': 1, 'rem.two@example.com': 1, 'rem.pending@example.com': 0 });

    const [mail] = await mailsTo(server, 'rem.one@example.com', REMINDER);
    expect(mail!.text).toContain('Rémi Dupont');
    expect(mail!.text).toContain('Aurora Pendant');
    expect(mail!.text).toContain(`Covered until ${formatDate(coveredUntil(submittedAt))}`);
    expect(mail!.links).toEqual([`http://localhost:${server.port}/warranties`]);
    const log = (await handOffs(server)).filter((e) => e.registrationId === confirmed || e.registrationId === older);
    expect(log.map((e) => e.action)).toEqual(['reminder.mail', 'reminder.mail']);
  });
});

describe('the scheduled function sendReminders', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.dispose());

  it('runs the sweep every hour, and says so plainly when Appwrite cannot be reached', async () => {
    expect(remindersSchedule).toEqual({ schedule: '@hourly' });
    const madeAt = new Date(Date.now() - 350 * DAY).toISOString();
    const id = await stored(server, { email: 'sched@example.com', submitted_at: madeAt }, { arrived: madeAt });
    const ran = await withEnv(server.functionsEnv(), () => sendReminders());
    expect([ran.status, await ran.json()]).toEqual([200, { retried: 0, reminders: 1, careReminders: 0, failed: 0 }]);
    expect(await mailsTo(server, 'sched@example.com', REMINDER)).toHaveLength(1);
    expect((await withEnv(server.functionsEnv(), () => sendReminders())).status).toBe(200);
    expect(await mailsTo(server, 'sched@example.com', REMINDER)).toHaveLength(1);
    expect((await handOffs(server)).filter((e) => e.registrationId === id).map((e) => e.action)).toEqual(['reminder.mail']);

    const down = await withEnv({ ...server.functionsEnv(), APPWRITE_ENDPOINT: 'http://127.0.0.1:9/v1' }, () => sendReminders());
    expect(down.status).toBe(502);
    expect(((await down.json()) as { error: string }).error).toMatch(/^The mail sweep could not run: /);
  });
});

describe('the confirmation e-mail over SMTP, when mail fails and when a send is killed', () => {
  let server: TestServer;
  let smtp: SmtpCatcher;
  let closedPort: number;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestServer({ smtpUrl: smtp.url });
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
  });
  afterAll(async () => {
    await server?.dispose();
    await smtp?.close();
  });

  /** The functions' environment as on Netlify: SMTP_URL (or none) and no relay to an embedded server. */
  const netlifyEnv = (smtpUrl: string) => ({ ...server.functionsEnv(), SMTP_URL: smtpUrl, MAIL_RELAY_URL: '' });

  it('carries the certificate: the PDF parsed back holds the name, the products and both dates', async () => {
    const ada = await signedInCustomer(server, 'ada.pdf@example.com', (e) => smtp.codeFor(e));
    const submittedAt = new Date().toISOString();
    const { $id: id } = await createRegistration(ada, {
      full_name: 'Ada Lovelace',
      product_sku: 'Aurora Pendant',
      submitted_at: submittedAt,
    });
    expect((await sendToShopify(server, { $id: id }, await jwtOf(ada))).status).toBe(200);

    const mails = caught(smtp, 'ada.pdf@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r?$/m);
    expect(mails[0]!.raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r?$/m);
    const pdf = attachedPdf(mails[0]!.raw);
    expect(pdf.filename).toBe(`warranty-certificate-${id}.pdf`);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Aurora Pendant');
    expect(text).toContain(`Registered on ${formatDate(submittedAt)}`);
    expect(text).toContain(`Covered until ${formatDate(coveredUntil(submittedAt))}`);
  });

  it('failing (SMTP down) never fails the registration, and the sweep sends exactly one once SMTP is back', async () => {
    const id = await stored(server, { email: 'ada.down@example.com' }, { code: (e) => smtp.codeFor(e) });
    const t0 = Date.now();
    const down = netlifyEnv(`smtp://127.0.0.1:${closedPort}`);
    expect(await withEnv(down, () => sendConfirmationOnce(id, t0))).toBe('failed');
    expect(await withEnv(down, () => sendConfirmationOnce(id, t0))).toBe('already');
    const [first] = await withEnv(down, () => mailAttempts(id, 'confirmation'));
    expect(first).toMatchObject({ status: 'failed', attempts: 1, next_attempt_at: new Date(t0 + MINUTE).toISOString() });
    expect(first!.last_error).toMatch(/SMTP refused/);

    // Still down a minute later: attempt 2 fails, and waits longer (5 minutes).
    await withEnv(down, () => runMailSweep(t0 + MINUTE));
    const second = (await withEnv(down, () => mailAttempts(id, 'confirmation'))).map((a) => [a.attempts, a.status]);
    expect(second).toEqual([
      [1, 'retried'],
      [2, 'failed'],
    ]);

    const up = netlifyEnv(smtp.url);
    await withEnv(up, () => runMailSweep(t0 + 2 * MINUTE)); // not due yet
    expect(caught(smtp, 'ada.down@example.com')).toHaveLength(0);
    await Promise.all([withEnv(up, () => runMailSweep(t0 + 6 * MINUTE)), withEnv(up, () => runMailSweep(t0 + 6 * MINUTE))]);
    await withEnv(up, () => runMailSweep(t0 + 3 * 3_600_000));
    expect(caught(smtp, 'ada.down@example.com')).toHaveLength(1);
    expect((await withEnv(up, () => mailAttempts(id, 'confirmation'))).map((a) => a.status)).toEqual(['retried', 'retried', 'sent']);
    const log = (await handOffs(server)).filter((e) => e.registrationId === id).map((e) => [e.action, e.result.split(':')[0]]);
    expect(log.sort()).toEqual([
      ['confirmation.mail', 'sent (SMTP)'],
      ['confirmation.mail.failed', 'failed, retried later'],
    ]);
  });

  it('without SMTP_URL on Netlify is recorded as not configured, and sent once it is', async () => {
    const id = await stored(server, { email: 'ada.unset@example.com' }, { code: (e) => smtp.codeFor(e) });
    const t0 = Date.now();
    expect(await withEnv(netlifyEnv(''), () => sendConfirmationOnce(id, t0))).toBe('not_configured');
    await withEnv(netlifyEnv(''), () => runMailSweep(t0 + DAY)); // still nothing to send with
    expect((await handOffs(server)).filter((e) => e.registrationId === id)).toEqual([
      expect.objectContaining({ action: 'confirmation.mail.not_configured', result: 'not configured (set SMTP_URL); sent once it is' }),
    ]);

    await withEnv(netlifyEnv(smtp.url), () => runMailSweep(t0 + DAY + MINUTE));
    await withEnv(netlifyEnv(smtp.url), () => runMailSweep(t0 + 2 * DAY));
    expect(caught(smtp, 'ada.unset@example.com')).toHaveLength(1);
  });

  it('killed mid-way (the process dies while SMTP hangs) is sent once by the sweep after the claim went stale', async () => {
    const id = await stored(server, { email: 'ada.killed@example.com' }, { code: (e) => smtp.codeFor(e) });
    // An SMTP server that accepts and never answers: the send hangs until the process is killed.
    const sockets = new Set<Socket>();
    const silent: Server = createServer((s) => {
      sockets.add(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const env = netlifyEnv(`smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    const script = `const { sendConfirmationOnce } = await import(${JSON.stringify(join(ROOT, 'netlify/lib/mail/after-registration.ts'))});
await sendConfirmationOnce(${JSON.stringify(id)});`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v ?? ''])) },
      stdio: 'ignore',
    });
    try {
      let claimed = false;
      for (let i = 0; i < 200 && !claimed; i++) {
        claimed = (await withEnv(env, () => mailAttempts(id, 'confirmation'))).some((a) => a.status === 'sending');
        if (!claimed) await new Promise((r) => setTimeout(r, 100));
      }
      expect(claimed).toBe(true);
      await new Promise((r) => setTimeout(r, 300)); // connected to SMTP, waiting for its greeting
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      for (const s of sockets) s.destroy();
      await new Promise((r) => silent.close(r));
    }
    const claimedAt = Date.parse((await withEnv(env, () => mailAttempts(id, 'confirmation')))[0]!.claimed_at);

    const up = netlifyEnv(smtp.url);
    await withEnv(up, () => runMailSweep(claimedAt + 5 * MINUTE)); // it might still be sending: left alone
    expect(caught(smtp, 'ada.killed@example.com')).toHaveLength(0);
    await Promise.all([withEnv(up, () => runMailSweep(claimedAt + 16 * MINUTE)), withEnv(up, () => runMailSweep(claimedAt + 16 * MINUTE))]);
    await withEnv(up, () => runMailSweep(claimedAt + DAY));
    expect(caught(smtp, 'ada.killed@example.com')).toHaveLength(1);
    const attempts = await withEnv(up, () => mailAttempts(id, 'confirmation'));
    expect(attempts.map((a) => [a.$id, a.status])).toEqual([
      [attemptId(id, 'confirmation', 1), 'retried'],
      [attemptId(id, 'confirmation', 2), 'sent'],
    ]);
  });
});
