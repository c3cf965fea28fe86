// A local SMTP server that keeps what it receives: the mail path a store uses, readable by tests.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string; to: string[]; raw: string };
export type SmtpCatcher = {
  url: string;
  mails: CaughtMail[];
  codeFor(email: string): string;
  /** The next message is refused, as a full mailbox would. */
  refuseNext(): void;
  close(): Promise<void>;
};

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refuse = false;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        if (refuse) {
          refuse = false;
          return callback(new Error('mailbox unavailable'));
        }
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
    refuseNext: () => void (refuse = true),
    close: () => new Promise<void>((r) => smtp.close(() => r())),
  };
}
