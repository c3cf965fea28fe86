// The customer's e-mail sign-in as the parts of a machine: the e-mail step (send the code) and the code step (verify
// it, resend it), with their checks and what they keep. The sign-in machine (sign-in.machine.ts) is made of them, and
// so are the wizard's steps 2 and 3 (src/features/wizard/wizard.machine.ts): both ask, check and answer alike.
//
// A machine made of these parts has SignInContext in its context and SignInEvent in its events, gives the actors
// `sendCode` and `verifyCode` (SignInCalls), and has the guards and actions the steps name in its setup: all at once
// (signInGuards, signInActions), or one line each (signInGuard, signInAction) where a spread would defeat XState's
// inference of the machine's own.
import { assign, not, raise, type DoneActorEvent, type ErrorActorEvent, type EventObject, type ProvidedActor } from 'xstate';
import type { CustomerSession, PendingLogin } from './account';
import {
  classifyVerifyError,
  isCodeComplete,
  isEmailValid,
  isEmailWithinLimit,
  isUnsendable,
  MAX_WRONG_CODES,
  sendErrorMessage,
  SIGN_IN_MESSAGES,
  SIGN_IN_TEXTS,
  verifyErrorMessage,
  type VerifyFailure,
} from './sign-in-texts';

export type SignInContext = {
  fields: { email: string; code: string };
  /** The pending login: the account the code just sent signs in to (null once the code has expired). */
  userId: string | null;
  sessionId: string | null;
  isVerified: boolean;
  error: string | null;
  notice: string | null;
  /** The code could not be sent (offline, server unreachable or failing). */
  codeUnsendable: boolean;
  /** Wrong tries of the code on its way: the server stops taking it after MAX_WRONG_CODES. */
  wrongCodes: number;
};

export type SignInEvent =
  | { type: 'code.send' }
  | { type: 'code.verify' }
  | { type: 'code.resend' }
  | { type: 'key.enter' }
  /** From the code step back to the e-mail step. */
  | { type: 'step.back' }
  /** Raised for whoever keeps the session: a code was asked for (any earlier session is over), or one was verified. */
  | { type: 'session.end' }
  | { type: 'session.start' };

/** The calls the steps make: their input and output. */
export type SignInCalls = {
  sendCode: { input: { email: string }; output: PendingLogin };
  verifyCode: { input: { userId: string; code: string }; output: CustomerSession };
};

type GuardParams = {
  isEmailGiven: undefined;
  isEmailValid: undefined;
  isEmailWithinLimit: undefined;
  isCodeGiven: undefined;
  isCodeComplete: undefined;
  hasPendingLogin: undefined;
  isCodeExpired: { kind: VerifyFailure };
  isCodeWrong: { kind: VerifyFailure };
  isCodeLive: undefined;
};

const GUARDS: { [K in keyof GuardParams]: (context: SignInContext, params: GuardParams[K]) => boolean } = {
  isEmailGiven: (c) => c.fields.email.trim().length > 0,
  isEmailValid: (c) => isEmailValid(c.fields.email),
  isEmailWithinLimit: (c) => isEmailWithinLimit(c.fields.email),
  isCodeGiven: (c) => c.fields.code.length > 0,
  isCodeComplete: (c) => isCodeComplete(c.fields.code),
  hasPendingLogin: (c) => c.userId !== null,
  isCodeExpired: (_, params) => params.kind === 'expired',
  isCodeWrong: (_, params) => params.kind === 'invalid',
  /** Tried fewer than MAX_WRONG_CODES times wrong: the server still takes it. */
  isCodeLive: (c) => c.wrongCodes < MAX_WRONG_CODES,
};

type ActionParams = {
  clearMessages: undefined;
  showError: { message: string };
  showNotice: { message: string };
  storeLogin: PendingLogin;
  storeSession: CustomerSession;
  forgetLogin: undefined;
  noteUnsendable: { unsendable: boolean };
  codeSent: undefined;
  noteWrongCode: undefined;
};

