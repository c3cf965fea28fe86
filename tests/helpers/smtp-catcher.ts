// A local SMTP server that keeps what it receives: the mail path a store uses, readable by tests.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: string };
export type SmtpCatcher = { url: string; mails: CaughtMail[]; codeFor(email: string): string; close(): Promise<void> };

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    mails,
    codeFor(email) {
      const mail = [...mails].reverse().find((m) => m.to.includes(email.toLowerCase()));
      const code = mail && /verification code is (\d{6})/.exec(mail.raw)?.[1];
      if (!code) throw new Error(`no code was mailed to ${email}`);
      return code;
    },
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
