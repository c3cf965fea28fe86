// "Update on your claim {number}": the number, the product, the status in the customer's words, the question, reason
// or resolution, and the link to /warranties, in text and HTML, staff's words made safe for HTML.
import { describe, expect, it } from 'vitest';
import { claimUpdateMail, type ClaimUpdate } from '../../../../../netlify/lib/mail/claim-update-message';
import { mailsCustomer } from '../../../../../netlify/lib/mail/claim-update';

const update = (over: Partial<ClaimUpdate> = {}): ClaimUpdate => ({
  to: 'ada@example.com',
  number: 'C-7KQ2MX',
  products: ['Aurora Pendant (SKU PND-2000-YG)'],
  action: 'ask',
  status: 'needs_information',
  message: 'Which side of the clasp broke?',
  resolution: '',
  name: 'Ada Núñez',
  ...over,
});

describe('claimUpdateMail', () => {
  it('says the claim, the product, the status and the question, with the link to /warranties', () => {
    const mail = claimUpdateMail(update(), 'Maison Aurelle', 'https://warranty.example/app');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Update on your claim C-7KQ2MX');
    // The text part whole, as the customer reads it.
    expect(mail.text).toBe(`Hello Ada Núñez,

There is an update on your claim C-7KQ2MX.

Product:
- Aurora Pendant (SKU PND-2000-YG)

Status: Needs information
Our question: Which side of the clasp broke?

Reply on your warranties page:
https://warranty.example/app/warranties

Maison Aurelle
`);
    expect(mail.html).toContain('<a href="https://warranty.example/app/warranties">');
  });

  it('gives the resolution of an approval, the reason of a denial, and nothing more for the other steps', () => {
    const approved = claimUpdateMail(
      update({ action: 'approve', status: 'approved', message: '', resolution: 'store_credit' }),
      'M',
      'https://w.example',
    );
    expect(approved.text).toContain('Status: Approved\nResolution: Store credit\n');
    const denied = claimUpdateMail(update({ action: 'deny', status: 'denied', message: 'The chain was cut.' }), 'M', 'https://w.example');
    expect(denied.text).toContain('Status: Denied\nReason: The chain was cut.\n');
    for (const [action, status, label] of [
      ['ready', 'ready_for_pickup', 'Ready for pickup'],
      ['close', 'closed', 'Closed'],
    ] as const) {
      const mail = claimUpdateMail(update({ action, status, message: '' }), 'M', 'https://w.example');
      expect(mail.text).toContain(`Status: ${label}\n\nSee your claim on your warranties page:`);
    }
  });

  it('makes staff words and names safe for HTML, keeping line breaks', () => {
    const mail = claimUpdateMail(update({ message: 'Is it <b>gold</b>?\nAnd "the" stone?', name: '<img>' }), 'M', 'https://w.example');
    expect(mail.html).toContain('Is it &lt;b&gt;gold&lt;/b&gt;?<br>And &quot;the&quot; stone?');
    expect(mail.html).not.toContain('<img>');
  });
});

describe('mailsCustomer', () => {
  it('is every staff step the customer sees: never a note, the customer’s reply or the opening', () => {
    for (const action of ['ask', 'approve', 'deny', 'ready', 'close'] as const)
      expect(mailsCustomer({ action, by_role: 'staff' })).toBe(true);
    expect(mailsCustomer({ action: 'note', by_role: 'staff' })).toBe(false);
    expect(mailsCustomer({ action: 'reply', by_role: 'customer' })).toBe(false);
    expect(mailsCustomer({ action: 'submitted', by_role: 'staff' })).toBe(false);
  });
});
