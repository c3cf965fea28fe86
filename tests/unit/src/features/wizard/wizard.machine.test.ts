// Every rule of the wizard machine, driven through fake calls and fake timers.
import { describe, expect, it } from 'vitest';
import { wizardView } from '@/features/wizard/wizard.view';
import { MESSAGES } from '@/features/wizard/wizard.rules';
import { emptyDraft, settle, startWizard, wizardAt, type Fakes, type Wizard } from './fakes';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

fakeTimersInEachTest();

const appwriteError = (code: number, type: string, message: string) => Object.assign(new Error(message), { code, type });

/** A wizard started from a stored draft (these fields over an empty one). */
async function restored(draft: Parameters<typeof emptyDraft>[0], over: Partial<Fakes> = {}) {
  const w = startWizard({ loadDraft: async () => emptyDraft(draft), ...over });
  await settle();
  return w;
}

/** Types the code on step 3 and verifies it, with the calls settled. */
async function verifyWith(w: Wizard, code: string) {
  w.type('code', code);
  w.send({ type: 'code.verify' });
  await settle();
}

/** Types the email on step 2 and sends the code, with the calls settled. */
async function sendCodeTo(w: Wizard, email: string) {
  w.type('email', email);
  w.send({ type: 'code.send' });
  await settle();
}

/** Selects a product on step 6 and submits. */
async function submitWithProduct(w: Wizard) {
  w.send({ type: 'product.select', id: '3' });
  w.send({ type: 'registration.submit' });
  await settle();
}

/** Asks for a new code from step 2 and verifies it, past the 1.5 s notice. */
async function verifyAgain(w: Wizard) {
  w.send({ type: 'code.send' });
  await settle();
  w.type('code', '654321');
  w.send({ type: 'code.verify' });
  await settle(1500);
}

describe('wizardMachine: start and restore', () => {
  it('starts at step 1 when no draft is stored', async () => {
    const w = await wizardAt(1);
    expect(w.ctx().step).toBe(1);
    expect(w.snap().matches({ flow: 'enteringName' })).toBe(true);
  });

  it('restores the fields and the step of a stored draft', async () => {
    const w = startWizard({
      loadDraft: async () =>
        emptyDraft({ step: 5, values: { fullName: 'Ada', email: 'ada@example.com', phone: '5551234567', addressLine1: '12 Elm St' } }),
    });
    await settle();
    expect(w.ctx().step).toBe(5);
    expect(w.ctx().fields).toMatchObject({ fullName: 'Ada', email: 'ada@example.com', phone: '5551234567', addressLine1: '12 Elm St' });
  });

  it('loads the catalog once the customer is past step 1, and shows the results of a restored search', async () => {
    const fresh = startWizard();
    await settle();
    expect(fresh.spies.loadCatalog).not.toHaveBeenCalled();
    fresh.type('fullName', 'Ada');
    fresh.send({ type: 'step.next' });
    await settle();
    expect(fresh.spies.loadCatalog).toHaveBeenCalledOnce();

    const restored = startWizard({ loadDraft: async () => emptyDraft({ step: 6, values: { productQuery: 'rng-3001' } }) });
    await settle();
    expect(restored.spies.loadCatalog).toHaveBeenCalledOnce();
    expect(restored.ctx().results.map((p) => p.title)).toEqual(['Solitaire Ring']);
  });

  it.each([0, 7, 9, Number.NaN])('starts at step 1 when the stored step is %s', async (step) => {
    const w = await restored({ step });
    expect(w.ctx().step).toBe(1);
  });

  it('starts at step 1 when the draft cannot be read', async () => {
    const w = await wizardAt(1, { loadDraft: () => Promise.reject(new Error('IndexedDB closed')) });
    expect(w.ctx().step).toBe(1);
  });

  it('rechecks a stored verified flag against the session and clears it when the session is gone', async () => {
    const w = startWizard({
      loadDraft: async () => emptyDraft({ step: 4, isVerified: true, userId: 'u1', sessionId: 's1' }),
      checkSession: async () => ({ status: 'gone' }),
    });
    await settle();
    expect(w.spies.checkSession).toHaveBeenCalledOnce();
    expect(w.ctx()).toMatchObject({ isVerified: false, sessionId: null, step: 4 });
    expect(w.snap().matches({ session: 'signedOut' })).toBe(true);
  });

  it('keeps a stored verified flag when the session is still there, and polls it', async () => {
    const w = await restored({ step: 4, isVerified: true, userId: 'u1', sessionId: 's1' });
    expect(w.ctx().isVerified).toBe(true);
    expect(w.snap().matches({ session: 'signedIn' })).toBe(true);
    expect(w.poll).toHaveBeenCalledWith({ intervalMs: 900000 });
  });

  it('does not check the session when no verified flag was stored', async () => {
    const w = await wizardAt(1);
    expect(w.spies.checkSession).not.toHaveBeenCalled();
  });
});

