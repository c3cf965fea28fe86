// Rate limits for the functions, counted in Appwrite (collection `rate_limits`), so every instance of a function
// (and both ways of running) shares one count. A fixed window per key: the window's counter document is made by
// the first hit and raised by Appwrite's atomic increment after that, so concurrent hits are never lost.
import { createHash } from 'node:crypto';
import { AppwriteException, Query } from 'node-appwrite';
import type { FunctionName } from '../../src/shared/contracts/function-names';
import { adminClient } from './appwrite';
import { env } from './env';
import { HttpError } from './http';

const COLLECTION = 'rate_limits';
/** One call in this many also clears up to SWEEP_BATCH counters of ended windows. */
const SWEEP_EVERY = 50;
const SWEEP_BATCH = 25;
const HOUR_MS = 3_600_000;

/** `weight`: what one hit counts (default 1), e.g. a photo's kilobytes against a daily allowance of them. */
export type Limit = { key: string; max: number; windowMs: number; message: string; weight?: number };

const isCode = (err: unknown, code: number) => err instanceof AppwriteException && err.code === code;

/**
 * The client address Netlify gives a function as `context.ip` (the embedded server passes the same, read behind its
 * trusted proxies), for limits counted per address.
 */
export const ipOf = (context: unknown) => {
  const ip = (context as { ip?: unknown } | undefined)?.ip;
  return typeof ip === 'string' && ip ? ip : 'unknown';
};

/**
 * RATE_LIMITS (on unless set to off, 0, false or no): the switch the embedded server's own limits and daily quotas
 * follow, which the limits that mirror them here (mail per address, counters' daily photos) follow too.
 */
export const rateLimitsOn = () => !['off', '0', 'false', 'no'].includes((env('RATE_LIMITS') ?? 'on').toLowerCase());

/** The window `now` falls in, and the id of its counter document. */
function windowOf(limit: Limit, now: number) {
  const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
  const documentId = createHash('sha256').update(`${limit.key}|${windowStart}`).digest('hex').slice(0, 32);
  return { resetAt: windowStart + limit.windowMs, documentId };
}

/** Counts one hit on `limit.key`; throws a 429 (with Retry-After) once the window holds more than `max` hits. */
export async function rateLimit(limit: Limit, now = Date.now()): Promise<void> {
  const { databases, settings } = adminClient();
  const ids = { databaseId: settings.databaseId, collectionId: COLLECTION };
  const { resetAt, documentId } = windowOf(limit, now);
  const weight = limit.weight ?? 1;

  const increment = async () =>
    (await databases.incrementDocumentAttribute({ ...ids, documentId, attribute: 'count', value: weight })).count as number;
  let count: number;
  try {
    count = await increment();
  } catch (err) {
    if (!isCode(err, 404)) throw err;
    try {
      await databases.createDocument({
        ...ids,
        documentId,
        data: { key: limit.key.slice(0, 512), count: weight, expires_at: new Date(resetAt).toISOString() },
      });
      count = weight;
    } catch (createErr) {
      if (!isCode(createErr, 409)) throw createErr;
      count = await increment(); // another hit made the window's counter first
    }
  }
  if (Math.random() < 1 / SWEEP_EVERY) void sweep(now).catch(() => undefined);
  if (count > limit.max) {
    const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
    throw new HttpError(429, 'rate_limited', limit.message, undefined, { 'Retry-After': String(retryAfter) });
  }
}

/** Takes back a hit that `rateLimit` counted at the same `now`: one that used nothing (a repeat, a refusal). */
export async function refundHit(limit: Limit, now: number): Promise<void> {
  const { databases, settings } = adminClient();
  await databases.decrementDocumentAttribute({
    databaseId: settings.databaseId,
    collectionId: COLLECTION,
    documentId: windowOf(limit, now).documentId,
    attribute: 'count',
    value: limit.weight ?? 1,
    min: 0,
  });
}

/**
 * Counts one call of the function `name` by a customer account, at most `perHour` an hour; past that the 429 says
 * "Too many {what} from this account. Please try again later."
 * @example await limitAccount('warrantyCertificate', customer.id, 200, 'certificate downloads');
 */
export const limitAccount = (name: FunctionName, accountId: string, perHour: number, what: string): Promise<void> =>
  rateLimit({
    key: `${name}:${accountId}`,
    max: perHour,
    windowMs: HOUR_MS,
    message: `Too many ${what} from this account. Please try again later.`,
  });

async function sweep(now: number) {
  const { databases, settings } = adminClient();
  const ids = { databaseId: settings.databaseId, collectionId: COLLECTION };
  const ended = await databases.listDocuments({
    ...ids,
    queries: [Query.lessThan('expires_at', new Date(now).toISOString()), Query.limit(SWEEP_BATCH)],
  });
  for (const doc of ended.documents) await databases.deleteDocument({ ...ids, documentId: doc.$id }).catch(() => undefined);
}
