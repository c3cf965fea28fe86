// server/mail.ts: sends the one-time code. Real SMTP when SMTP_URL is set; otherwise a dev mailbox
// (GET /_dev/mail, newest first) and a console line, so a single machine works with no accounts anywhere.
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; code?: string };
export type StoredMail = MailMessage & { id: number; sentAt: string };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** The dev mailbox, newest first; null when real SMTP is in use. */
  inbox(): StoredMail[] | null;
  describe(): string;
};

const MAILBOX_SIZE = 500;

export function createMailer(opts: { smtpUrl?: string; from: string; log?: (line: string) => void }): Mailer {
  const log = opts.log ?? ((line) => console.log(line));
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      },
      inbox: () => null,
      describe: () => `one-time codes are emailed through ${new URL(opts.smtpUrl!).host}`,
    };
  }
  const box: StoredMail[] = [];
  let next = 1;
  return {
    async send(m) {
      box.unshift({ ...m, id: next++, sentAt: new Date().toISOString() });
      if (box.length > MAILBOX_SIZE) box.length = MAILBOX_SIZE;
      log(`[mail] to ${m.to}: ${m.subject}${m.code ? ` (code ${m.code})` : ''}`);
    },
    inbox: () => box.slice(),
    describe: () => 'one-time codes are printed here and listed at GET /_dev/mail (no SMTP_URL set)',
  };
}
