// What the staff sign-in says when Supabase Auth refuses, in plain words.

export const NOT_STAFF = 'This account is not a staff account.';
export const RATE_LIMITED = 'Too many attempts. Please wait a few minutes, then try again.';
export const UNREACHABLE = 'The sign-in service cannot be reached. Check the connection and try again.';
export const WRONG_CODE = 'That code is not right. Enter the 6-digit code your authenticator app shows now.';
export const CODE_EXPIRED = 'That code has expired. Enter the code your authenticator app shows now.';

type AuthFailure = { name?: string; status?: number; code?: string; message?: string };

/** The server's own message where it is meant for people ("Invalid login credentials"), else a plain one. */
export function authMessage(error: AuthFailure): string {
  if (error.status === 429 || error.code === 'over_request_rate_limit') return RATE_LIMITED;
  if (error.name === 'AuthRetryableFetchError' || error.status === 0) return UNREACHABLE;
  if (error.code === 'mfa_verification_failed') return WRONG_CODE;
  if (error.code === 'mfa_challenge_expired') return CODE_EXPIRED;
  if (error.status && error.status >= 500) return 'Sign-in is not working right now. Please try again in a moment.';
  return error.message || 'Sign-in failed. Please try again.';
}
