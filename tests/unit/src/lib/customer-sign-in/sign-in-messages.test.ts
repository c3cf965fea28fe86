// What the customer's sign-in says (the wizard's steps 2 and 3, /warranties and /confirm share it): a code spent after
// five wrong tries, an unreachable server in words, and never a raw technical message.
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createSignInMachine, type SignInFunctions } from '@/lib/customer-sign-in/sign-in.machine';
import { sendErrorMessage, SIGN_IN_MESSAGES } from '@/lib/customer-sign-in/sign-in-texts';

const invalid = () => Object.assign(new Error('Invalid token passed in the request.'), { code: 401, type: 'user_invalid_token' });
const settle = () => new Promise((r) => setTimeout(r, 0));

function signIn(calls: Partial<SignInFunctions> = {}) {
  const fns = {
    sendCode: vi.fn(async () => ({ userId: 'u1' })),
    verifyCode: vi.fn(async ({ userId }: { userId: string }) => ({ userId, sessionId: 's1' })),
    ...calls,
  };
  const actor = createActor(createSignInMachine(fns as SignInFunctions)).start();
  return { actor, fns, ctx: () => actor.getSnapshot().context };
}

async function codeSent(s: ReturnType<typeof signIn>) {
  s.actor.send({ type: 'field.change', field: 'email', value: 'ada@example.com' });
  s.actor.send({ type: 'code.send' });
  await settle();
}

async function tryCode(s: ReturnType<typeof signIn>, code: string) {
  s.actor.send({ type: 'field.change', field: 'code', value: code });
  s.actor.send({ type: 'code.verify' });
  await settle();
}

describe('a code tried wrong', () => {
  it('says "Invalid OTP" four times, then that the code is spent, without asking the server again', async () => {
    const s = signIn({ verifyCode: vi.fn(() => Promise.reject(invalid())) });
    await codeSent(s);
    for (let i = 1; i <= 4; i++) {
      await tryCode(s, '000000');
      expect(s.ctx().error).toBe(SIGN_IN_MESSAGES.codeInvalid);
    }
    await tryCode(s, '000000');
    expect(s.ctx().error).toBe('This code can no longer be used. Press Resend OTP for a new one.');
    await tryCode(s, '123456');
    expect(s.ctx().error).toBe(SIGN_IN_MESSAGES.codeDead);
    expect(s.fns.verifyCode).toHaveBeenCalledTimes(5);
  });

  it('starts counting again with a new code', async () => {
    let wrong = true;
    const s = signIn({ verifyCode: vi.fn(async ({ userId }) => (wrong ? Promise.reject(invalid()) : { userId, sessionId: 's1' })) });
    await codeSent(s);
    for (let i = 0; i < 5; i++) await tryCode(s, '000000');
    s.actor.send({ type: 'code.resend' });
    await settle();
    expect(s.ctx()).toMatchObject({ wrongCodes: 0, notice: 'A new code is on its way to ada@example.com.' });
    await tryCode(s, '000000');
    expect(s.ctx().error).toBe(SIGN_IN_MESSAGES.codeInvalid);
    wrong = false;
    await tryCode(s, '123456');
    expect(s.ctx().isVerified).toBe(true);
  });
});

describe('sending the code', () => {
  it('refuses an address longer than the server stores', async () => {
    const s = signIn();
    s.actor.send({ type: 'field.change', field: 'email', value: `${'a'.repeat(320)}@example.com` });
    s.actor.send({ type: 'code.send' });
    await settle();
    expect(s.ctx().error).toBe('Your email address must be 320 characters or fewer.');
    expect(s.fns.sendCode).not.toHaveBeenCalled();
  });

  it('says the server cannot be reached, not "Failed to fetch"', async () => {
    const s = signIn({ sendCode: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) });
    await codeSent(s);
    expect(s.ctx().error).toBe("We can't reach the server. Check your connection and try again.");
  });

  it('never shows a parameter or schema message', () => {
    const param = Object.assign(new Error('Invalid `email` param: Value must be a valid email address'), {
      code: 400,
      type: 'general_argument_invalid',
    });
    expect(sendErrorMessage(param)).toBe(SIGN_IN_MESSAGES.emailInvalid);
    expect(sendErrorMessage(Object.assign(new Error('Missing required parameter: "userId"'), { code: 0 }))).toBe(
      SIGN_IN_MESSAGES.sendFailed,
    );
    expect(sendErrorMessage(Object.assign(new Error('Invalid Origin. Register your new client'), { code: 403 }))).toBe(
      SIGN_IN_MESSAGES.sendFailed,
    );
    expect(sendErrorMessage(Object.assign(new Error('Failed to fetch'), { code: 0 }))).toBe(SIGN_IN_MESSAGES.unreachable);
    // Words written for people still show (SPEC: the error's message).
    expect(sendErrorMessage(Object.assign(new Error('Rate limit exceeded.'), { code: 429 }))).toBe('Rate limit exceeded.');
  });
});