describe('wizardMachine: Back', () => {
  it.each([
    [1, 1],
    [2, 1],
    [3, 2],
  ])('goes from step %i to step %i (step 1 ignores it)', async (from, to) => {
    const w = await wizardAt(from);
    w.send({ type: 'step.back' });
    expect(w.ctx().step).toBe(to);
  });
});

describe('wizardMachine: step 1, full name', () => {
  it('asks for the full name', async () => {
    const w = await wizardAt(1);
    w.type('fullName', '   ');
    w.send({ type: 'step.next' });
    expect(w.ctx()).toMatchObject({ step: 1, error: 'Enter your full name.' });
  });

  it('advances on Enter once a name is typed, and clears the error', async () => {
    const w = await wizardAt(1);
    w.send({ type: 'key.enter' });
    expect(w.ctx().error).toBe('Enter your full name.');
    w.type('fullName', 'Ada Lovelace');
    expect(w.ctx().error).toBeNull();
    w.send({ type: 'key.enter' });
    expect(w.ctx().step).toBe(2);
  });
});

describe('wizardMachine: step 2, email', () => {
  it('asks for an email, then a valid one', async () => {
    const w = await wizardAt(2);
    w.send({ type: 'code.send' });
    expect(w.ctx().error).toBe('Enter your email.');
    w.type('email', 'ada@example');
    w.send({ type: 'code.send' });
    expect(w.ctx().error).toBe('Enter a valid email address.');
    expect(w.spies.sendCode).not.toHaveBeenCalled();
  });

  it('sends the code on Enter and goes to step 3 with the pending login', async () => {
    const w = await wizardAt(2);
    w.type('email', ' ada@example.com ');
    w.send({ type: 'key.enter' });
    expect(wizardView(w.snap()).busy).toBe(true);
    await settle();
    expect(w.spies.sendCode).toHaveBeenCalledWith({ email: 'ada@example.com' });
    expect(w.ctx()).toMatchObject({ step: 3, userId: 'u1', error: null });
  });

  it("shows the error's message when sending fails", async () => {
    const w = await wizardAt(2, {
      sendCode: () => Promise.reject(appwriteError(429, 'general_rate_limit_exceeded', 'Rate limit exceeded.')),
    });
    await sendCodeTo(w, 'ada@example.com');
    expect(w.ctx()).toMatchObject({ step: 2, error: 'Rate limit exceeded.' });
  });

  it('falls back to "Failed to send OTP." when the error has no message', async () => {
    const w = await wizardAt(2, { sendCode: () => Promise.reject({}) });
    await sendCodeTo(w, 'ada@example.com');
    expect(w.ctx().error).toBe('Failed to send OTP.');
  });
});

