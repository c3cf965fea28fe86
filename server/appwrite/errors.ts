// Appwrite's error shape ({message, code, type, version}) and the types this backend raises.
import { ProtocolError } from '../net/protocol-error';

export const APPWRITE_VERSION = '1.9.6';

export class AppwriteError extends ProtocolError {
  override name = 'AppwriteError';
  get type() {
    return this.kind;
  }
}

export const errorBody = (err: AppwriteError) => ({
  message: err.message,
  code: err.status,
  type: err.type,
  version: APPWRITE_VERSION,
});

export const invalidArgument = (message: string) => new AppwriteError(400, 'general_argument_invalid', message);
export const invalidParam = (name: string, rule: string) => invalidArgument(`Invalid \`${name}\` param: ${rule}`);
export const guestScope = () => new AppwriteError(401, 'general_unauthorized_scope', 'User (role: guests) missing scopes (["account"])');
export const unauthorized = (message = 'The current user is not authorized to perform the requested action.') =>
  new AppwriteError(401, 'user_unauthorized', message);
export const routeNotFound = () =>
  new AppwriteError(404, 'general_route_not_found', 'The requested route was not found. Please refer to the API docs and try again.');
export const rateLimited = (resetAt: number) =>
  new AppwriteError(
    429,
    'general_rate_limit_exceeded',
    'Rate limit for the current endpoint has been exceeded. Please try again after some time.',
    { 'Retry-After': String(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000))) },
  );
export const payloadTooLarge = (limit: number) =>
  new AppwriteError(413, 'general_payload_too_large', `Request body is larger than the limit of ${limit} bytes.`);
