// The confirmation e-mail through both mail paths of the embedded server: the dev mailbox (GET /_dev/mail lists each
// attachment's name, type and size and the mail's links) and SMTP (a real MIME message, the certificate attached).
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Submission } from '@/shared/contracts/submission';
import { confirmationMail } from '../../netlify/lib/mail/confirmation-message';
import { createMailer } from '../../server/mail';
import { startSmtpCatcher } from '../helpers/smtp-catcher';
import { forSuite, serverForSuite } from '../helpers/suite';

const record: Submission = {
  $id: '674a1b2c3d4e5f6a7b8c',
  $createdAt: '2026-11-25T10:30:01.000Z',
  $updatedAt: '2026-11-25T10:30:01.000Z',
  submitted_at: '2026-11-25T10:30:00.000Z',
  full_name: '王小明',
  email: 'xiaoming@example.com',
  phone: '',
  address: '',
  product_sku: '',
  selected_product: '',
  image_file_id: 'f1',
};

/** The mail as the functions send it, its links under `publicUrl`. */
const mailFor = (publicUrl: string) => confirmationMail({ record, brand: { name: 'Maison Aurelle' }, publicUrl });

describe('the confirmation e-mail in the dev mailbox', () => {
  const server = serverForSuite();

  it('is listed with its attachment (name, type, size) and its links, beside the code e-mails', async () => {
    const mail = await mailFor(server.url);
    await server.mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Your verification code is 123456.', code: '123456' });
    await server.mailer.send(mail);

    const res = await fetch(`${server.url}/_dev/mail`);
    expect(res.status).toBe(200);
    const [newest, code] = (await res.json()) as Record<string, unknown>[];
    expect(newest).toMatchObject({
      to: 'xiaoming@example.com',
      subject: 'Your warranty is registered',
      attachments: [
        {
          filename: 'warranty-certificate-674a1b2c3d4e5f6a7b8c.pdf',
          contentType: 'application/pdf',
          size: mail.attachments[0]!.content.byteLength,
        },
      ],
      links: [`${server.url}/warranties`],
    });
    expect(newest!.text).toContain('Photos of your piece');
    expect(newest!.html).toContain('王小明');
    expect(newest).not.toHaveProperty('code');
    expect(code).toMatchObject({ to: 'ada@example.com', code: '123456', attachments: [], links: [] });
    expect(Object.keys(code!).sort()).toEqual(['attachments', 'code', 'links', 'sentAt', 'subject', 'text', 'to']);
  });
});

describe('the confirmation e-mail over SMTP', () => {
  const smtp = forSuite(startSmtpCatcher, (catcher) => catcher.close());

  it('goes out as text and HTML parts with the certificate attached as a PDF', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Maison <hello@maison.example>', devMailbox: false, log: () => {} });
    const mail = await mailFor('https://warranty.example.com');
    await mailer.send(mail);
    expect(mailer.inbox()).toBeNull();

    expect(smtp.mails).toHaveLength(1);
    const { to, raw } = smtp.mails[0]!;
    expect(to).toEqual(['xiaoming@example.com']);
    expect(raw).toMatch(/^Subject: Your warranty is registered\r?$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/mixed;/m);
    expect(raw).toMatch(/^Content-Type: text\/plain; charset=utf-8\r?$/m);
    expect(raw).toMatch(/^Content-Type: text\/html; charset=utf-8\r?$/m);
    // Folded header lines unfolded (RFC 5322), then the attachment's part: its headers, a blank line, base64.
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    const part = /Content-Type: application\/pdf; name=(\S+)\r?\n((?:[\w-]+: .*\r?\n)*)\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(unfolded);
    expect(part?.[1]).toBe('warranty-certificate-674a1b2c3d4e5f6a7b8c.pdf');
    expect(part?.[2]).toMatch(/Content-Transfer-Encoding: base64/);
    expect(part?.[2]).toMatch(/Content-Disposition: attachment; filename=warranty-certificate-674a1b2c3d4e5f6a7b8c\.pdf/);
    const pdf = Buffer.from(part![3]!.replace(/\s+/g, ''), 'base64');
    expect(new Uint8Array(pdf)).toEqual(mail.attachments[0]!.content);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
  });
});