describe('wizardMachine: step 3, one-time code', () => {
  it('keeps digits only, at most 6, and enables Verify only with 6', async () => {
    const w = await wizardAt(3);
    w.type('code', '12a3-45');
    expect(w.ctx().fields.code).toBe('12345');
    expect(wizardView(w.snap()).canVerify).toBe(false);
    w.type('code', '1234567');
    expect(w.ctx().fields.code).toBe('123456');
    expect(wizardView(w.snap()).canVerify).toBe(true);
  });

  it('asks for the code: "Please enter the OTP." on Verify, "Enter the OTP." on Next', async () => {
    const w = await wizardAt(3);
    w.send({ type: 'key.enter' });
    expect(w.ctx().error).toBe('Please enter the OTP.');
    w.send({ type: 'step.next' });
    expect(w.ctx().error).toBe('Enter the OTP.');
  });

  it('asks for 6 digits', async () => {
    const w = await wizardAt(3);
    await verifyWith(w, '12345');
    expect(w.ctx().error).toBe('OTP must be 6 digits.');
    expect(w.spies.verifyCode).not.toHaveBeenCalled();
  });

  it('says the session expired when there is no pending login', async () => {
    const w = await restored({ step: 3, values: { email: 'ada@example.com' } });
    await verifyWith(w, '123456');
    expect(w.ctx().error).toBe('Session expired. Please request a new OTP.');
  });

  it('shows "OTP verified successfully!" and moves to step 4 after 1.5 s', async () => {
    const w = await wizardAt(3);
    w.type('code', '123456');
    w.send({ type: 'key.enter' });
    await settle();
    expect(w.spies.verifyCode).toHaveBeenCalledWith({ userId: 'u1', code: '123456' });
    expect(w.ctx()).toMatchObject({ step: 3, notice: 'OTP verified successfully!', isVerified: true, sessionId: 's1' });
    await settle(1499);
    expect(w.ctx().step).toBe(3);
    await settle(1);
    expect(w.ctx()).toMatchObject({ step: 4, notice: null });
  });

  it.each([
    [appwriteError(401, 'user_invalid_token', 'Invalid token passed in the request.'), 'Invalid OTP. Please check and try again.'],
    [appwriteError(400, 'user_invalid_credentials', 'Invalid credentials.'), 'Invalid OTP. Please check and try again.'],
    [appwriteError(401, 'general_unknown', 'Nope.'), 'Invalid OTP. Please check and try again.'],
    [appwriteError(500, 'general_server_error', 'Server error.'), 'Verification failed. Please try again.'],
    [new TypeError('Failed to fetch'), 'Verification failed. Please try again.'],
  ])('maps a failed check (%s) to its message', async (error, message) => {
    const w = await wizardAt(3, { verifyCode: () => Promise.reject(error) });
    await verifyWith(w, '123456');
    expect(w.ctx()).toMatchObject({ step: 3, error: message, userId: 'u1', isVerified: false });
  });

  it('says the code expired and forgets the pending login', async () => {
    const w = await wizardAt(3, { verifyCode: () => Promise.reject(appwriteError(401, 'user_token_expired', 'The token has expired.')) });
    await verifyWith(w, '123456');
    expect(w.ctx()).toMatchObject({ error: 'OTP has expired. Please request a new one.', userId: null });
    w.send({ type: 'code.verify' });
    expect(w.ctx().error).toBe('Session expired. Please request a new OTP.');
  });

  it('resends the code and stays on step 3', async () => {
    const w = await wizardAt(3);
    w.spies.sendCode.mockResolvedValueOnce({ userId: 'u2' });
    w.send({ type: 'code.resend' });
    await settle();
    expect(w.spies.sendCode).toHaveBeenCalledTimes(2);
    expect(w.ctx()).toMatchObject({ step: 3, userId: 'u2', notice: 'A new code is on its way to ada@example.com.' });
  });

  it('advances directly when already verified', async () => {
    const w = await restored({ step: 3, isVerified: true, userId: 'u1', sessionId: 's1' });
    w.send({ type: 'step.next' });
    expect(w.ctx().step).toBe(4);
    expect(w.spies.verifyCode).not.toHaveBeenCalled();
  });
});

