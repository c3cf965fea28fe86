// Sends e-mail: the one-time codes, and any message with an HTML part and attachments (the confirmation e-mail and
// its certificate). Real SMTP when SMTP_URL is set. The dev mailbox (GET /_dev/mail, newest first, and a console
// line per mail with the code) is kept only when the configuration allows it (config.devMailbox): on a single
// machine that no proxy or public URL exposes. Codes are never printed otherwise. The mailbox keeps what a person
// checks (text, HTML, links, each attachment's name, type and size), not the attachments' bytes.
import nodemailer from 'nodemailer';

export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  code?: string;
  attachments?: MailAttachment[];
};

export type StoredMail = Omit<MailMessage, 'attachments'> & {
  id: number;
  sentAt: string;
  attachments: { filename: string; contentType: string; size: number }[];
  /** The http(s) links of the text part, in order, each once. */
  links: string[];
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** The dev mailbox, newest first; null when it is off. */
  inbox(): StoredMail[] | null;
  describe(): string;
};

const MAILBOX_SIZE = 500;

/**
 * The http(s) links in a text, as a mail client would make them clickable: up to whitespace or an angle bracket or
 * quote, without the sentence's closing punctuation (a closing parenthesis stays when the link opened one).
 */
export function linksIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s<>"'`]+/gi)) {
    let link = match[0];
    for (;;) {
      const trimmed = link.replace(/[.,;:!?]+$/, '');
      const open = (trimmed.match(/\(/g) ?? []).length;
      const close = (trimmed.match(/\)/g) ?? []).length;
      const next = trimmed.endsWith(')') && close > open ? trimmed.slice(0, -1) : trimmed;
      if (next === link) break;
      link = next;
    }
    if (!found.includes(link)) found.push(link);
  }
  return found;
}

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
      const attachments = m.attachments ?? [];
      if (transport) {
        await transport.sendMail({
          from: opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          ...(attachments.length
            ? {
                attachments: attachments.map((a) => ({
                  filename: a.filename,
                  contentType: a.contentType,
                  content: Buffer.from(a.content),
                })),
              }
            : {}),
        });
      }
      if (box) {
        const { attachments: _bytes, ...fields } = m;
        box.unshift({
          ...fields,
          id: next++,
          sentAt: new Date().toISOString(),
          attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.byteLength })),
          links: linksIn(m.text),
        });
        if (box.length > MAILBOX_SIZE) box.length = MAILBOX_SIZE;
        const extras = [m.code ? `code ${m.code}` : '', ...attachments.map((a) => a.filename)].filter(Boolean);
        log(`[mail] to ${m.to}: ${m.subject}${extras.length ? ` (${extras.join(', ')})` : ''}`);
      }
    },
    inbox: () => (box ? box.slice() : null),
    describe: () => `one-time codes are ${where.join(', and ')}`,
  };
}
