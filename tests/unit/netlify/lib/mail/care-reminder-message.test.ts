// "Time for a free cleaning and check": since when (the last visit, or the registration), the products, the coverage
// and the link to /warranties, in text and HTML.
import { describe, expect, it } from 'vitest';
import { careReminderMail } from '../../../../../netlify/lib/mail/care-reminder-message';
import { submission } from '../../../../helpers/fixtures';
import { expectEach } from '../../../../helpers/contains';

const record = submission({ full_name: 'Rosa <Care>', email: 'rosa@example.com', submitted_at: '2026-01-15T10:00:00.000Z' });

describe('careReminderMail', () => {
  it('says since the registration, the products, "Covered until" and the link', () => {
    const mail = careReminderMail(record, { date: new Date(record.submitted_at), visit: false }, 6, 'Maison Aurelle', 'https://w.example');
    expect([mail.to, mail.subject]).toEqual(['rosa@example.com', 'Time for a free cleaning and check']);
    expectEach(mail.text, [
      'Hello Rosa <Care>,',
      'It has been 6 months since you registered your purchase with Maison Aurelle, on 15 January 2026.',
      'free cleaning and check',
      '- Aurora Pendant',
      'Covered until 15 January 2027',
      'https://w.example/warranties',
    ]);
    expect(mail.html).toContain('Hello Rosa &lt;Care&gt;,');
  });

  it('says since the last visit when there was one', () => {
    const mail = careReminderMail(record, { date: new Date('2026-03-02T09:00:00.000Z'), visit: true }, 1, 'M', 'https://w.example');
    expect(mail.text).toContain('It has been 1 month since your last visit to us, on 2 March 2026.');
  });
});