const UPDATES: { [K in keyof ActionParams]: (context: SignInContext, params: ActionParams[K]) => Partial<SignInContext> } = {
  clearMessages: () => ({ error: null, notice: null }),
  showError: (_, params) => ({ error: params.message, notice: null }),
  showNotice: (_, params) => ({ notice: params.message, error: null }),
  /** A code is on its way: its account is the pending login, and a code typed for an earlier one goes. */
  storeLogin: (context, params) => ({
    userId: params.userId,
    isVerified: false,
    sessionId: null,
    wrongCodes: 0,
    fields: { ...context.fields, code: '' },
  }),
  storeSession: (_, params) => ({
    userId: params.userId,
    sessionId: params.sessionId,
    isVerified: true,
    error: null,
    notice: SIGN_IN_MESSAGES.codeVerified,
  }),
  forgetLogin: () => ({ userId: null }),
  noteUnsendable: (_, params) => ({ codeUnsendable: params.unsendable }),
  /** A first code is on its way (a machine may do more here: the wizard's counter no longer confirms later). */
  codeSent: () => ({ codeUnsendable: false }),
  /** A wrong code: SPEC's "Invalid OTP" for the first tries, then that the code is spent and a new one is needed. */
  noteWrongCode: (context) => {
    const wrongCodes = context.wrongCodes + 1;
    return { wrongCodes, error: wrongCodes >= MAX_WRONG_CODES ? SIGN_IN_MESSAGES.codeDead : SIGN_IN_MESSAGES.codeInvalid, notice: null };
  },
};

/** The sign-in's guard `name`, for a machine's setup. */
export const signInGuard =
  <K extends keyof GuardParams, C extends SignInContext, E extends EventObject>(name: K) =>
  ({ context }: { context: C; event: E }, params: GuardParams[K]) =>
    GUARDS[name](context, params);

/** The sign-in's action `name`, for a machine's setup: it updates the sign-in's part of the context (the rest stays). */
export const signInAction = <
  K extends keyof ActionParams,
  C extends SignInContext,
  E extends EventObject,
  TEvent extends EventObject,
  TActor extends ProvidedActor,
>(
  name: K,
) => assign<C, E, ActionParams[K], TEvent, TActor>(({ context }, params) => UPDATES[name](context, params) as Partial<C>);

const names = <T extends object>(o: T) => Object.keys(o) as (keyof T)[];

/**
 * All the sign-in's guards, or all its actions, for the setup of a machine of the sign-in alone: `guards:
 * signInGuards()`. A machine that writes actions of its own as well (the wizard) binds each with `signInGuard(name)`
 * and `signInAction(name)`: XState infers its setup's types only from calls written there, which a spread defeats.
 */
export const signInGuards = <C extends SignInContext, E extends EventObject>() =>
  Object.fromEntries(names(GUARDS).map((name) => [name, signInGuard<typeof name, C, E>(name)])) as {
    [K in keyof GuardParams]: ReturnType<typeof signInGuard<K, C, E>>;
  };
export const signInActions = <C extends SignInContext, E extends EventObject>() =>
  Object.fromEntries(names(UPDATES).map((name) => [name, signInAction<typeof name, C, E, E, never>(name)])) as {
    [K in keyof ActionParams]: ReturnType<typeof signInAction<K, C, E, E, never>>;
  };

type Args = { context: SignInContext };

/** Shows one of the sign-in's fixed messages. */
const showError = (message: string) => ({ type: 'showError' as const, params: { message } });
const emailOf = ({ context }: Args) => ({ email: context.fields.email.trim() });
const sent = ({ event }: { event: DoneActorEvent<PendingLogin> }) => event.output;
const sendFailure = ({ event }: { event: ErrorActorEvent }) => ({ message: sendErrorMessage(event.error) });
const verifyFailure = ({ event }: { event: ErrorActorEvent }) => ({ kind: classifyVerifyError(event.error) });
/** The guards without params: what a step checks before it calls. */
type Check = { [K in keyof GuardParams]: GuardParams[K] extends undefined ? K : never }[keyof GuardParams];
/** A step's checks in order: each a guard that must hold, and the message shown when it does not. */
type Checks = [mustHold: Check, message: string][];

