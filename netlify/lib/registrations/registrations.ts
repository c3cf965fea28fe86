// The one reader and writer of stored registrations (the submissions collection) on the server. Customers write
// their registration straight to Appwrite, so every stored field is the customer's claim; this module turns a stored
// document into facts the server has verified itself (DESIGN.md, "Facts come from the server"), and no module outside
// this folder reads a raw registration document (tests/unit/netlify/lib/registrations/registrations-boundary.test.ts
// holds every file to it). The staff's reads, edits and imports of the same collection are ./staff-repository.ts,
// through this module.
//
// Where the facts come from, the same on Appwrite Cloud and the embedded server:
// - The owner is the account named in the document's permissions. Appwrite gives a client's document only roles the
//   client holds (it answers "Permissions must be one of: (...)" otherwise), so a customer's document can name no
//   account but its author's. `user_id` in the body is compared with it, never believed.
// - What the server wrote carries the permission `read("label:server")`: no customer holds that label, so no
//   customer can forge it. Only on such a document are `status` and `store` the server's own; on any other, the
//   status follows from the owner (a customer's own document was verified by code, so it is confirmed) and the store
//   is empty.
// - The registration date is `submitted_at` clamped to the document's arrival ($createdAt, set by Appwrite) and at
//   most MAX_QUEUE_DAYS before it.
// Whatever a document claims beyond those facts is said to staff (`flags`), never acted on.
import { AppwriteException, Permission, Query, Role, type Client, type Models } from 'node-appwrite';
import {
  ID_PATTERN,
  REGISTRATION_STATUS,
  SUBMISSION_FIELDS,
  type RegistrationStatus,
  type Submission,
  type SubmissionFields,
} from '../../../src/shared/contracts/submission';
import { searchTextOf } from '../../../src/shared/search-text';
import { clampedToArrival, formatDate, MAX_QUEUE_DAYS, parseDate } from '../../../src/shared/warranty';
import { adminClient, pagesOf } from '../appwrite';
import type { Customer } from '../define';
import { env } from '../env';
import { HttpError } from '../http';

/** The role no customer holds: a permission naming it marks what the server itself wrote. */
export const SERVER_ROLE = Role.label('server');
export const SERVER_MARK = Permission.read(SERVER_ROLE);

/** A device clock a little ahead of the server's is not worth a flag. */
const CLOCK_SKEW_MS = 10 * 60_000;

/** How long a registration may wait on a device before it arrives (MAX_QUEUE_DAYS, default 30). */
export function maxQueueDays(): number {
  const n = Number(env('MAX_QUEUE_DAYS'));
  return Number.isInteger(n) && n > 0 ? n : MAX_QUEUE_DAYS;
}

type Doc = Models.Document;

/** One stored registration as the server may act on it. */
export type Registration = {
  id: string;
  /** The registration with the server's facts in place of claims: status, store, submitted_at (the effective date). */
  record: Submission;
  /** The account that owns it; null while nobody has (a counter's or an imported one, before a verified e-mail). */
  owner: string | null;
  /** Written (and marked) by the server: a counter's, an imported one, or one the server has received. */
  serverWritten: boolean;
  status: RegistrationStatus;
  /** The valid photo ids it names, each once. */
  photoIds: string[];
  /** What the document claims that the server does not believe, for staff. */
  flags: string[];
};

const text = (doc: Doc, key: string) => {
  const v: unknown = (doc as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : '';
};

/** The registration's fields as the document stores them (a missing or non-text field is empty). */
export function storedFields(doc: Doc): Record<(typeof SUBMISSION_FIELDS)[number], string> {
  const fields = {} as Record<(typeof SUBMISSION_FIELDS)[number], string>;
  for (const f of SUBMISSION_FIELDS) fields[f] = text(doc, f);
  return fields;
}

/** The accounts a document's permissions name (`user:ID` and `user:ID/verified` are one account). */
function accountsIn(permissions: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const p of permissions) {
    const m = /\("user:([^"/]+)(?:\/[a-z]+)?"\)$/.exec(p);
    if (m) ids.add(m[1]!);
  }
  return [...ids];
}

