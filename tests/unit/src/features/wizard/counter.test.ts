// The wizard on a store's counter device: confirm by e-mail later when the code cannot be sent, the idle warning and
// reset, and the return to the start page after step 7. A customer's own phone keeps none of it.
import { describe, expect, it } from 'vitest';
import { settle, startWizard, walkTo, type Wizard } from './fakes';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

fakeTimersInEachTest();

const timings = { thanksSeconds: 20, idleSeconds: 90, warningSeconds: 30 };
const asCounter = (w: Wizard, store = 'Soho') => w.send({ type: 'counter.set', counter: { store, timings } });
const offline = () => Promise.reject(Object.assign(new Error('Failed to fetch'), { code: 0 }));

async function toConfirmLater(w: Wizard) {
  await walkTo(w, 2);
  w.type('email', 'ada@example.com');
  w.send({ type: 'code.send' });
  await settle();
}

describe('counter: confirm by email later', () => {
  it('goes on without the code when it cannot be sent, and submits through the counter with its store', async () => {
    const w = startWizard({ sendCode: offline });
    asCounter(w);
    await toConfirmLater(w);
    expect(w.ctx()).toMatchObject({ step: 2, codeUnsendable: true });
    w.send({ type: 'code.later' });
    expect(w.ctx()).toMatchObject({ step: 4, confirmLater: true, isVerified: false, error: null });
    w.type('phone', '5551234567');
    w.send({ type: 'step.next' });
    w.type('addressLine1', '12 Elm St');
    for (const [f, v] of [
      ['city', 'Springfield'],
      ['state', 'IL'],
      ['zip', '62701'],
    ] as const)
      w.type(f, v);
    w.send({ type: 'step.next' });
    await settle();
    w.send({ type: 'product.select', id: '3' });
    w.send({ type: 'registration.submit' });
    await settle();
    expect(w.spies.submitRegistration).toHaveBeenCalledOnce();
    expect(w.spies.submitRegistration.mock.calls[0]![0]).toMatchObject({ via: 'counter', store: 'Soho', userId: '' });
    expect(w.ctx()).toMatchObject({ step: 7, confirmLater: true });
  });

  it('goes back from step 4 to the email step, and a code sent after all ends confirming later', async () => {
    let reachable = false;
    const w = startWizard({ sendCode: () => (reachable ? Promise.resolve({ userId: 'u1' }) : offline()) });
    asCounter(w);
    await toConfirmLater(w);
    w.send({ type: 'code.later' });
    w.send({ type: 'step.back' });
    expect(w.ctx().step).toBe(2);
    reachable = true;
    w.send({ type: 'code.send' });
    await settle();
    expect(w.ctx()).toMatchObject({ step: 3, confirmLater: false });
  });

  it('is not offered on a customer’s own phone, nor when the server refused the address', async () => {
    const phone = startWizard({ sendCode: offline });
    await toConfirmLater(phone);
    phone.send({ type: 'code.later' });
    expect(phone.ctx().step).toBe(2);

    const refused = startWizard({ sendCode: () => Promise.reject(Object.assign(new Error('Invalid email'), { code: 400 })) });
    asCounter(refused);
    await toConfirmLater(refused);
    expect(refused.ctx().codeUnsendable).toBe(false);
    refused.send({ type: 'code.later' });
    expect(refused.ctx().step).toBe(2);
  });
});

describe('counter: between customers', () => {
  it('asks "are you still there?" after the idle time, and Continue keeps everything', async () => {
    const w = startWizard();
    asCounter(w);
    await walkTo(w, 2);
    await settle(89_000);
    w.type('email', 'ada@example.com'); // input restarts the idle time
    await settle(89_000);
    expect(w.snap().matches({ idle: 'watching' })).toBe(true);
    await settle(1_000);
    expect(w.snap().matches({ idle: 'warning' })).toBe(true);
    w.send({ type: 'idle.continue' });
    await settle(29_000);
    expect(w.snap().matches({ idle: 'watching' })).toBe(true);
    expect(w.ctx().fields.email).toBe('ada@example.com');
  });

  it('resets after the warning: fields, photos and draft erased, the session ended, then the start page', async () => {
    const w = startWizard();
    asCounter(w);
    await walkTo(w, 6);
    w.send({ type: 'photos.add', files: [new File(['a'], 'ring.jpg', { type: 'image/jpeg' })] });
    await settle();
    await settle(90_000);
    expect(w.snap().matches({ idle: 'warning' })).toBe(true);
    await settle(30_000);
    expect(w.snap().matches({ flow: 'left' })).toBe(true);
    expect(w.ctx()).toMatchObject({ photos: [], userId: null, isVerified: false });
    expect(w.ctx().fields.fullName).toBe('');
    expect(w.spies.clearDraft).toHaveBeenLastCalledWith({ draftId: 'd1', keepFileIds: [] });
    expect(w.spies.endSession).toHaveBeenCalledOnce();
  });

  it('returns to the start page after the thank-you time', async () => {
    const w = startWizard();
    asCounter(w);
    await walkTo(w, 6);
    w.send({ type: 'product.select', id: '3' });
    w.send({ type: 'registration.submit' });
    await settle();
    expect(w.ctx().step).toBe(7);
    await settle(19_000);
    expect(w.snap().matches({ flow: 'registered' })).toBe(true);
    await settle(1_000);
    expect(w.snap().matches({ flow: 'left' })).toBe(true);
  });

  it('on a customer’s own phone nothing times out', async () => {
    const w = startWizard();
    await walkTo(w, 6);
    await settle(600_000);
    expect(w.snap().matches({ idle: 'off' })).toBe(true);
    expect(w.ctx().step).toBe(6);
    w.send({ type: 'product.select', id: '3' });
    w.send({ type: 'registration.submit' });
    await settle(600_000);
    expect(w.snap().matches({ flow: 'registered' })).toBe(true);
  });
});
