// The trust boundary attacked from outside, as the review attacked it: what a customer writes to /v1 is a claim,
// and no function acts on it. Each test performs an attack with the unmodified SDKs and plain HTTP, run directly
// and behind a reverse proxy (TRUST_PROXY=1, an https PUBLIC_URL, SMTP), and shows it refused.
import { ID } from 'appwrite';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Submission } from '@/shared/contracts/submission';
import { coveredUntil, formatDate } from '@/shared/warranty';
import { withEnv } from '../../netlify/lib/env';
import { runMailSweep } from '../../netlify/lib/mail/sweep';
import { uploadPhoto } from '../helpers/claims';
import { admin, confirmLink, enrol, linkMails, mailbox, photoBody, registrationBody } from '../helpers/counters';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { makeJpeg, registration } from '../helpers/fixtures';
import { handOffs } from '../helpers/hand-offs';
import { startReverseProxy } from '../helpers/reverse-proxy';
import type { TestServer } from '../helpers/server';
import { startSmtpCatcher } from '../helpers/smtp-catcher';
import { startWithStaff } from '../helpers/staff';

const DB = { databaseId: 'warranty', collectionId: 'submissions' };
const DAY = 86_400_000;
const CONFIRMATION = 'Your warranty is registered';
const REMINDER = 'Your warranty ends soon';
const LINK = 'Confirm your warranty registration';

/** How a test reaches the server: directly, or through a reverse proxy with an https PUBLIC_URL and SMTP. */
type Mode = {
  base: string;
  server: TestServer;
  staff: string;
  signIn(email: string): Promise<Customer>;
  /** How many mails with `subject` went to `to`. */
  sent(to: string, subject: string): Promise<number>;
  /** The keys of the confirmation links mailed to `to`, newest first. */
  linkKeys(to: string): Promise<string[]>;
  stop(): Promise<void>;
};

const modes: { name: string; start(): Promise<Mode> }[] = [
  {
    name: 'run directly',
    async start() {
      const { server, token } = await startWithStaff();
      return {
        base: server.url,
        server,
        staff: token,
        signIn: (email) => signedInCustomer(server, email),
        sent: async (to, subject) => (await mailbox(server)).filter((m) => m.to === to && m.subject === subject).length,
        linkKeys: async (to) => (await linkMails(server, to)).map((mail) => confirmLink(mail).key),
        stop: () => server.dispose(),
      };
    },
  },
  {
    name: 'behind a reverse proxy (TRUST_PROXY=1, an https PUBLIC_URL)',
    async start() {
      const smtp = await startSmtpCatcher();
      const { server, token } = await startWithStaff({ publicUrl: 'https://warranty.example', trustProxy: 1, smtpUrl: smtp.url });
      const proxy = await startReverseProxy(server.url, { publicHost: 'warranty.example', proto: 'https' });
      return {
        base: proxy.url,
        server,
        staff: token,
        signIn: (email) => signedInCustomer({ url: proxy.url, endpoint: `${proxy.url}/v1` }, email, smtp.codeFor),
        sent: async (to, subject) =>
          smtp.mails.filter((m) => m.to.includes(to) && new RegExp(`^Subject: ${subject}\\r?$`, 'm').test(m.raw)).length,
        linkKeys: async (to) =>
          smtp.mails
            .filter((m) => m.to.includes(to))
            .reverse()
            .flatMap((m) =>
              [
                ...m.raw
                  .replace(/=\r?\n/g, '')
                  .replace(/=3D/g, '=')
                  .matchAll(/[?&]key=([A-Za-z0-9_-]+)/g),
              ].map((k) => k[1]!),
            )
            .filter((k, i, all) => all.indexOf(k) === i),
        async stop() {
          await proxy.close();
          await server.dispose();
          await smtp.close();
        },
      };
    },
  },
];

const jwtOf = async (c: Customer) => (await c.as(() => c.account.createJWT())).jwt;

