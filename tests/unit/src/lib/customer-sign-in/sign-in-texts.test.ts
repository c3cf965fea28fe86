// The e-mail sign-in's checks, shared by the wizard and /warranties: the first problem, in the wizard's words, and the
// same words on /warranties as on the wizard's steps 2 and 3 for a customer doing the same things.
import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { classifyVerifyError, verifyErrorMessage } from '@/lib/customer-sign-in/sign-in-texts';
import { createSignInMachine, type SignInFunctions } from '@/lib/customer-sign-in/sign-in.machine';
import type { SignInEvent } from '@/lib/customer-sign-in/sign-in.steps';
import { settle, wizardAt } from '../../features/wizard/fakes';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

fakeTimersInEachTest();

const appwriteError = (code: number, type: string, message: string) => Object.assign(new Error(message), { code, type });

/** /warranties' sign-in, started with these calls over ones that succeed. */
function startSignIn(over: Partial<SignInFunctions> = {}) {
  const calls: SignInFunctions = {
    sendCode: async () => ({ userId: 'u1' }),
    verifyCode: async ({ userId }) => ({ userId, sessionId: 's1' }),
    ...over,
  };
  const actor = createActor(createSignInMachine(calls)).start();
  return {
    actor,
    type: (field: 'email' | 'code', value: string) => actor.send({ type: 'field.change', field, value }),
    send: (type: SignInEvent['type']) => actor.send({ type } as SignInEvent),
    said: () => actor.getSnapshot().context.error ?? actor.getSnapshot().context.notice,
  };
}

/** /warranties' sign-in on its code step: a code was sent to ada@example.com. */
async function atCode(over: Partial<SignInFunctions> = {}) {
  const s = startSignIn(over);
  s.type('email', 'ada@example.com');
  s.send('code.send');
  await settle();
  return s;
}

describe('sign-in checks', () => {
  const problemWith = async (email: string) => {
    const s = startSignIn();
    s.type('email', email);
    s.send('code.send');
    const said = s.said();
    await settle();
    return said;
  };

  it('ask for an email, then a valid one', async () => {
    expect(await problemWith('  ')).toBe('Enter your email.');
    expect(await problemWith('ada@example')).toBe('Enter a valid email address.');
    expect(await problemWith(' ada@example.com ')).toBeNull();
  });

  it('ask for the code, six digits, and a code requested on this page', async () => {
    const s = await atCode({ verifyCode: () => Promise.reject(appwriteError(401, 'user_invalid_token', 'Token expired.')) });
    const problemWith = async (code: string) => {
      s.type('code', code);
      s.send('code.verify');
      const said = s.said();
      await settle();
      return said;
    };
    expect(await problemWith('')).toBe('Please enter the OTP.');
    expect(await problemWith('12345')).toBe('OTP must be 6 digits.');
    expect(await problemWith('123456')).toBeNull(); // checked by the server: expired, which forgets the pending login
    expect(await problemWith('123456')).toBe('Session expired. Please request a new OTP.');
  });

  it('say a failed check as the wizard does', () => {
    expect(verifyErrorMessage(classifyVerifyError({ code: 401, type: 'user_invalid_token' }))).toBe(
      'Invalid OTP. Please check and try again.',
    );
    expect(verifyErrorMessage(classifyVerifyError({ code: 401, message: 'The token has expired.' }))).toBe(
      'OTP has expired. Please request a new one.',
    );
    expect(verifyErrorMessage(classifyVerifyError(new Error('boom')))).toBe('Verification failed. Please try again.');
  });
});

