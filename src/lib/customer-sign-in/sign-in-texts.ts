// The customer's e-mail sign-in (the wizard's steps 2 and 3, and /warranties): its texts and rules, one copy for both
// (the steps that check and say them: sign-in.steps.ts).

export const SIGN_IN_MESSAGES = {
  emailRequired: 'Enter your email.',
  emailInvalid: 'Enter a valid email address.',
  codeMissing: 'Please enter the OTP.',
  codeRequired: 'Enter the OTP.',
  codeLength: 'OTP must be 6 digits.',
  codeNoLogin: 'Session expired. Please request a new OTP.',
  codeVerified: 'OTP verified successfully!',
  codeInvalid: 'Invalid OTP. Please check and try again.',
  codeExpired: 'OTP has expired. Please request a new one.',
  verifyFailed: 'Verification failed. Please try again.',
  sendFailed: 'Failed to send OTP.',
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

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailValid = (email: string) => EMAIL_PATTERN.test(email.trim());
export const digitsOnly = (value: string) => value.replace(/\D/g, '');
export const sanitizeCode = (value: string) => digitsOnly(value).slice(0, CODE_LENGTH);
export const isCodeComplete = (code: string) => /^\d{6}$/.test(code);

export type ErrorLike = { message?: unknown; code?: unknown; type?: unknown };
const asErrorLike = (err: unknown): ErrorLike => (typeof err === 'object' && err !== null ? (err as ErrorLike) : {});
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Whether a failed code request means the code cannot be sent now (no network, server unreachable or failing). */
export function isUnsendable(err: unknown): boolean {
  if (err instanceof TypeError) return true;
  const code = Number(asErrorLike(err).code ?? 0);
  // Code 0: no answer from the server (the SDK wraps fetch's failure), unless the SDK refused a bad parameter itself.
  return code === 0 ? !/param/i.test(text(asErrorLike(err).message)) : code >= 500;
}

/** The message for a failed code request: the error's own message, else SPEC.md's fallback. */
export function sendErrorMessage(err: unknown): string {
  return text(asErrorLike(err).message).trim() || SIGN_IN_MESSAGES.sendFailed;
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
