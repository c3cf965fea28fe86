// With SMTP_URL set, the one-time code goes out as a real email through SMTP (here a local SMTP server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { startTestServer, type TestServer } from '../helpers/server';
import { webCustomer } from '../helpers/web-customer';
import { startSmtpCatcher, type SmtpCatcher } from '../helpers/smtp-catcher';

describe('code emails over SMTP', () => {
  let smtp: SmtpCatcher;
  let server: TestServer;
  let received: SmtpCatcher['mails'];

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    received = smtp.mails;
    server = await startTestServer({ smtpUrl: smtp.url, mailFrom: 'Maison <codes@maison.example>' });
  });
  afterAll(async () => {
    await server.dispose();
    await smtp.close();
  });

  it('sends the code by email and keeps the dev mailbox closed', async () => {
    const c = webCustomer(server.endpoint);
    const token = await c.as(() => c.account.createEmailToken({ userId: ID.unique(), email: 'ada@example.com' }));
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('codes@maison.example');
    expect(received[0]!.to).toEqual(['ada@example.com']);
    const code = /verification code is (\d{6})/.exec(received[0]!.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const session = await c.as(() => c.account.createSession({ userId: token.userId, secret: code! }));
    expect(session.userId).toBe(token.userId);

    const mailbox = await fetch(`${server.url}/_dev/mail`);
    expect(mailbox.status).toBe(404);
  });

  it('tells the customer to try again when the mail server refuses, and the unsent code does not work', async () => {
    smtp.refuseNext();
    const c = webCustomer(server.endpoint);
    const err = await c
      .as(() => c.account.createEmailToken({ userId: ID.unique(), email: 'bounce@example.com' }))
      .catch((e: unknown) => e as { code: number; message: string });
    expect(err).toMatchObject({ code: 503 });
    expect(
      server.db.prepare("SELECT COUNT(*) AS n FROM tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'bounce@example.com'").get(),
    ).toEqual({ n: 0 });
  });
});