/** The facts of a stored registration document. */
export function registrationOf(doc: Doc, now = Date.now()): Registration {
  const permissions = Array.isArray(doc.$permissions) ? doc.$permissions : [];
  const serverWritten = permissions.includes(SERVER_MARK);
  const accounts = accountsIn(permissions);
  const owner = accounts.length === 1 ? accounts[0]! : null;
  const flags: string[] = [];
  if (accounts.length > 1) flags.push('More than one account can read it: nobody is treated as its owner.');

  const claimedStatus = text(doc, 'status');
  const claimedStore = text(doc, 'store');
  let status: RegistrationStatus;
  let store = '';
  if (serverWritten) {
    status = claimedStatus === REGISTRATION_STATUS.pending && !owner ? REGISTRATION_STATUS.pending : REGISTRATION_STATUS.confirmed;
    store = claimedStore;
  } else {
    status = owner ? REGISTRATION_STATUS.confirmed : REGISTRATION_STATUS.pending;
    if (!owner && accounts.length <= 1)
      flags.push('Not written by this server and owned by no account: check it with the customer before you resend its link.');
    if (claimedStore.trim()) flags.push(`The store "${claimedStore.slice(0, 80)}" was written by the device, not by an enrolled counter.`);
    if (claimedStatus && claimedStatus !== status)
      flags.push(`The status "${claimedStatus.slice(0, 40)}" was written by the device, not by this server.`);
  }
  const userId = text(doc, 'user_id');
  if (owner && userId && userId !== owner) flags.push('The account it names (user_id) is not the account that owns it.');

  const arrival = parseDate(doc.$createdAt) ?? new Date(now);
  const claimed = parseDate(text(doc, 'submitted_at'));
  const queueDays = maxQueueDays();
  const at = claimed ? clampedToArrival(claimed, arrival, queueDays) : arrival;
  // A device clock a little ahead of the server's is clamped without a word; anything further is said to staff.
  if (claimed && (claimed.getTime() < at.getTime() || claimed.getTime() > arrival.getTime() + CLOCK_SKEW_MS))
    flags.push(
      `The device dated it ${formatDate(claimed)}, outside the ${queueDays} days before it arrived on ${formatDate(arrival)}: ${formatDate(at)} is used.`,
    );

  const fields = storedFields(doc);
  // Every field is text by construction (storedFields), and the id and times are Appwrite's own.
  const record: Submission = {
    $id: doc.$id,
    $createdAt: doc.$createdAt,
    $updatedAt: doc.$updatedAt,
    ...fields,
    submitted_at: at.toISOString(),
    status,
    store,
    ...(flags.length ? { flags } : {}),
  };
  return { id: doc.$id, record, owner, serverWritten, status, photoIds: photoIdsIn(fields.image_file_id), flags };
}

/** The valid file ids of an `image_file_id` (comma-separated), each once; anything else is not a photo. */
export function photoIdsIn(imageFileId: string): string[] {
  const ids = new Set<string>();
  for (const part of imageFileId.split(',')) {
    const id = part.trim();
    if (ID_PATTERN.test(id)) ids.add(id);
  }
  return [...ids];
}

/** Whether `email` is the registration's own address (Appwrite keeps addresses in lower case). */
export const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase() && a.trim() !== '';

/**
 * Where mail about the registration may go: its e-mail, when the server has verified that address for the account
 * that owns it (or, for one the server wrote that nobody owns yet, for the account of that address). Null otherwise:
 * such a registration is never mailed, linked or handed to Shopify. `owner`, the owning account as the server has
 * just read it, saves reading it again.
 */
export async function verifiedAddressOf(reg: Registration, owner?: Customer): Promise<string | null> {
  const email = reg.record.email;
  if (!email.trim()) return null;
  if (reg.owner && owner?.id === reg.owner) return owner.emailVerified && sameAddress(owner.email, email) ? owner.email : null;
  const { users } = adminClient();
  try {
    if (reg.owner) {
      const account = await users.get({ userId: reg.owner });
      return account.emailVerification && sameAddress(account.email, email) ? account.email : null;
    }
    if (!reg.serverWritten || reg.status === REGISTRATION_STATUS.pending) return null;
    const found = await users.list({ queries: [Query.equal('email', [email.trim().toLowerCase()]), Query.limit(1)] });
    const account = found.users[0];
    return account?.emailVerification ? account.email : null;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) return null;
    throw new HttpError(502, 'upstream_error', 'The account of the registration could not be checked right now. Please try again.');
  }
}

/** A failed database call as the caller's answer: 404 for a missing document, 502 for anything else. */
export function upstream(err: unknown, what = 'registration'): never {
  if (err instanceof HttpError) throw err;
  if (err instanceof AppwriteException) {
    if (err.code === 404) throw new HttpError(404, 'not_found', `That ${what} does not exist.`);
    throw new HttpError(502, 'upstream_error', `The database refused the request: ${err.message}`);
  }
  throw new HttpError(502, 'upstream_error', 'The database could not be reached. Please try again.');
}

/** The Appwrite clients and the registrations collection's ids. */
export function collection() {
  const { databases, storage, settings } = adminClient();
  return { databases, storage, settings, where: { databaseId: settings.databaseId, collectionId: settings.collectionId } };
}

