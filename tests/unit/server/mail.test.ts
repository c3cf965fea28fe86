// The mailer's dev mailbox: what it keeps of each mail (attachments by name, type and size; the links of the text).
import { describe, expect, it } from 'vitest';
import { createMailer, linksIn } from '../../../server/mail';

describe('links of a mail', () => {
  it('finds each http(s) link once, without the sentence punctuation around it', () => {
    const text = [
      'See your warranties: https://warranty.example.com/warranties.',
      '(details at https://example.com/care), or http://localhost:8888/warranties?x=1&y=2#top!',
      'Again: https://warranty.example.com/warranties',
      'A wiki page https://en.wikipedia.org/wiki/Ring_(jewellery) and <https://example.com/angle>',
      'Not links: ftp://example.com, javascript:alert(1), www.example.com',
    ].join('\n');
    expect(linksIn(text)).toEqual([
      'https://warranty.example.com/warranties',
      'https://example.com/care',
      'http://localhost:8888/warranties?x=1&y=2#top',
      'https://en.wikipedia.org/wiki/Ring_(jewellery)',
      'https://example.com/angle',
    ]);
    expect(linksIn('Your verification code is 123456.')).toEqual([]);
  });
});

describe('the dev mailbox', () => {
  it('keeps each attachment as name, type and size, the links and the HTML part, newest first', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: 'x@example.com', devMailbox: true, log: (l) => lines.push(l) });
    await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Your verification code is 123456.', code: '123456' });
    const pdf = new Uint8Array(2048).fill(7);
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Your warranty is registered',
      text: 'Hello Ada,\nhttps://warranty.example.com/warranties\n',
      html: '<p>Hello Ada</p>',
      attachments: [{ filename: 'warranty-certificate-abc.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const [confirmation, code] = mailer.inbox()!;
    expect(confirmation).toMatchObject({
      to: 'ada@example.com',
      subject: 'Your warranty is registered',
      html: '<p>Hello Ada</p>',
      attachments: [{ filename: 'warranty-certificate-abc.pdf', contentType: 'application/pdf', size: 2048 }],
      links: ['https://warranty.example.com/warranties'],
    });
    expect(JSON.stringify(confirmation)).not.toContain('"content"');
    expect(code).toMatchObject({ code: '123456', attachments: [], links: [] });
    expect(lines.at(-1)).toBe('[mail] to ada@example.com: Your warranty is registered (warranty-certificate-abc.pdf)');
  });
});