describe.each(modes)('what a customer writes is a claim, $name', ({ start }) => {
  let m: Mode;
  beforeAll(async () => {
    m = await start();
  });
  afterAll(() => m.stop());

  const call = (name: string, init: { body?: unknown; jwt?: string; auth?: string; query?: string } = {}) =>
    fetch(`${m.base}/.netlify/functions/${name}${init.query ?? ''}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.jwt ? { 'X-Appwrite-JWT': init.jwt } : {}),
        ...(init.auth ? { Authorization: `Bearer ${init.auth}` } : {}),
        ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });

  /** The registration as staff see it (getAppwriteSubmissions). */
  const staffRow = async (id: string): Promise<Submission> => {
    const rows = (await (await call('getAppwriteSubmissions', { auth: m.staff })).json()) as Submission[];
    const row = rows.find((r) => r.$id === id);
    if (!row) throw new Error(`staff do not see ${id}`);
    return row;
  };

  /** A document written straight to /v1 by `c`, with whatever it claims (and `permissions`, when given). */
  const forge = (c: Customer, data: Record<string, unknown>, permissions?: string[]) =>
    c.as(() =>
      c.databases.createDocument({ ...DB, documentId: ID.unique(), data: registration(data), ...(permissions ? { permissions } : {}) }),
    );

  const sweepAt = (t: number) => withEnv(m.server.functionsEnv(), () => runMailSweep(t));

  it("takes over no account by its e-mail address: no link goes out for a registration naming someone else's account", async () => {
    const victim = await m.signIn('victim.takeover@example.com');
    await createRegistration(victim);
    const attacker = await m.signIn('attacker.takeover@example.com');
    // Asking for a code answers the victim's existing account id, as Appwrite does.
    const { userId } = await attacker.as(() => attacker.account.createEmailToken({ userId: ID.unique(), email: victim.email }));
    expect(userId).toBe(victim.userId);

    const owned = await forge(attacker, { user_id: victim.userId, email: attacker.email, status: 'pending' });
    const unowned = await forge(attacker, { user_id: victim.userId, email: attacker.email, status: 'pending' }, []);
    for (const doc of [owned, unowned]) {
      // The page of an expired link, in its old form (naming the account) and its new one.
      expect((await call('renewConfirmation', { body: { id: doc.$id, userId: victim.userId } })).status).toBe(200);
      expect((await call('renewConfirmation', { body: { id: doc.$id } })).status).toBe(200);
    }
    expect(await m.sent(attacker.email, LINK)).toBe(0);
    expect((await staffRow(unowned.$id)).flags).toEqual([expect.stringMatching(/owned by no account: check it with the customer/)]);
    // Staff's "Resend link": the attacker's own registration is confirmed already; the one nobody owns, once staff
    // vouch for it, gets a link to its own address that opens the account of that address and no other.
    const resendOwned = await call('resendConfirmationLink', { body: { id: owned.$id }, auth: m.staff });
    expect([resendOwned.status, ((await resendOwned.json()) as { error: string }).error]).toEqual([409, 'Already confirmed.']);
    expect((await call('resendConfirmationLink', { body: { id: unowned.$id }, auth: m.staff })).status).toBe(200);
    expect(await m.sent(victim.email, LINK)).toBe(0);
    const [key] = await m.linkKeys(attacker.email);
    expect(key).toBeDefined();
    const opened = await call('openConfirmationLink', { body: { registration: unowned.$id, key } });
    expect(opened.status).toBe(200);
    expect(((await opened.json()) as { userId: string }).userId).toBe(attacker.userId);
    // Staff see what the registration claims and the server does not believe.
    expect((await staffRow(owned.$id)).flags).toEqual(
      expect.arrayContaining([expect.stringMatching(/user_id\) is not the account that owns it/), expect.stringMatching(/"pending"/)]),
    );
  });

  it("moves no one else's photo: confirming a registration that names another customer's file changes nothing", async () => {
    const owner = await m.signIn('photo.owner@example.com');
    const fileId = await uploadPhoto(owner, 'ring.jpg');
    await createRegistration(owner, { image_file_id: fileId });
    const thief = await m.signIn('photo.thief@example.com');
    const jwt = await jwtOf(thief);
    const own = await forge(thief, { user_id: thief.userId, email: thief.email, status: 'pending', image_file_id: fileId });
    const unowned = await forge(thief, { user_id: thief.userId, email: thief.email, status: 'pending', image_file_id: fileId }, []);

    expect((await call('confirmRegistration', { body: { id: unowned.$id }, jwt })).status).toBe(404);
    await call('confirmRegistration', { body: { id: own.$id }, jwt });
    await call('sendToShopify', { body: { $id: own.$id }, jwt });

    const view = (c: Customer) =>
      c
        .as(() => c.storage.getFile({ bucketId: 'images', fileId }))
        .then(
          () => 200,
          (e: { code: number }) => e.code,
        );
    expect(await view(thief)).toBe(404);
    expect(await view(owner)).toBe(200);
    const file = await admin(m.server).storage.getFile({ bucketId: 'images', fileId });
    expect(file.$permissions).toEqual([`read("user:${owner.userId}")`]);
  });

  it("mails no one else, and hands no one else to Shopify: a registration naming another customer's address", async () => {
    const victim = await m.signIn('victim.mail@example.com');
    const attacker = await m.signIn('attacker.mail@example.com');
    const jwt = await jwtOf(attacker);
    const forged = await forge(attacker, { user_id: attacker.userId, email: victim.email, full_name: 'Pay at evil.example' });
    const pending = await forge(attacker, { user_id: attacker.userId, email: victim.email, status: 'pending' }, []);

    expect((await call('sendToShopify', { body: { $id: forged.$id }, jwt })).status).toBe(404);
    expect((await call('confirmRegistration', { body: { id: forged.$id }, jwt })).status).toBe(200); // the attacker's own
    expect((await call('confirmRegistration', { body: { id: pending.$id }, jwt })).status).toBe(404);
    const resend = await call('resendConfirmation', { body: { id: forged.$id }, auth: m.staff });
    expect(resend.status).toBe(409);
    expect(((await resend.json()) as { error: string }).error).toMatch(/not the address its customer verified/);
    // The reminder sweep, now and with the clock moved to the end of coverage, sends the victim nothing either.
    await sweepAt(Date.now());
    await sweepAt(coveredUntil(new Date()).getTime() - 20 * DAY);

    expect(await m.sent(victim.email, CONFIRMATION)).toBe(0);
    expect(await m.sent(victim.email, REMINDER)).toBe(0);
    expect(await m.sent(victim.email, LINK)).toBe(0);
    const log = (await handOffs(m.server)).filter((e) => e.registrationId === forged.$id || e.registrationId === pending.$id);
    expect(log.filter((e) => e.action.startsWith('customer.upsert'))).toEqual([]);

    // The victim's own registration still gets its mails: the rule refuses claims, not customers.
    const own = await createRegistration(victim);
    expect((await call('sendToShopify', { body: { $id: own.$id }, jwt: await jwtOf(victim) })).status).toBe(200);
    expect(await m.sent(victim.email, CONFIRMATION)).toBe(1);
    await sweepAt(coveredUntil(new Date()).getTime() - 20 * DAY);
    expect(await m.sent(victim.email, REMINDER)).toBe(1);
  });

  it('writes status, store and the registration date itself: a customer dating a registration years ahead is not believed', async () => {
    const customer = await m.signIn('dates.ahead@example.com');
    const arrived = new Date();
    const doc = await forge(customer, {
      user_id: customer.userId,
      email: customer.email,
      full_name: 'Dora Ahead',
      submitted_at: '2029-11-25T10:00:00.000Z',
      store: 'Maison Paris',
      status: 'pending',
    });
    const jwt = await jwtOf(customer);
    expect((await call('sendToShopify', { body: { $id: doc.$id }, jwt })).status).toBe(200);

    const row = await staffRow(doc.$id);
    expect(row).toMatchObject({ status: 'confirmed', store: '' });
    expect(Date.parse(row.submitted_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(row.submitted_at)).toBeGreaterThanOrEqual(arrived.getTime() - 60_000);
    expect(row.flags).toEqual(
      expect.arrayContaining([expect.stringMatching(/^The device dated it 25 November 2029, outside the 30 days/)]),
    );

    const pdf = await call('warrantyCertificate', { query: `?id=${doc.$id}`, jwt });
    expect(pdf.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'certificate-')), 'c.pdf');
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`Covered until ${formatDate(coveredUntil(row.submitted_at))}`);
    expect(text).not.toContain('2030');
    expect(text).not.toContain('Maison Paris');
    // Once received, the customer can no longer rewrite what the server wrote.
    const rewrite = await customer
      .as(() => customer.databases.updateDocument({ ...DB, documentId: doc.$id, data: { store: 'Maison Paris' } }))
      .then(
        () => 200,
        (e: { code: number }) => e.code,
      );
    expect(rewrite).toBe(401);
  });

  it("takes a counter's store from its enrolment, and clamps a counter's date too", async () => {
    const counter = await enrol(m.server, m.staff, 'Maison Lyon');
    // A registration verified by code at the counter: the customer's own, with the counter's token beside it.
    const customer = await m.signIn('at.the.counter@example.com');
    const doc = await forge(customer, { user_id: customer.userId, email: customer.email, store: 'Not a store' });
    const res = await fetch(`${m.base}/.netlify/functions/sendToShopify`, {
      method: 'POST',
      headers: { 'X-Appwrite-JWT': await jwtOf(customer), Authorization: `Bearer ${counter.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ $id: doc.$id }),
    });
    expect(res.status).toBe(200);
    expect(await staffRow(doc.$id)).toMatchObject({ store: 'Maison Lyon', status: 'confirmed' });

    // A counter sending a registration dated 2035.
    const body = registrationBody({ email: 'dated.2035@example.com', submitted_at: '2035-01-01T00:00:00.000Z' });
    expect((await call('submitFromCounter', { body, auth: counter.token })).status).toBe(200);
    const row = await staffRow(body.registration.id);
    expect(row).toMatchObject({ store: 'Maison Lyon', status: 'pending' });
    expect(Date.parse(row.submitted_at)).toBeLessThanOrEqual(Date.now());
    expect(row.flags).toEqual([expect.stringMatching(/^The device dated it 1 January 2035/)]);
  });

  it("tells a counter nothing about which registrations and files exist: someone else's ids answer as new ones do", async () => {
    const counter = await enrol(m.server, m.staff, 'Maison Nice');
    const someone = await m.signIn('existing.ids@example.com');
    const theirs = await createRegistration(someone);
    const jpeg = await makeJpeg();
    const fileId = ID.unique();
    await someone.as(() =>
      someone.storage.createFile({ bucketId: 'images', fileId, file: new File([jpeg], 'a.jpg', { type: 'image/jpeg' }) }),
    );
    const answer = async (body: unknown) => {
      const res = await call('submitFromCounter', { body, auth: counter.token });
      const json = (await res.json()) as Record<string, unknown>;
      return { status: res.status, body: { ...json, id: 'the id sent' } };
    };
    const existingDoc = await answer(registrationBody({ id: theirs.$id, email: 'probe@example.com' }));
    const newDoc = await answer(registrationBody({ email: 'probe@example.com' }));
    expect(existingDoc).toEqual(newDoc);
    const existingFile = await answer(photoBody(fileId, jpeg));
    const newFile = await answer(photoBody(ID.unique(), jpeg));
    expect(existingFile).toEqual(newFile);
    // And someone else's registration is left exactly as it was.
    const after = await admin(m.server).databases.getDocument({ ...DB, documentId: theirs.$id });
    expect(after.email).toBe(someone.email);
  });
});
