// Sends the one-time code. Real SMTP when SMTP_URL is set. The dev mailbox (GET /_dev/mail, newest first, and a
// console line with the code) is kept only when the configuration allows it (config.devMailbox): on a single machine
// that no proxy or public URL exposes. Codes are never printed otherwise.
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; code?: string };
export type StoredMail = MailMessage & { id: number; sentAt: string };

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** The dev mailbox, newest first; null when it is off. */
  inbox(): StoredMail[] | null;
  describe(): string;
};

const MAILBOX_SIZE = 500;

export function createMailer(opts: { smtpUrl?: string; from: string; devMailbox: boolean; log?: (line: string) => void }): Mailer {
  const log = opts.log ?? ((line) => console.log(line));
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const box: StoredMail[] | null = opts.devMailbox ? [] : null;
  let next = 1;
  const where = [
    transport ? `emailed through ${new URL(opts.smtpUrl!).host}` : '',
    box ? 'printed here and listed at GET /_dev/mail (dev mailbox on: this machine only; DEV_MAILBOX=off turns it off)' : '',
  ].filter(Boolean);
  return {
    async send(m) {
      if (transport) await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text });
      if (box) {
        box.unshift({ ...m, id: next++, sentAt: new Date().toISOString() });
        if (box.length > MAILBOX_SIZE) box.length = MAILBOX_SIZE;
        log(`[mail] to ${m.to}: ${m.subject}${m.code ? ` (code ${m.code})` : ''}`);
      }
    },
    inbox: () => (box ? box.slice() : null),
    describe: () => `one-time codes are ${where.join(', and ')}`,
  };
}
