// GoTrue's error shape ({code, error_code, message, msg}) and the errors this service raises.
import type { Context } from 'hono';
import { ProtocolError } from '../net/protocol-error';
import { RateLimited } from '../net/rate-limit';

export const API_VERSION = '2024-01-01';

export class AuthError extends ProtocolError {
  override name = 'AuthError';
  get code() {
    return this.kind;
  }
}

/** Both the 2024-01-01 shape (code: string) and the legacy one (error_code, msg), so any auth-js version reads it. */
export function authErrorResponse(c: Context, err: unknown): Response {
  if (err instanceof RateLimited) err = rateLimited(err.resetMs);
  if (!(err instanceof AuthError)) {
    console.error('[auth] unexpected error:', err);
    err = new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  }
  const e = err as AuthError;
  for (const [k, v] of Object.entries(e.headers)) c.header(k, v);
  c.header('X-Supabase-Api-Version', API_VERSION);
  c.header('x-sb-error-code', e.code);
  c.header('Cache-Control', 'no-store');
  return c.json({ code: e.code, error_code: e.code, message: e.message, msg: e.message }, e.status as 400);
}

export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message);
export const badJson = (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`);
export const tooLarge = (limit: number) =>
  new AuthError(413, 'request_too_large', `Request body is larger than the limit of ${limit} bytes.`);
export const notFound = () => new AuthError(404, 'not_found', 'Not found: no such Auth endpoint.');
export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
export const noAuthorization = () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
export const badJwt = (detail: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`);
export const sessionNotFound = () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
export const userNotFound = () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
export const refreshTokenNotFound = () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
export const refreshTokenAlreadyUsed = () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
export const insufficientAal = (message: string) => new AuthError(403, 'insufficient_aal', message);
export const rateLimited = (resetMs: number) =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
    'Retry-After': String(Math.max(1, Math.ceil((resetMs - Date.now()) / 1000))),
  });