describe('/warranties sign-in', () => {
  it('signs in with the code sent to the address, and is done', async () => {
    const s = await atCode();
    expect(s.actor.getSnapshot().matches({ code: 'editing' })).toBe(true);
    s.type('code', '12a3-4567');
    expect(s.actor.getSnapshot().context.fields.code).toBe('123456');
    s.send('code.verify');
    await settle();
    expect(s.actor.getSnapshot().status).toBe('done');
    expect(s.actor.getSnapshot().context).toMatchObject({
      userId: 'u1',
      sessionId: 's1',
      isVerified: true,
      notice: 'OTP verified successfully!',
    });
  });

  it('"Use another email" goes back to the address, its messages cleared', async () => {
    const s = await atCode({ verifyCode: () => Promise.reject(appwriteError(401, 'user_invalid_token', 'Invalid token.')) });
    s.type('code', '000000');
    s.send('code.verify');
    await settle();
    expect(s.said()).toBe('Invalid OTP. Please check and try again.');
    s.send('step.back');
    expect(s.actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(s.actor.getSnapshot().context.fields.email).toBe('ada@example.com');
    expect(s.said()).toBeNull();
  });
});

type Action = { type: 'email' | 'code'; value: string } | { type: SignInEvent['type'] };

/** What a customer does on the two steps, with the calls' answers (made anew for each screen), and what is said. */
const WALKS: { name: string; calls: () => Partial<SignInFunctions>; does: Action[]; says: (string | null)[] }[] = [
  {
    name: 'an address missing, then not valid',
    calls: () => ({}),
    does: [{ type: 'code.send' }, { type: 'email', value: 'ada@example' }, { type: 'code.send' }],
    says: ['Enter your email.', null, 'Enter a valid email address.'],
  },
  {
    name: 'a code that cannot be sent',
    calls: () => ({ sendCode: () => Promise.reject(appwriteError(429, 'general_rate_limit_exceeded', 'Rate limit exceeded.')) }),
    does: [{ type: 'email', value: 'ada@example.com' }, { type: 'code.send' }],
    says: [null, 'Rate limit exceeded.'],
  },
  {
    name: 'a code missing, short, resent, then verified',
    calls: () => ({}),
    does: [
      { type: 'email', value: 'ada@example.com' },
      { type: 'code.send' },
      { type: 'code.verify' },
      { type: 'code', value: '12345' },
      { type: 'code.verify' },
      { type: 'code.resend' },
      { type: 'code', value: '123456' },
      { type: 'code.verify' },
    ],
    says: [
      null,
      null,
      'Please enter the OTP.',
      null,
      'OTP must be 6 digits.',
      'A new code is on its way to ada@example.com.',
      'A new code is on its way to ada@example.com.',
      'OTP verified successfully!',
    ],
  },
  {
    name: 'a wrong code, an expired one, then none pending',
    calls: () => ({
      verifyCode: vi
        .fn<SignInFunctions['verifyCode']>()
        .mockRejectedValueOnce(appwriteError(401, 'user_invalid_token', 'Invalid token passed in the request.'))
        .mockRejectedValueOnce(appwriteError(401, 'user_invalid_token', 'The token has expired.')),
    }),
    does: [
      { type: 'email', value: 'ada@example.com' },
      { type: 'code.send' },
      { type: 'code', value: '000000' },
      { type: 'code.verify' },
      { type: 'code.verify' },
      { type: 'code.verify' },
    ],
    says: [
      null,
      null,
      null,
      'Invalid OTP. Please check and try again.',
      'OTP has expired. Please request a new one.',
      'Session expired. Please request a new OTP.',
    ],
  },
];

describe('the same sign-in on the wizard and /warranties', () => {
  for (const walk of WALKS)
    it(`says the same: ${walk.name}`, async () => {
      const wizard = await wizardAt(2, walk.calls());
      const warranties = startSignIn(walk.calls());
      const heard: Record<'wizard' | 'warranties', (string | null)[]> = { wizard: [], warranties: [] };
      for (const action of walk.does) {
        if ('value' in action) {
          wizard.type(action.type, action.value);
          warranties.type(action.type, action.value);
        } else {
          wizard.send({ type: action.type });
          warranties.send(action.type);
        }
        await settle();
        heard.wizard.push(wizard.ctx().error ?? wizard.ctx().notice);
        heard.warranties.push(warranties.said());
      }
      expect(heard.warranties).toEqual(walk.says);
      expect(heard.wizard).toEqual(walk.says);
    });
});