describe('wizardMachine: session polling', () => {
  it('polls every 15 minutes while signed in and marks the customer logged out when the session is gone', async () => {
    const w = await wizardAt(4);
    expect(w.poll).toHaveBeenCalledWith({ intervalMs: 900000 });
    expect(wizardView(w.snap()).signedIn).toBe(true);
    w.actor.send({ type: 'session.lost' });
    expect(w.ctx()).toMatchObject({ isVerified: false, sessionId: null });
    expect(wizardView(w.snap()).signedIn).toBe(false);
  });

  it('stops polling when a new code is requested', async () => {
    const w = await wizardAt(4);
    w.send({ type: 'step.back' });
    w.send({ type: 'step.back' });
    w.send({ type: 'code.send' });
    await settle();
    expect(w.snap().matches({ session: 'signedOut' })).toBe(true);
    expect(w.ctx().isVerified).toBe(false);
  });
});

describe('wizardMachine: step 4, phone', () => {
  it('asks for a phone number', async () => {
    const w = await wizardAt(4);
    w.send({ type: 'step.next' });
    expect(w.ctx().error).toBe('Enter your phone number.');
  });

  it('says "Numbers only please" and keeps only the digits', async () => {
    const w = await wizardAt(4);
    w.type('phone', '555-12a');
    expect(w.ctx()).toMatchObject({ error: 'Numbers only please', fields: { phone: '55512' } });
    w.type('phone', '555123');
    expect(w.ctx().error).toBeNull();
  });

  it('needs exactly 10 digits on Enter', async () => {
    const w = await wizardAt(4);
    w.type('phone', '555123456');
    w.send({ type: 'key.enter' });
    expect(w.ctx()).toMatchObject({ step: 4, error: 'Phone number must be 10 digits' });
    w.type('phone', '5551234567');
    w.send({ type: 'key.enter' });
    expect(w.ctx().step).toBe(5);
  });

  it('defaults to the United States and keeps the chosen country', async () => {
    const w = await wizardAt(4);
    expect(w.ctx().fields.phoneCountry).toBe('US');
    w.send({ type: 'phone.country', code: 'GB' });
    expect(w.ctx().fields.phoneCountry).toBe('GB');
  });
});

