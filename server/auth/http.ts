// Request plumbing shared by the Auth routes: bounded JSON bodies and field checks.
import { badJson, tooLarge, validationFailed } from './errors';

export const BODY_LIMIT = 1024 * 1024;
/** An oversize body is read and dropped up to this size so the client receives the 413 instead of a reset. */
const DRAIN_CAP = 16 * 1024 * 1024;

/** Reads a JSON object body of at most BODY_LIMIT bytes; an empty body is {}. */
export async function readJson(req: Request): Promise<Record<string, unknown>> {
  const declared = Number(req.headers.get('content-length'));
  const body = req.body;
  let text = '';
  if (body) {
    const reader = body.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    const over = Number.isFinite(declared) && declared > BODY_LIMIT;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > DRAIN_CAP) {
        await reader.cancel();
        break;
      }
      if (!over && size <= BODY_LIMIT) parts.push(value);
    }
    if (over || size > BODY_LIMIT) throw tooLarge(BODY_LIMIT);
    text = Buffer.concat(parts).toString('utf8');
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw badJson(err instanceof Error ? err.message : 'malformed JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw badJson('the body must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** A required string field of bounded length. */
export function requiredString(body: Record<string, unknown>, name: string, max = 1024): string {
  const value = body[name];
  if (value === undefined || value === null || value === '') throw validationFailed(`${name} is required`);
  if (typeof value !== 'string') throw validationFailed(`${name} must be a string`);
  if (value.length > max) throw validationFailed(`${name} must be at most ${max} characters`);
  return value;
}

/** An optional string field of bounded length; absent or null gives undefined. */
export function optionalString(body: Record<string, unknown>, name: string, max = 256): string | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw validationFailed(`${name} must be a string`);
  if (value.length > max) throw validationFailed(`${name} must be at most ${max} characters`);
  return value;
}

const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Normalises an email address (trimmed, lower case) and checks its form; `localhost` domains are allowed. */
export function normalizeEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email;
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
