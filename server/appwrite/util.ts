// Ids, timestamps and the parameter checks every Appwrite route shares.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { isEmail } from '../../src/shared/contracts/email';
import { invalidArgument, invalidParam } from './errors';

/** ISO 8601 with milliseconds and an explicit offset, as Appwrite writes dates: 2026-01-01T00:00:00.000+00:00 */
export const isoNow = (ms = Date.now()) => new Date(ms).toISOString().replace('Z', '+00:00');

/** Same layout as the SDK's ID.unique(): hex seconds, 5 hex digits of sub-second time, 7 random hex digits. */
export function uniqueId(): string {
  const now = Date.now();
  const sec = Math.floor(now / 1000).toString(16);
  const sub = ((now % 1000) * 1000 + randomInt(1000)).toString(16).padStart(5, '0');
  return sec + sub + randomBytes(4).toString('hex').slice(0, 7);
}

const UID = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/;
const UID_RULE =
  "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char";

/** Checks a client-chosen id; 'unique()' asks the server to make one. */
export function customId(name: string, value: unknown): string {
  if (value === 'unique()') return uniqueId();
  if (typeof value !== 'string' || !UID.test(value)) throw invalidParam(name, UID_RULE);
  return value;
}

export function requiredId(name: string, value: unknown): string {
  if (typeof value !== 'string' || !UID.test(value)) throw invalidParam(name, UID_RULE);
  return value;
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const randomSecret = (bytes = 32) => randomBytes(bytes).toString('hex');

export function stringParam(name: string, value: unknown, { max = 256, min = 0 } = {}): string {
  if (typeof value !== 'string')
    throw invalidParam(name, `Value must be a valid string and at least ${min || 1} chars and no longer than ${max} chars`);
  if (value.length < min || value.length > max)
    throw invalidParam(name, `Value must be a valid string and at least ${min || 1} chars and no longer than ${max} chars`);
  return value;
}

export function optionalBool(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParam(name, 'Value must be a valid boolean');
}

export function optionalInt(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw invalidParam(name, `Value must be a valid range between ${min} and ${max}`);
  return n;
}

/** A JSON object body; anything else is the caller's mistake. */
export function asObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidArgument('Request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** An e-mail parameter (Users and Account APIs), by the app's one rule (Appwrite's), kept in lower case as Appwrite does. */
export function emailParam(name: string, value: unknown): string {
  if (typeof value !== 'string' || !isEmail(value)) throw invalidParam(name, 'Value must be a valid email address');
  return value.toLowerCase();
}

/** Parses a JSON body (an empty body is {}); malformed JSON is a 400, never a crash. */
export async function readJson(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidArgument('Request body is not valid JSON.');
  }
  return asObject(parsed);
}