/**
 * The registration documents `queries` list (databases.listDocuments without its total), for the pages of thousands
 * staff and the sweeps read. The request is node-appwrite's own (its endpoint, key, headers and query encoding); the
 * answer is read with JSON.parse, where node-appwrite reads every answer with json-bigint, a parser written in
 * JavaScript that keeps integers past 2^53. A registration holds none (only text and dates: appwrite.json, held to it
 * by registrations-boundary.test.ts), and json-bigint and its garbage were about 40 % of the server's CPU in a new
 * staff device's first fill. An answer of 400 or more is thrown as the AppwriteException node-appwrite throws for it.
 */
export async function listRegistrationDocuments(queries: string[]): Promise<Models.Document[]> {
  const { databases, where } = collection();
  const client = (databases as unknown as { client: Client }).client;
  const path = `/databases/${encodeURIComponent(where.databaseId)}/collections/${encodeURIComponent(where.collectionId)}/documents`;
  const { uri, options } = client.prepareRequest(
    'get',
    new URL(client.config.endpoint + path),
    { 'X-Appwrite-Project': client.config.project, accept: 'application/json' },
    { queries, total: false },
  );
  const res = await fetch(uri, options as RequestInit);
  const text = await res.text();
  let body: { documents?: unknown; message?: unknown; type?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new AppwriteException(text.slice(0, 200), res.status, '', text);
  }
  if (res.status >= 400) throw new AppwriteException(String(body.message ?? ''), res.status, String(body.type ?? ''), text);
  if (!Array.isArray(body.documents)) throw new AppwriteException('The database answered no documents.', res.status, '', text);
  return body.documents as Models.Document[];
}

/** The stored registration `id`, or null when there is none. @throws HttpError 502 when it cannot be read. */
export async function readRegistration(id: string): Promise<Registration | null> {
  const { databases, where } = collection();
  try {
    return registrationOf(await databases.getDocument({ ...where, documentId: id }));
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 404) return null;
    throw new HttpError(502, 'upstream_error', 'The registration could not be read right now. Please try again.');
  }
}

/** Whether a registration with this id exists, whoever's it is (for idempotent writes by pre-made id). */
export async function registrationExists(id: string): Promise<boolean> {
  return (await readRegistration(id)) !== null;
}

/**
 * The photos of a registration that may change hands to `account`: files nobody owns yet (a counter's, joined or not)
 * or already `account`'s own. Any other id (someone else's file, or none) is `other`.
 */
/** A staff upload or a visit's photo (../care/staff-photos.ts): the care visits', never a registration's to take. */
const CARE_PHOTO = /"label:(staffupload[0-9a-f]+|visitphoto)"/;

async function photosFor(ids: readonly string[], account: string | null): Promise<{ free: string[]; other: string[] }> {
  const { storage, settings } = collection();
  const free: string[] = [];
  const other: string[] = [];
  for (const fileId of ids) {
    try {
      const { $permissions } = await storage.getFile({ bucketId: settings.bucketId, fileId });
      const owners = accountsIn($permissions);
      const takeable =
        !$permissions.some((p) => CARE_PHOTO.test(p)) && (owners.length === 0 || (owners.length === 1 && owners[0] === account));
      (takeable ? free : other).push(fileId);
    } catch (err) {
      if (err instanceof AppwriteException && err.code === 404) other.push(fileId);
      else throw new HttpError(502, 'upstream_error', 'The photos could not be checked right now. Please try again.');
    }
  }
  return { free, other };
}

async function setPhotoPermissions(ids: readonly string[], permissions: string[]) {
  const { storage, settings } = collection();
  for (const fileId of ids) {
    try {
      await storage.updateFile({ bucketId: settings.bucketId, fileId, permissions });
    } catch (err) {
      if (err instanceof AppwriteException && err.code === 404) continue; // a photo removed by staff
      throw new HttpError(502, 'upstream_error', 'The photos could not be updated right now. Please try again.');
    }
  }
}

/**
 * A counter's registration, stored as pending and marked as the server's (its store from the counter's record),
 * with its photos joined: each must be a file nobody owns (409 `photos_missing` names the others, so the device
 * sends them again). A registration that exists already (anyone's) is left as it is. True when this call stored it;
 * `userId` (the customer's account) is asked for only then.
 */