const EMAIL_CHECKS: Checks = [
  ['isEmailGiven', SIGN_IN_MESSAGES.emailRequired],
  ['isEmailWithinLimit', SIGN_IN_MESSAGES.emailTooLong],
  ['isEmailValid', SIGN_IN_MESSAGES.emailInvalid],
];
const CODE_CHECKS: Checks = [
  ['isCodeGiven', SIGN_IN_MESSAGES.codeMissing],
  ['isCodeComplete', SIGN_IN_MESSAGES.codeLength],
  ['hasPendingLogin', SIGN_IN_MESSAGES.codeNoLogin],
  // Past that, the server would refuse even the right code: no call, the same words.
  ['isCodeLive', SIGN_IN_MESSAGES.codeDead],
];

/** The first check that fails shows its message; all passed, `target`. */
const checked = (checks: Checks, target: string) => [
  ...checks.map(([check, message]) => ({ guard: not(check), actions: showError(message) })),
  { target, actions: 'clearMessages' as const },
];

/**
 * The two steps as state configs, for a machine with context `C` and events `E` to place where its own steps are:
 * `ids` are the state ids (with #) of the e-mail step and of the code step. A verified code goes to the code step's
 * `verified` state, which the machine adds (the wizard waits there before step 4; the sign-in machine is done).
 */
export function signInSteps<C extends SignInContext, E extends EventObject>(ids: { email: string; code: string }) {
  // E includes SignInEvent; raised in reply to any event, the calls' answers too.
  const raiseEvent = (event: SignInEvent) => raise<C, EventObject, E, undefined>(event as E);
  return {
    email: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'code.send': checked(EMAIL_CHECKS, 'sendingCode'),
            'key.enter': { actions: raiseEvent({ type: 'code.send' }) },
          },
        },
        sendingCode: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: emailOf,
            onDone: {
              target: ids.code,
              actions: [{ type: 'storeLogin', params: sent }, 'codeSent', raiseEvent({ type: 'session.end' })],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'showError', params: sendFailure },
                { type: 'noteUnsendable', params: ({ event }: { event: ErrorActorEvent }) => ({ unsendable: isUnsendable(event.error) }) },
              ],
            },
          },
        },
      },
    },
    code: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'code.verify': checked(CODE_CHECKS, 'verifying'),
            'key.enter': { actions: raiseEvent({ type: 'code.verify' }) },
            'code.resend': { target: 'resendingCode', actions: 'clearMessages' },
            'step.back': ids.email,
          },
        },
        resendingCode: {
          invoke: {
            id: 'resendCode',
            src: 'sendCode',
            input: emailOf,
            onDone: {
              target: 'editing',
              actions: [
                { type: 'storeLogin', params: sent },
                { type: 'showNotice', params: ({ context }: Args) => ({ message: SIGN_IN_TEXTS.resent(context.fields.email.trim()) }) },
                raiseEvent({ type: 'session.end' }),
              ],
            },
            onError: { target: 'editing', actions: { type: 'showError', params: sendFailure } },
          },
        },
        verifying: {
          invoke: {
            id: 'verifyCode',
            src: 'verifyCode',
            input: ({ context }: Args) => ({ userId: context.userId ?? '', code: context.fields.code }),
            onDone: {
              target: 'verified',
              actions: [
                { type: 'storeSession', params: ({ event }: { event: DoneActorEvent<CustomerSession> }) => event.output },
                raiseEvent({ type: 'session.start' }),
              ],
            },
            onError: [
              {
                // An expired code also forgets the pending login: only a new code can sign in now.
                guard: { type: 'isCodeExpired', params: verifyFailure },
                target: 'editing',
                actions: ['forgetLogin', showError(SIGN_IN_MESSAGES.codeExpired)],
              },
              { guard: { type: 'isCodeWrong', params: verifyFailure }, target: 'editing', actions: 'noteWrongCode' },
              {
                target: 'editing',
                actions: {
                  type: 'showError',
                  params: (args: { event: ErrorActorEvent }) => ({ message: verifyErrorMessage(verifyFailure(args).kind) }),
                },
              },
            ],
          },
        },
      },
    },
  } as const;
}