describe('wizardMachine: step 5, address', () => {
  const focusAndType = (w: Wizard, text: string) => {
    w.send({ type: 'address.focus' });
    w.type('addressLine1', text);
  };
  /** City, state and ZIP typed by hand (a line 1 typed without a suggestion needs them). */
  const typeTown = (w: Wizard) =>
    Object.entries({ city: 'Springfield', state: 'IL', zip: '62701' }).forEach(([f, v]) => w.type(f as 'city', v));
  /** Step 5 with the town typed, "12 Elm" typed in the focused field and the lookup's 300 ms waited out. */
  const withSuggestions = async (over: Partial<Fakes> = {}) => {
    const w = await wizardAt(5, over);
    typeTown(w);
    focusAndType(w, '12 Elm');
    await settle(300);
    return w;
  };

  it('looks up addresses 300 ms after the last keystroke, from 2 characters', async () => {
    const w = await wizardAt(5);
    focusAndType(w, '1');
    await settle(400);
    expect(w.spies.lookupAddresses).not.toHaveBeenCalled();
    focusAndType(w, '12');
    await settle(299);
    focusAndType(w, '12 E');
    await settle(299);
    expect(w.spies.lookupAddresses).not.toHaveBeenCalled();
    await settle(1);
    expect(w.spies.lookupAddresses).toHaveBeenCalledExactlyOnceWith({ text: '12 E' });
    expect(wizardView(w.snap()).suggestionsOpen).toBe(true);
    expect(w.address().suggestions).toHaveLength(2);
  });

  it('closes the suggestions 200 ms after the field loses focus', async () => {
    const w = await withSuggestions();
    w.send({ type: 'address.blur' });
    await settle(199);
    expect(wizardView(w.snap()).suggestionsOpen).toBe(true);
    await settle(1);
    expect(wizardView(w.snap()).suggestionsOpen).toBe(false);
  });

  it('chooses a suggestion with the keyboard and fills line 1, city, state and zip from its details', async () => {
    const w = await withSuggestions();
    w.send({ type: 'suggestions.next' });
    w.send({ type: 'suggestions.next' });
    w.send({ type: 'suggestions.prev' });
    expect(w.address().highlighted).toBe(0);
    w.send({ type: 'key.enter' });
    expect(w.ctx().step).toBe(5);
    await settle();
    expect(w.spies.placeDetails).toHaveBeenCalledWith({ placeId: 'p1' });
    expect(w.ctx().fields).toMatchObject({ addressLine1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' });
    expect(wizardView(w.snap()).suggestionsOpen).toBe(false);
  });

  it('closes the suggestions on Escape, and Enter then moves on', async () => {
    const w = await withSuggestions();
    w.send({ type: 'suggestions.next' });
    w.send({ type: 'suggestions.dismiss' });
    expect(wizardView(w.snap()).suggestionsOpen).toBe(false);
    w.send({ type: 'key.enter' });
    expect(w.ctx().step).toBe(6);
  });

  it('chooses a suggestion clicked while the field is losing focus', async () => {
    const w = await withSuggestions();
    w.send({ type: 'address.blur' });
    await settle(50);
    w.send({ type: 'suggestion.choose', index: 1 });
    await settle();
    expect(w.spies.placeDetails).toHaveBeenCalledWith({ placeId: 'p2' });
  });

  it('clears city, state and zip when the address is edited after choosing', async () => {
    const w = await withSuggestions();
    w.send({ type: 'suggestion.choose', index: 0 });
    await settle();
    w.type('addressLine2', 'Apt 4');
    expect(w.ctx().fields.city).toBe('Springfield');
    w.type('addressLine1', '14 Elm Street');
    expect(w.ctx().fields).toMatchObject({ addressLine1: '14 Elm Street', city: '', state: '', zip: '', addressLine2: 'Apt 4' });
  });

  it('keeps nothing of the address lookup once the registration is done', async () => {
    const w = await withSuggestions();
    expect(w.address().suggestions).toHaveLength(2);
    w.send({ type: 'step.next' });
    await settle();
    await submitWithProduct(w);
    expect(w.ctx().step).toBe(7);
    expect(w.address()).toEqual({ text: '', suggestions: [], highlighted: -1, focused: false, chosenPlaceId: null });
  });

  it('asks for the address', async () => {
    const w = await wizardAt(5);
    w.send({ type: 'step.next' });
    expect(w.ctx().error).toBe('Please enter your address.');
  });

  it('keeps the step usable when lookups fail', async () => {
    const w = await withSuggestions({ lookupAddresses: () => Promise.reject(new TypeError('offline')) });
    expect(w.address().suggestions).toEqual([]);
    w.send({ type: 'key.enter' });
    expect(w.ctx().step).toBe(6);
  });
});

describe('wizardMachine: step 6, products and photos', () => {
  it('searches the catalog, at most 10 results, within a category', async () => {
    const w = await wizardAt(6);
    w.type('productQuery', 'pnd-1001');
    expect(w.ctx().results.map((p) => p.title)).toEqual(['Aurora Pendant']);
    w.type('productQuery', 'band');
    expect(w.ctx().results).toHaveLength(10);
    w.type('productQuery', 'a');
    w.send({ type: 'category.change', category: 'necklace' });
    expect(w.ctx().results.map((p) => p.title)).toEqual(['Aurora Pendant', 'Pearl Choker']);
  });

  it('says when nothing matches', async () => {
    const w = await wizardAt(6);
    w.type('productQuery', 'zzz');
    expect(wizardView(w.snap()).noResults).toBe(true);
  });

  it('selects products as removable chips', async () => {
    const w = await wizardAt(6);
    w.send({ type: 'product.select', id: '1' });
    w.send({ type: 'product.select', id: '1' });
    w.send({ type: 'product.select', id: '3' });
    expect(w.ctx().selected.map((p) => p.title)).toEqual(['Aurora Pendant', 'Solitaire Ring']);
    w.send({ type: 'product.remove', id: '1' });
    expect(w.ctx().selected.map((p) => p.id)).toEqual(['3']);
  });

  it('keeps the catalog error and loads again on entering step 6', async () => {
    const w = await wizardAt(6, { loadCatalog: () => Promise.reject(new Error('Failed to load products.')) });
    await settle();
    expect(w.ctx().catalogError).toBe('Failed to load products.');
    expect(w.spies.loadCatalog).toHaveBeenCalledTimes(2);
  });

  it('stores added photos and removes one before submitting', async () => {
    const w = await wizardAt(6);
    w.send({
      type: 'photos.add',
      files: [new File(['a'], 'ring.jpg', { type: 'image/jpeg' }), new File(['b'], 'box.png', { type: 'image/png' })],
    });
    expect(wizardView(w.snap()).storingPhotos).toBe(true);
    await settle();
    expect(w.spies.storePhotos).toHaveBeenCalledWith(expect.objectContaining({ draftId: 'd1' }));
    expect(w.ctx().photos.map((p) => p.name)).toEqual(['ring.jpg', 'box.png']);
    w.send({ type: 'photo.remove', id: w.ctx().photos[0]!.id });
    await settle();
    expect(w.ctx().photos.map((p) => p.name)).toEqual(['box.png']);
    expect(w.spies.removePhoto).toHaveBeenCalledWith({ id: 'f-ring.jpg-0' });
  });

  it('shows the message for a photo it cannot read', async () => {
    const w = await wizardAt(6, { storePhotos: async () => ({ added: [], errors: ['We could not read "x.heic".'] }) });
    w.send({ type: 'photos.add', files: [new File(['a'], 'x.heic')] });
    await settle();
    expect(w.ctx().error).toBe('We could not read "x.heic".');
  });

  it('says so when the photos could not be kept (the photo code did not load), and takes the next ones', async () => {
    let calls = 0;
    const w = await wizardAt(6, {
      storePhotos: async () => {
        if (calls++ === 0) throw new TypeError('Failed to fetch dynamically imported module');
        return { added: [{ id: 'p1', name: 'ring.jpg', url: 'blob:ring' }], errors: [] };
      },
    });
    w.send({ type: 'photos.add', files: [new File(['a'], 'ring.jpg')] });
    await settle();
    expect(w.ctx().error).toBe('We could not add your photos. Please check your connection and choose them again.');
    expect(w.ctx().photos).toEqual([]);
    w.send({ type: 'photos.add', files: [new File(['a'], 'ring.jpg')] });
    await settle();
    expect(w.ctx().photos.map((p) => p.name)).toEqual(['ring.jpg']);
    expect(w.ctx().error).toBeNull();
  });

  it('asks for a photo or a product', async () => {
    const w = await wizardAt(6);
    w.send({ type: 'key.enter' });
    expect(w.ctx().error).toBe('Please upload an image or select a product via SKU.');
    expect(w.spies.submitRegistration).not.toHaveBeenCalled();
  });
});

describe('wizardMachine: submit', () => {
  it('sends the registration document and shows step 7 with everything cleared', async () => {
    const w = await wizardAt(5);
    w.type('addressLine1', '12 Elm St');
    w.type('addressLine2', 'Apt 4');
    w.type('city', 'Springfield');
    w.type('state', 'IL');
    w.type('zip', '62701');
    w.send({ type: 'step.next' });
    await settle();
    w.send({ type: 'product.select', id: '1' });
    w.send({ type: 'product.select', id: '2' });
    w.send({ type: 'photos.add', files: [new File(['a'], 'ring.jpg', { type: 'image/jpeg' })] });
    await settle();
    w.send({ type: 'key.enter' });
    await settle();
    expect(w.spies.submitRegistration).toHaveBeenCalledWith({
      userId: 'u1',
      draftId: 'd1',
      entryId: null,
      photoIds: ['f-ring.jpg-0'],
      via: 'customer',
      store: null,
      fields: {
        full_name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '+1 5551234567',
        address: '12 Elm St, Apt 4, Springfield, IL, 62701, United States',
        product_sku: 'PND-1001, EAR-2001',
        selected_product: 'Aurora Pendant, Luna Hoops',
      },
    });
    expect(w.ctx()).toMatchObject({ step: 7, outcome: 'sent', selected: [], photos: [], isVerified: false, userId: null });
    expect(w.ctx().fields.fullName).toBe('');
    expect(w.spies.clearDraft).toHaveBeenCalledWith({ draftId: 'd1', keepFileIds: ['f-ring.jpg-0'] });
    expect(w.snap().matches({ session: 'signedOut' })).toBe(true);
  });

  it('uses the typed search text as product_sku when no product is selected', async () => {
    const w = await wizardAt(6);
    w.type('productQuery', 'RNG-3001 ');
    w.send({ type: 'photos.add', files: [new File(['a'], 'ring.jpg', { type: 'image/jpeg' })] });
    await settle();
    w.send({ type: 'registration.submit' });
    await settle();
    expect(w.spies.submitRegistration.mock.calls[0]![0].fields.product_sku).toBe('RNG-3001');
  });

  it('says the registration waits on this device when it could not be sent yet', async () => {
    const w = await wizardAt(6, { submitRegistration: async () => ({ outcome: 'queued', entryId: 'e1' }) });
    await submitWithProduct(w);
    expect(w.ctx()).toMatchObject({ step: 7, outcome: 'queued' });
  });

  it('goes back to step 2 when the session is missing at submit', async () => {
    const w = await restored({ step: 6, values: { fullName: 'Ada', email: 'ada@example.com' } });
    w.send({ type: 'product.select', id: '3' });
    w.send({ type: 'registration.submit' });
    expect(w.ctx()).toMatchObject({ step: 2, error: 'Please log in again. Your session has expired.', isVerified: false });
    expect(w.spies.submitRegistration).not.toHaveBeenCalled();
  });

  it('holds a registration that needs sign-in and sends that same record after the customer verifies again', async () => {
    const w = await wizardAt(6, { submitRegistration: async () => ({ outcome: 'needs-sign-in', entryId: 'e9' }) });
    await submitWithProduct(w);
    expect(w.ctx()).toMatchObject({
      step: 2,
      error: 'Please log in again. Your session has expired.',
      isVerified: false,
      queuedEntryId: 'e9',
    });
    w.spies.submitRegistration.mockResolvedValueOnce({ outcome: 'sent', entryId: 'e9' });
    await verifyAgain(w);
    expect(w.spies.submitRegistration).toHaveBeenCalledTimes(2);
    expect(w.spies.submitRegistration.mock.calls[1]![0].entryId).toBe('e9');
    expect(w.ctx()).toMatchObject({ step: 7, outcome: 'sent', queuedEntryId: null });
  });

  it('remembers the held record across a reload, so it is never queued twice', async () => {
    const w = await restored({ step: 2, values: { fullName: 'Ada', email: 'ada@example.com', queuedEntryId: 'e9' } });
    await verifyAgain(w);
    expect(w.spies.submitRegistration).toHaveBeenCalledOnce();
    expect(w.spies.submitRegistration.mock.calls[0]![0].entryId).toBe('e9');
    expect(w.ctx().step).toBe(7);
  });

  it('says "Authentication expired. Please log in again." on a guests or missing-scope error', async () => {
    const w = await wizardAt(6, {
      submitRegistration: () =>
        Promise.reject(appwriteError(401, 'general_unauthorized_scope', 'User (role: guests) missing scopes (["account"])')),
    });
    await submitWithProduct(w);
    expect(w.ctx()).toMatchObject({ step: 2, error: 'Authentication expired. Please log in again.', isVerified: false });
  });

  it('says "Submission failed: {message}", or "Unknown error", and stays on step 6', async () => {
    const w = await wizardAt(6, { submitRegistration: () => Promise.reject(new Error('Disk full')) });
    await submitWithProduct(w);
    expect(w.ctx()).toMatchObject({ step: 6, error: 'Submission failed: Disk full' });
    w.spies.submitRegistration.mockRejectedValueOnce('nothing useful');
    w.send({ type: 'registration.submit' });
    await settle();
    expect(w.ctx().error).toBe(MESSAGES.unknownError);
  });

  it('waits for photos being stored before submitting', async () => {
    let release: () => void = () => {};
    const w = await wizardAt(6, {
      storePhotos: ({ files }) =>
        new Promise(
          (resolve) => (release = () => resolve({ added: files.map((f) => ({ id: f.name, name: f.name, url: 'blob:x' })), errors: [] })),
        ),
    });
    w.send({ type: 'photos.add', files: [new File(['a'], 'ring.jpg', { type: 'image/jpeg' })] });
    w.send({ type: 'registration.submit' });
    expect(w.spies.submitRegistration).not.toHaveBeenCalled();
    release();
    await settle();
    w.send({ type: 'registration.submit' });
    await settle();
    expect(w.spies.submitRegistration).toHaveBeenCalledOnce();
  });

  it('starts a new registration from step 7', async () => {
    const w = await wizardAt(6);
    await submitWithProduct(w);
    w.send({ type: 'wizard.restart' });
    expect(w.ctx().step).toBe(1);
    expect(w.ctx().draftId).not.toBe('d1');
  });
});

describe('wizardMachine: draft', () => {
  it('saves the fields and the step within 300 ms of a change, with everything typed by then', async () => {
    const w = await wizardAt(1);
    w.type('fullName', 'A');
    await settle(200);
    w.type('fullName', 'Ada');
    await settle(99);
    expect(w.spies.saveDraft).not.toHaveBeenCalled();
    await settle(1);
    expect(w.spies.saveDraft).toHaveBeenCalledOnce();
    expect(w.spies.saveDraft.mock.calls[0]![0]).toMatchObject({
      draftId: 'd1',
      step: 1,
      values: { fullName: 'Ada', phoneCountry: 'US' },
      isVerified: false,
    });
    expect(w.spies.saveDraft.mock.calls[0]![0].values).not.toHaveProperty('code');
  });

  it('is not postponed by a stream of events', async () => {
    const w = await wizardAt(1);
    for (let i = 0; i < 10; i++) {
      w.type('fullName', `Ada ${i}`);
      await settle(100);
    }
    expect(w.spies.saveDraft.mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('saves at once when the page is being hidden', async () => {
    const w = await wizardAt(1);
    w.type('fullName', 'Ada');
    w.send({ type: 'draft.flush' });
    await settle();
    expect(w.spies.saveDraft).toHaveBeenCalledOnce();
  });

  it('saves the new step and the sign-in state after verification', async () => {
    const w = await wizardAt(4);
    await settle(300);
    expect(w.spies.saveDraft.mock.lastCall![0]).toMatchObject({ step: 4, userId: 'u1', sessionId: 's1', isVerified: true });
  });

  it('saves again when something changed while saving', async () => {
    let finish: () => void = () => {};
    const w = await wizardAt(1, { saveDraft: () => new Promise<void>((resolve) => (finish = resolve)) });
    w.type('fullName', 'Ada');
    await settle(300);
    w.type('fullName', 'Ada L');
    finish();
    await settle(300);
    expect(w.spies.saveDraft).toHaveBeenCalledTimes(2);
    expect(w.spies.saveDraft.mock.lastCall![0].values.fullName).toBe('Ada L');
  });

  it('does not save the emptied form after the registration is done', async () => {
    const w = await wizardAt(6);
    await submitWithProduct(w);
    const saves = w.spies.saveDraft.mock.calls.length;
    await settle(1000);
    expect(w.spies.saveDraft.mock.calls.length).toBe(saves);
  });
});
