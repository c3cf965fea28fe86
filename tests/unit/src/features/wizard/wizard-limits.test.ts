// The server's limits on the steps where each field is typed, and a set-aside registration reopened on the step at
// fault with what it held.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/db/types';
import { queuedEntry } from '@/db/queued-entry';
import { addressParts, draftValuesOf, phoneParts, stepAtFault } from '@/features/wizard/reopen';
import { LIMIT_MESSAGES } from '@/features/wizard/wizard.limits';
import { emptyDraft, settle, startWizard, wizardAt } from './fakes';
import { registrationFields } from '../../../../helpers/fixtures';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

fakeTimersInEachTest();

const NAME_LIMIT = 'Your full name must be 255 characters or fewer.';

describe('limits on the step where they are typed', () => {
  it('step 1 refuses a name longer than 255 characters and keeps it', async () => {
    const w = await wizardAt(1);
    const long = 'A'.repeat(452);
    w.type('fullName', long);
    w.send({ type: 'step.next' });
    expect(w.ctx()).toMatchObject({ step: 1, error: NAME_LIMIT });
    expect(w.ctx().fields.fullName).toBe(long);
    // 255 after trimming goes on, as the server stores it.
    w.type('fullName', ` ${'A'.repeat(255)} `);
    w.send({ type: 'step.next' });
    expect(w.ctx().step).toBe(2);
  });

  it('step 2 refuses an address longer than the server takes before sending a code', async () => {
    const w = await wizardAt(2);
    w.type('email', `${'a'.repeat(320)}@example.com`);
    w.send({ type: 'code.send' });
    await settle();
    expect(w.ctx()).toMatchObject({ step: 2, error: 'Your email address must be 320 characters or fewer.' });
    expect(w.spies.sendCode).not.toHaveBeenCalled();
  });

  it('step 5 refuses an address that comes to more than 1024 characters', async () => {
    const w = await wizardAt(5);
    w.type('addressLine1', '12 Elm St');
    w.type('addressLine2', 'x'.repeat(1020));
    Object.entries({ city: 'Springfield', state: 'IL', zip: '62701' }).forEach(([f, v]) => w.type(f as 'city', v));
    w.send({ type: 'step.next' });
    expect(w.ctx()).toMatchObject({ step: 5, error: LIMIT_MESSAGES.address });
  });

  it('step 6 refuses a product search that would be stored longer than 4096 characters', async () => {
    const w = await wizardAt(6);
    w.send({ type: 'photos.add', files: [new File(['x'], 'ring.jpg', { type: 'image/jpeg' })] });
    await settle();
    w.type('productQuery', 'x'.repeat(4097));
    w.send({ type: 'registration.submit' });
    await settle();
    expect(w.ctx()).toMatchObject({ step: 6, error: LIMIT_MESSAGES.product_sku });
    expect(w.spies.submitRegistration).not.toHaveBeenCalled();
    w.type('productQuery', 'x'.repeat(4096));
    w.send({ type: 'registration.submit' });
    await settle();
    expect(w.spies.submitRegistration).toHaveBeenCalledTimes(1);
  });

  it('a draft reopened on a step whose field is over its limit says so at once', async () => {
    const w = startWizard({ loadDraft: async () => emptyDraft({ step: 1, values: { fullName: 'A'.repeat(300), fixingEntryId: 'e9' } }) });
    await settle();
    expect(w.ctx()).toMatchObject({ step: 1, error: NAME_LIMIT, fixingEntryId: 'e9' });
  });

  it('submitting a fix replaces the set-aside record', async () => {
    const w = startWizard({
      loadDraft: async () =>
        emptyDraft({ step: 6, userId: 'u1', isVerified: true, values: { fullName: 'Ada', email: 'ada@example.com', fixingEntryId: 'e9' } }),
    });
    await settle();
    w.send({ type: 'product.select', id: '3' });
    w.send({ type: 'registration.submit' });
    await settle();
    expect(w.spies.submitRegistration).toHaveBeenCalledWith(expect.objectContaining({ replaces: 'e9', entryId: null }));
    expect(w.ctx()).toMatchObject({ step: 7, fixingEntryId: null, registeredEmail: 'ada@example.com' });
  });
});

const entry = (over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  ...queuedEntry({
    id: 'e9',
    userId: 'u1',
    fields: registrationFields(),
    submittedAt: '2026-01-01T00:00:00.000Z',
    files: [{ fileId: 'f1', draftFileId: 'p1', uploaded: false }],
    createdAt: 0,
  }),
  ...over,
});

describe('a set-aside registration reopened', () => {
  it('opens on the step where the field over its limit is typed, else on the last step', () => {
    expect(stepAtFault(entry({ fields: registrationFields({ full_name: 'A'.repeat(452) }) }))).toBe(1);
    expect(stepAtFault(entry({ fields: registrationFields({ email: `${'a'.repeat(330)}@x.co` }) }))).toBe(2);
    expect(stepAtFault(entry({ fields: registrationFields({ address: 'x'.repeat(1100) }) }))).toBe(5);
    expect(stepAtFault(entry({ lastError: 'Invalid document structure: Attribute "email" has invalid format.' }))).toBe(2);
    expect(stepAtFault(entry())).toBe(6);
  });

  it('keeps everything it held, so it is stored as it was when nothing is changed', () => {
    const fields = registrationFields({ phone: '+44 7911123456', address: '9 Oak Avenue, Apt 2, Springfield, IL, 62701, United States' });
    expect(draftValuesOf(entry({ fields }))).toMatchObject({
      fullName: fields.full_name,
      email: fields.email,
      phoneCountry: 'GB',
      phone: '7911123456',
      addressLine1: '9 Oak Avenue',
      addressLine2: 'Apt 2',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      productQuery: fields.product_sku,
      fixingEntryId: 'e9',
      confirmLater: false,
    });
  });

  it('reads an address it cannot split as one line, taken as a whole', () => {
    expect(addressParts('Somewhere far, United States')).toEqual({
      addressLine1: 'Somewhere far',
      addressLine2: '',
      city: '',
      state: '',
      zip: '',
      placeChosen: true,
    });
    expect(phoneParts('5551234567')).toEqual({ phoneCountry: 'US', phone: '5551234567' });
  });
});
