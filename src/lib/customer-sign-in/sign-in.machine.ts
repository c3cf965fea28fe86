// The customer's sign-in on its own (/warranties): e-mail, then the one-time code, then done with a session. The steps
// are the wizard's steps 2 and 3 (sign-in.steps.ts); the calls are the customer's account (account.ts).
import { assign, fromPromise, setup } from 'xstate';
import { openSession, requestCode, type CustomerAccount } from './account';
import { sanitizeCode } from './sign-in-texts';
import { signInActions, signInGuards, signInSteps, type SignInCalls, type SignInContext, type SignInEvent } from './sign-in.steps';

type SignInMachineEvent = SignInEvent | { type: 'field.change'; field: 'email' | 'code'; value: string };

/** The calls themselves, as functions (the account's, or a test's). */
export type SignInFunctions = { [K in keyof SignInCalls]: (input: SignInCalls[K]['input']) => Promise<SignInCalls[K]['output']> };

/** The sign-in's calls as the actors of its machine. */
const signInActors = (calls: SignInFunctions) => ({
  sendCode: fromPromise<SignInCalls['sendCode']['output'], SignInCalls['sendCode']['input']>(({ input }) => calls.sendCode(input)),
  verifyCode: fromPromise<SignInCalls['verifyCode']['output'], SignInCalls['verifyCode']['input']>(({ input }) => calls.verifyCode(input)),
});

/** The sign-in's calls on this account. */
export const accountCalls = (account: Pick<CustomerAccount, 'createEmailToken' | 'createSession' | 'deleteSession'>): SignInFunctions => ({
  sendCode: (input) => requestCode(account, input.email),
  verifyCode: (input) => openSession(account, input),
});

/** Builds the sign-in machine with its calls (`accountCalls(account)`; tests give fakes). */
export function createSignInMachine(calls: SignInFunctions) {
  const steps = signInSteps<SignInContext, SignInMachineEvent>({ email: '#signIn.email', code: '#signIn.code' });
  return setup({
    types: {} as { context: SignInContext; events: SignInMachineEvent },
    actors: signInActors(calls),
    guards: signInGuards<SignInContext, SignInMachineEvent>(),
    actions: {
      ...signInActions<SignInContext, SignInMachineEvent>(),
      // As on the wizard's steps: the code keeps digits only, and typing clears the step's error.
      changeField: assign(({ context, event }) => {
        if (event.type !== 'field.change') return {};
        const value = event.field === 'code' ? sanitizeCode(event.value) : event.value;
        return { fields: { ...context.fields, [event.field]: value }, error: null };
      }),
    },
  }).createMachine({
    id: 'signIn',
    initial: 'email',
    context: {
      fields: { email: '', code: '' },
      userId: null,
      sessionId: null,
      isVerified: false,
      error: null,
      notice: null,
      codeUnsendable: false,
      wrongCodes: 0,
    },
    on: { 'field.change': { actions: 'changeField' } },
    states: {
      // A step's messages go when it is left for the other; "OTP verified successfully!" stays once signed in.
      email: { ...steps.email, entry: 'clearMessages', exit: 'clearMessages' },
      code: { ...steps.code, states: { ...steps.code.states, verified: { type: 'final' } }, onDone: 'signedIn' },
      signedIn: { type: 'final' },
    },
  });
}