export async function storeCounterRegistration(input: {
  id: string;
  fields: SubmissionFields;
  submittedAt: string;
  store: string;
  userId: () => Promise<string>;
}): Promise<boolean> {
  const { databases, where } = collection();
  if (await registrationExists(input.id)) return false;
  const photoIds = photoIdsIn(input.fields.image_file_id);
  const { other } = await photosFor(photoIds, null);
  if (other.length)
    throw new HttpError(
      409,
      'photos_missing',
      `Send the photos first: ${other.length} of this registration's ${photoIds.length} photos ${other.length === 1 ? 'is' : 'are'} not on the server yet.`,
      { missing: other },
    );
  // Joined first: a registration cut short here is sent again and finds its photos still free of owners.
  await setPhotoPermissions(photoIds, [SERVER_MARK]);
  const userId = await input.userId();
  try {
    await databases.createDocument({
      ...where,
      documentId: input.id,
      data: {
        ...input.fields,
        search_text: searchTextOf(input.fields),
        image_file_id: photoIds.join(','),
        user_id: userId,
        submitted_at: input.submittedAt,
        status: REGISTRATION_STATUS.pending,
        store: input.store,
      },
      permissions: [SERVER_MARK],
    });
  } catch (err) {
    if (err instanceof AppwriteException) {
      if (err.code === 409) return false; // the same registration, sent twice at once
      if (err.code === 400) throw new HttpError(422, 'invalid_body', `The registration was refused: ${err.message}`);
    }
    throw new HttpError(502, 'upstream_error', 'The registration could not be stored right now. Please try again.');
  }
  return true;
}

/**
 * The photos of a pending registration become `customerId`'s: those nobody else owns (the counter's own upload, or
 * already theirs from a confirmation cut short). Any other id it names is dropped. Repeats harmlessly.
 */
export async function claimPhotos(reg: Registration, customerId: string): Promise<string[]> {
  const { free } = await photosFor(reg.photoIds, customerId);
  await setPhotoPermissions(free, [Permission.read(Role.user(customerId)), SERVER_MARK]);
  return free;
}

/**
 * Writes `data` to `reg` as the server, with its search text (from its stored fields) and `permissions`. A failure is
 * said with `failure` when given (a step the customer retries), else as the database's refusal.
 */
async function writeAsServer(reg: Registration, data: Record<string, unknown>, permissions: string[], failure?: string) {
  const { databases, where } = collection();
  try {
    const doc = await databases.updateDocument({
      ...where,
      documentId: reg.id,
      data: { ...data, search_text: searchTextOf(reg.record) },
      permissions,
    });
    return registrationOf(doc);
  } catch (err) {
    if (failure) throw new HttpError(502, 'upstream_error', failure);
    upstream(err);
  }
}

/** The pending registration becomes `customerId`'s, confirmed, with the photos `claimPhotos` gave them. */
export const markConfirmed = (reg: Registration, customerId: string, photos: readonly string[]): Promise<Registration> =>
  writeAsServer(
    reg,
    { status: REGISTRATION_STATUS.confirmed, user_id: customerId, image_file_id: photos.join(',') },
    [Permission.read(Role.user(customerId)), SERVER_MARK],
    'The registration could not be confirmed right now. Please try again.',
  );

/** A pending registration nobody owns becomes the server's, as staff vouch for it (see ../confirmation/confirm-pending.ts, resendLink). */
export async function adoptPending(reg: Registration): Promise<Registration> {
  if (reg.owner || reg.serverWritten) return reg;
  // No enrolled counter is known to have sent it; its search text is the server's own from now on.
  return writeAsServer(reg, { status: REGISTRATION_STATUS.pending, store: '' }, [SERVER_MARK]);
}

/**
 * The server receives a customer's own registration (after its owner sent it): its status (confirmed) and store (the
 * enrolled counter's it came from, or none) are written and marked as the server's, and the owner keeps reading it
 * but can no longer change it. Its other claims (user_id, submitted_at) stay as sent, so staff still see them flagged.
 */
export async function receive(reg: Registration, store: string): Promise<Registration> {
  if (!reg.owner || (reg.serverWritten && reg.record.store === store)) return reg;
  return writeAsServer(
    reg,
    { status: REGISTRATION_STATUS.confirmed, store: reg.serverWritten ? reg.record.store : store },
    [Permission.read(Role.user(reg.owner)), SERVER_MARK],
    'The registration could not be completed right now. Please try again.',
  );
}

/**
 * Registrations that arrived between `from` and `to` (ISO), page by page (each after the last id of the one before).
 * The hourly care sweep reads weeks of them, so their pages are read as the staff's are (listRegistrationDocuments).
 */
export async function* registrationsArrived(from: string, to: string, pageSize = 100): AsyncGenerator<Registration[]> {
  const between = [Query.greaterThanEqual('$createdAt', from), Query.lessThanEqual('$createdAt', to)];
  for await (const documents of pagesOf(listRegistrationDocuments, between, pageSize)) yield documents.map((d) => registrationOf(d));
}
