// The customer's e-mail sign-in (the wizard's steps 2 and 3, and /warranties): its texts and rules, one copy for both
// (the steps that check and say them: sign-in.steps.ts).
import { isEmail } from '@/shared/contracts/email';
import { FIELD_LIMITS } from '@/shared/contracts/field-limits';
import { withinLimit } from '@/shared/contracts/text-length';

export const SIGN_IN_MESSAGES = {
  emailRequired: 'Enter your email.',
  emailInvalid: 'Enter a valid email address.',
  emailTooLong: `Your email address must be ${FIELD_LIMITS.email} characters or fewer.`,
  codeMissing: 'Please enter the OTP.',
  codeRequired: 'Enter the OTP.',
  codeLength: 'OTP must be 6 digits.',
  codeNoLogin: 'Session expired. Please request a new OTP.',
  codeVerified: 'OTP verified successfully!',
  codeInvalid: 'Invalid OTP. Please check and try again.',
  /** After MAX_WRONG_CODES wrong tries the server no longer accepts the code, even the right one. */
  codeDead: 'This code can no longer be used. Press Resend OTP for a new one.',
  codeExpired: 'OTP has expired. Please request a new one.',
  verifyFailed: 'Verification failed. Please try again.',
  sendFailed: 'Failed to send OTP.',
  unreachable: "We can't reach the server. Check your connection and try again.",
} as const;

export const SIGN_IN_TEXTS = {
  emailLabel: 'Email Address',
  emailHint: 'We will email you a 6-digit code to confirm it is you.',
  sendCode: 'Send OTP',
  codeLabel: 'Enter OTP',
  codeHintTo: (email: string) => `We sent a 6-digit code to ${email}.`,
  codeHint: 'Enter the 6-digit code from your email.',
  verifyCode: 'Verify OTP',
  resendCode: 'Resend OTP',
  sending: 'Sending…',
  checking: 'Checking…',
  resent: (email: string) => `A new code is on its way to ${email}.`,
} as const;

export const CODE_LENGTH = 6;
/** Wrong tries a code survives on the server (server/appwrite/account.ts MAX_CODE_ATTEMPTS). */
export const MAX_WRONG_CODES = 5;

/** The app's one e-mail rule (the one Appwrite applies), so an address the step accepts is one the server takes. */
export const isEmailValid = (email: string) => isEmail(email.trim());
export const isEmailWithinLimit = (email: string) => withinLimit(email.trim(), FIELD_LIMITS.email);
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
export const sanitizeCode = (value: string) => digitsOnly(value).slice(0, CODE_LENGTH);
export const isCodeComplete = (code: string) => /^\d{6}$/.test(code);

export type ErrorLike = { message?: unknown; code?: unknown; type?: unknown };
const asErrorLike = (err: unknown): ErrorLike => (typeof err === 'object' && err !== null ? (err as ErrorLike) : {});
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** No answer at all: the network is down or the host unreachable (fetch's TypeError; the SDK's code 0 for it). */
const isNoAnswer = (err: unknown) =>
  err instanceof TypeError || (Number(asErrorLike(err).code ?? 0) === 0 && !/param/i.test(text(asErrorLike(err).message)));

/** Whether a failed code request means the code cannot be sent now (no network, server unreachable or failing). */
export function isUnsendable(err: unknown): boolean {
  // Code 0: no answer from the server (the SDK wraps fetch's failure), unless the SDK refused a bad parameter itself.
  return isNoAnswer(err) || Number(asErrorLike(err).code ?? 0) >= 500;
}

/** Words meant for developers, never shown: a parameter or attribute path, a deployment's setup, the network's own. */
const TECHNICAL = /param|attribute|document structure|invalid origin|failed to fetch|networkerror|load failed|`/i;
const NETWORK = /failed to fetch|networkerror|load failed|network/i;

/** The message for a failed code request: no answer, a refused address, else the error's own words or SPEC.md's fallback. */
export function sendErrorMessage(err: unknown): string {
  const e = asErrorLike(err);
  const message = text(e.message).trim();
  const noAnswer =
    err instanceof TypeError || (e.code === 0 && !/param/i.test(message)) || (!('code' in Object(err)) && NETWORK.test(message));
  if (noAnswer) return SIGN_IN_MESSAGES.unreachable;
  if (!message) return SIGN_IN_MESSAGES.sendFailed;
  if (!TECHNICAL.test(message)) return message;
  return /param/i.test(message) && /email/i.test(message) ? SIGN_IN_MESSAGES.emailInvalid : SIGN_IN_MESSAGES.sendFailed;
}

export type VerifyFailure = 'expired' | 'invalid' | 'other';

/** Sorts a failed code check: expired codes first (they also clear the pending login), then wrong codes. */
export function classifyVerifyError(err: unknown): VerifyFailure {
  const e = asErrorLike(err);
  const words = `${text(e.type)} ${text(e.message)}`.toLowerCase();
  if (words.includes('expired')) return 'expired';
  if (e.code === 401 || /invalid[_ ](token|credentials)|user_invalid/.test(words)) return 'invalid';
  return 'other';
}

export const verifyErrorMessage = (kind: VerifyFailure) =>
  kind === 'expired' ? SIGN_IN_MESSAGES.codeExpired : kind === 'invalid' ? SIGN_IN_MESSAGES.codeInvalid : SIGN_IN_MESSAGES.verifyFailed;
