// Counter devices (collection `counters`): a store's own device enrolled by staff, holding a counter token that is
// good for sending registrations and nothing else. The token is `<counter id>.<secret>` (the secret 32 random bytes,
// base64url); only sha256(secret) is stored. Every call looks the counter up afresh, so a revocation holds at once.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppwriteException, ID, Query } from 'node-appwrite';
import type { Counter } from '../../../src/shared/contracts/functions';
import { adminClient } from '../appwrite';
import { env } from '../env';
import { HttpError } from '../http';
import { ipOf, rateLimit } from '../rate-limit';

const COLLECTION = 'counters';
const SECRET_BYTES = 32;
/** A counter id (as ID.unique() makes them: no dots) and the base64url secret. */
const TOKEN_PATTERN = /^([a-zA-Z0-9][a-zA-Z0-9_-]{0,35})\.([A-Za-z0-9_-]{43})$/;
const HOUR_MS = 3_600_000;
/** Calls per counter and hour: a day's queue of 50 registrations with photos (about 7 calls each) fits at once. */
const DEFAULT_CALLS_PER_HOUR = 1000;
/** Failed counter sign-ins per client address in ten minutes, before the address is told to wait. */
const FAILED_PER_ADDRESS = 30;
/** last_seen is written at most this often. */
const SEEN_EVERY_MS = 60_000;

export type CounterIdentity = { id: string; store: string; lastSeen: string | null };

export const REVOKED_MESSAGE = 'This counter device was revoked. Ask staff to enrol it again.';
export const NOT_ENROLLED_MESSAGE = 'This device is not enrolled as a counter. Ask staff to enrol it on the staff home page.';
export const INVALID_TOKEN_MESSAGE = 'This counter token is not valid. Ask staff to enrol this device again.';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const nullableString = (v: unknown) => (typeof v === 'string' && v ? v : null);

type Doc = Record<string, unknown> & { $id: string };

export const toCounter = (d: Doc): Counter => ({
  id: d.$id,
  store: String(d.store ?? ''),
  enrolled_by: String(d.enrolled_by ?? ''),
  enrolled_at: String(d.enrolled_at ?? ''),
  last_seen: nullableString(d.last_seen),
  revoked_at: nullableString(d.revoked_at),
});

function where() {
  const { databases, settings } = adminClient();
  return { databases, ids: { databaseId: settings.databaseId, collectionId: COLLECTION } };
}

const upstream = (what: string) => new HttpError(502, 'upstream_error', `${what} could not be reached right now. Please try again.`);

/** Enrols a device for `store`: the token is answered once and kept nowhere. */
export async function enrolCounter(store: string, enrolledBy: string): Promise<{ id: string; store: string; token: string }> {
  const { databases, ids } = where();
  const id = ID.unique();
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  try {
    await databases.createDocument({
      ...ids,
      documentId: id,
      data: { store, token_hash: sha256(secret), enrolled_by: enrolledBy.slice(0, 320), enrolled_at: new Date().toISOString() },
      permissions: [],
    });
  } catch (err) {
    if (err instanceof AppwriteException) throw new HttpError(502, 'upstream_error', `The counter could not be saved: ${err.message}`);
    throw upstream('The database');
  }
  return { id, store, token: `${id}.${secret}` };
}

/** Every counter, newest enrolment first (revoked ones too, with revoked_at). */
export async function listCounters(): Promise<Counter[]> {
  const { databases, ids } = where();
  const out: Counter[] = [];
  try {
    for (let cursor: string | undefined; ;) {
      const queries = [Query.orderDesc('enrolled_at'), Query.limit(500)];
      if (cursor) queries.push(Query.cursorAfter(cursor));
      const page = await databases.listDocuments({ ...ids, queries, total: false });
      out.push(...(page.documents as unknown as Doc[]).map(toCounter));
      if (page.documents.length < 500) return out;
      cursor = page.documents.at(-1)!.$id;
    }
  } catch {
    throw upstream('The database');
  }
}

/** Revokes a counter (an earlier revocation keeps its time). 404 when there is no such counter. */
export async function revokeCounter(id: string): Promise<Counter> {
  const { databases, ids } = where();
  let doc: Doc;
  try {
    doc = (await databases.getDocument({ ...ids, documentId: id })) as unknown as Doc;
    if (!doc.revoked_at)
      doc = (await databases.updateDocument({
        ...ids,
        documentId: id,
        data: { revoked_at: new Date().toISOString() },
      })) as unknown as Doc;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) throw new HttpError(404, 'not_found', 'There is no such counter device.');
    throw upstream('The database');
  }
  return toCounter(doc);
}

const safeEqualHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * The enrolled counter a customer's call came from, when it carries the counter's token beside the customer's JWT;
 * null without one, or with one that is not valid (the customer's own call is not refused for the device's token).
 */
export async function optionalCounter(req: Request, context: unknown): Promise<CounterIdentity | null> {
  if (!req.headers.get('authorization')) return null;
  try {
    return await requireCounter(req, context);
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) return null;
    throw err;
  }
}

/**
 * The counter behind `Authorization: Bearer <counter token>`, checked before any body is read, looked up every time
 * (no caching: a revocation holds for the next call). 401 with a message for a missing, malformed, unknown or
 * revoked token; wrong tokens are counted per client address. Each counter's calls are rate limited.
 */
export async function requireCounter(req: Request, context: unknown): Promise<CounterIdentity> {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  if (!m) throw new HttpError(401, 'unauthorized', NOT_ENROLLED_MESSAGE);
  const invalid = async () => {
    await rateLimit({
      key: `counter-sign-in:${ipOf(context)}`,
      max: FAILED_PER_ADDRESS,
      windowMs: 10 * 60_000,
      message: 'Too many attempts with counter tokens that are not valid. Please wait a few minutes.',
    });
    return new HttpError(401, 'unauthorized', INVALID_TOKEN_MESSAGE);
  };
  const parts = TOKEN_PATTERN.exec(m[1]!);
  if (!parts) throw await invalid();
  const [, id, secret] = parts as unknown as [string, string, string];

  const { databases, ids } = where();
  let doc: Doc;
  try {
    doc = (await databases.getDocument({ ...ids, documentId: id })) as unknown as Doc;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) throw await invalid();
    throw upstream('The counter register');
  }
  if (typeof doc.token_hash !== 'string' || !safeEqualHex(sha256(secret), doc.token_hash)) throw await invalid();
  if (doc.revoked_at) throw new HttpError(401, 'counter_revoked', REVOKED_MESSAGE);

  const max = Number(env('COUNTER_CALLS_PER_HOUR') ?? DEFAULT_CALLS_PER_HOUR);
  await rateLimit({
    key: `counter:${id}`,
    max: Number.isInteger(max) && max > 0 ? max : DEFAULT_CALLS_PER_HOUR,
    windowMs: HOUR_MS,
    message: 'This counter device sent too much at once. It will try again shortly.',
  });
  return { id, store: String(doc.store ?? ''), lastSeen: nullableString(doc.last_seen) };
}

/** Notes that the counter was heard from (at most once a minute); never fails the call it belongs to. */
export async function markSeen(counter: CounterIdentity): Promise<void> {
  const now = Date.now();
  if (counter.lastSeen && now - Date.parse(counter.lastSeen) < SEEN_EVERY_MS) return;
  const { databases, ids } = where();
  try {
    await databases.updateDocument({ ...ids, documentId: counter.id, data: { last_seen: new Date(now).toISOString() } });
  } catch (err) {
    console.error('[counters] last_seen could not be written:', err instanceof Error ? err.message : err);
  }
}
