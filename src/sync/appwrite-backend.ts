// The outbox backend over the unmodified Appwrite web SDK and the sendToShopify function.
import { AppwriteException, Permission, Role } from 'appwrite';
import type { AppwriteClients } from '@/lib/appwrite';
import { failure, kindOfStatus, OK, type BackendFailure, type BackendResult, type OutboxBackend } from './backend';
import { callFunction } from '@/lib/functions';

/** An SDK or fetch error as the engine understands it. */
export function failureOf(err: unknown): BackendFailure {
  if (err instanceof AppwriteException) {
    // Code 0: the SDK refused the call itself (a bad parameter); sending it again will not help.
    if (!err.code) return failure('rejected', err.message);
    // An opaque reply is a deployment mistake (origin not registered), not this record's fault: keep retrying.
    if (err.code === 403 && err.message.startsWith('Invalid Origin')) return failure('server', err.message);
    return failure(kindOfStatus(err.code), err.message);
  }
  // fetch rejects with a TypeError when the network is down or the host unreachable.
  if (err instanceof TypeError) return failure('network', err.message || 'The network is unavailable.');
  return failure('server', err instanceof Error ? err.message : String(err));
}

/** How long a JWT made for sendToShopify is used again for the same customer (Appwrite's JWTs last 15 minutes). */
export const JWT_REUSE_MS = 10 * 60_000;

async function attempt<T>(fn: () => Promise<T>): Promise<BackendResult<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    return failureOf(err);
  }
}

/** A 409 counts as done only when the existing item is ours; anyone else's is a refusal, never a silent success. */
async function ifOurs(conflict: BackendFailure, check: () => Promise<boolean>, notOurs: string): Promise<BackendResult> {
  const r = await attempt(check);
  if (!r.ok) return r.kind === 'rejected' ? failure('rejected', notOurs) : r; // 404: exists but hidden from us
  return r.value ? conflict : failure('rejected', notOurs);
}

export function appwriteOutboxBackend(
  clients: AppwriteClients,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  functionsBaseUrl = '',
  /** On a counter device: its token, sent with a registration made there, so the server writes the counter's store. */
  counterToken: () => Promise<string | null> = () => Promise.resolve(null),
): OutboxBackend {
  const { account, databases, storage, config } = clients;
  const { databaseId, collectionId, bucketId } = config;
  const readers = (userId: string) => [Permission.read(Role.user(userId))];
  // The JWT for sendToShopify (Appwrite's last 15 minutes) is made once per customer and reused for their other
  // registrations for a while; a 401 from the function (the session behind it ended) makes a fresh one.
  let jwt: { userId: string; value: string; madeAt: number } | null = null;
  // Hand-offs run side by side: the first to need a JWT makes it, the others wait for that one.
  let making: { userId: string; made: Promise<BackendResult<string>> } | null = null;
  const jwtFor = async (userId: string, fresh: boolean): Promise<BackendResult<{ value: string; reused: boolean }>> => {
    if (!fresh && jwt?.userId === userId && Date.now() - jwt.madeAt < JWT_REUSE_MS)
      return { ok: true, value: { value: jwt.value, reused: true } };
    if (!fresh && making?.userId === userId) {
      const shared = await making.made;
      return shared.ok ? { ok: true, value: { value: shared.value, reused: true } } : shared;
    }
    jwt = null;
    const ask = attempt(() => account.createJWT()).then((made): BackendResult<string> => {
      if (made.ok) jwt = { userId, value: made.value.jwt, madeAt: Date.now() };
      return made.ok ? { ok: true, value: made.value.jwt } : made;
    });
    const current = { userId, made: ask };
    making = current;
    const made = await ask.finally(() => {
      if (making === current) making = null;
    });
    return made.ok ? { ok: true, value: { value: made.value, reused: false } } : made;
  };

  return {
    async sessionUserId() {
      const r = await attempt(() => account.get());
      if (r.ok) return { ok: true, value: r.value.$id };
      return r.kind === 'auth' ? { ok: true, value: null } : r;
    },

    async uploadFile({ fileId, userId, blob, name }) {
      // A photo is kept as the File it is sent as (storePhotos); one kept as a bare Blob is wrapped here.
      const file = blob instanceof File && blob.name === name ? blob : new File([blob], name, { type: blob.type });
      const r = await attempt(() => storage.createFile({ bucketId, fileId, file, permissions: readers(userId) }));
      if (r.ok) return OK;
      if (r.kind !== 'conflict') return r;
      return ifOurs(
        r,
        async () => (await storage.getFile({ bucketId, fileId })).$id === fileId,
        `Another file already uses the id ${fileId}.`,
      );
    },

    async createDocument({ documentId, userId, data }) {
      const r = await attempt(() => databases.createDocument({ databaseId, collectionId, documentId, data, permissions: readers(userId) }));
      if (r.ok) return OK;
      if (r.kind !== 'conflict') return r;
      const owner = async () => (await databases.getDocument({ databaseId, collectionId, documentId })).user_id === userId;
      return ifOurs(r, owner, `Another registration already uses the id ${documentId}.`);
    },

    async endSession() {
      jwt = null;
      making = null;
      const r = await attempt(() => account.deleteSession({ sessionId: 'current' }));
      return r.ok || r.kind === 'auth' ? OK : r; // 401: already gone
    },

    async notifyShopify({ documentId, data }) {
      const counter = data.store ? await counterToken().catch(() => null) : null;
      for (const fresh of [false, true]) {
        const token = await jwtFor(data.user_id, fresh);
        if (!token.ok) return token;
        const sent = await attempt(() =>
          callFunction('sendToShopify', {
            customerJwt: token.value.value,
            ...(counter ? { counterToken: counter } : {}),
            body: { $id: documentId, ...data },
            base: functionsBaseUrl,
            fetchImpl,
          }),
        );
        if (!sent.ok) return sent;
        const answer = sent.value;
        if (answer.ok) return OK;
        if (answer.status === 401 && token.value.reused) continue;
        return failure(kindOfStatus(answer.status), answer.error);
      }
      return failure('auth', 'The session has ended.');
    },
  };
}
