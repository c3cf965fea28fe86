// With SMTP_URL set, the one-time code goes out as a real email through SMTP (here a local SMTP server).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { ID } from 'appwrite';
import { startTestServer, type TestServer } from '../helpers/server';
import { webCustomer } from '../helpers/web-customer';

describe('code emails over SMTP', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let server: TestServer;
  let failNext = false;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
        stream.on('end', () => {
          if (failNext) {
            failNext = false;
            return callback(new Error('mailbox unavailable'));
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as AddressInfo).port;
    server = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Maison <codes@maison.example>' });
  });
  afterAll(async () => {
    await server.dispose();
    await new Promise<void>((r) => smtp.close(() => r()));
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
    failNext = true;
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
