// How SDK and fetch errors become the engine's failure kinds, and how sendToShopify is called.
import { describe, expect, it } from 'vitest';
import { AppwriteException } from 'appwrite';
import type { AppwriteClients } from '@/lib/appwrite';
import { appwriteOutboxBackend, failureOf } from '@/sync/appwrite-backend';
import { registration } from '../../../helpers/fixtures';

describe('failureOf', () => {
  it.each([
    [new AppwriteException('User (role: guests) missing scopes (["account"])', 401, 'general_unauthorized_scope'), 'auth'],
    [new AppwriteException('Failed to verify JWT. Invalid token: Expired', 401, 'user_jwt_invalid'), 'auth'],
    [new AppwriteException('Document with the requested ID already exists.', 409, 'document_already_exists'), 'conflict'],
    [
      new AppwriteException('Invalid document structure: Missing required attribute "email"', 400, 'document_invalid_structure'),
      'rejected',
    ],
    [new AppwriteException('The given file type is not supported', 400, 'storage_file_type_unsupported'), 'rejected'],
    [new AppwriteException('Rate limit exceeded', 429, 'general_rate_limit_exceeded'), 'server'],
    [new AppwriteException('Bad gateway', 502), 'server'],
    [new AppwriteException('Invalid Origin. Register your new client (x) as a new Web platform', 403, 'forbidden'), 'server'],
    [new AppwriteException('Missing required parameter: "fileId"'), 'rejected'],
    [new TypeError('Failed to fetch'), 'network'],
    [new SyntaxError('Unexpected token <'), 'server'],
  ])('%s is %s', (err, kind) => {
    expect(failureOf(err)).toEqual({ ok: false, kind, message: err.message });
  });
});

describe('notifyShopify', () => {
  const clients = { account: { createJWT: async () => ({ jwt: 'jwt-1' }) }, config: {} } as unknown as AppwriteClients;
  const data = registration({ user_id: 'u1', image_file_id: 'f1', submitted_at: '2026-01-01T00:00:00.000Z' });

  it('posts the registration with the customer’s JWT to the functions base URL', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const backend = appwriteOutboxBackend(
      clients,
      async (url, init) => {
        seen.push({ url: String(url), init: init! });
        return Response.json({ status: 'logged' });
      },
      'https://shop.example',
    );
    expect(await backend.notifyShopify({ documentId: 'doc1', data })).toEqual({ ok: true, value: true });
    expect(seen[0]!.url).toBe('https://shop.example/.netlify/functions/sendToShopify');
    expect(seen[0]!.init.headers).toMatchObject({ 'X-Appwrite-JWT': 'jwt-1' });
    expect(JSON.parse(seen[0]!.init.body as string)).toEqual({ $id: 'doc1', ...data });
  });

  it.each([
    [401, 'auth'],
    [403, 'rejected'],
    [502, 'server'],
  ])('maps a %s answer to %s with the function’s message', async (status, kind) => {
    const backend = appwriteOutboxBackend(clients, async () => Response.json({ error: 'Nope.', code: 'x' }, { status }));
    expect(await backend.notifyShopify({ documentId: 'doc1', data })).toEqual({ ok: false, kind, message: 'Nope.' });
  });

  it('maps a failed fetch to network', async () => {
    const backend = appwriteOutboxBackend(clients, async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await backend.notifyShopify({ documentId: 'doc1', data })).toMatchObject({ ok: false, kind: 'network' });
  });

  /** A backend whose JWTs are numbered and whose function answers 401 for the JWTs in `expired`. */
  function counting(expired = new Set<string>()) {
    let made = 0;
    const used: string[] = [];
    const account = { createJWT: async () => ({ jwt: `jwt-${++made}` }), deleteSession: async () => ({}) };
    const backend = appwriteOutboxBackend({ account, config: {} } as unknown as AppwriteClients, async (_url, init) => {
      const jwt = (init!.headers as Record<string, string>)['X-Appwrite-JWT']!;
      used.push(jwt);
      return expired.has(jwt) ? Response.json({ error: 'Sign in again.' }, { status: 401 }) : Response.json({ status: 'logged' });
    });
    return { backend, used, made: () => made };
  }

  it('makes one JWT for a customer’s registrations, a new one for another customer and after the session ends', async () => {
    const { backend, used, made } = counting();
    for (const id of ['d1', 'd2', 'd3']) expect((await backend.notifyShopify({ documentId: id, data })).ok).toBe(true);
    expect(used).toEqual(['jwt-1', 'jwt-1', 'jwt-1']);
    await backend.notifyShopify({ documentId: 'd4', data: { ...data, user_id: 'u2' } });
    expect(used.at(-1)).toBe('jwt-2');
    await backend.endSession();
    await backend.notifyShopify({ documentId: 'd5', data: { ...data, user_id: 'u2' } });
    expect(used.at(-1)).toBe('jwt-3');
    expect(made()).toBe(3);
  });

  it('makes a fresh JWT once when the reused one is refused, and reports a refusal of a fresh one', async () => {
    const expired = new Set<string>();
    const { backend, used } = counting(expired);
    await backend.notifyShopify({ documentId: 'd1', data });
    expired.add('jwt-1');
    expect(await backend.notifyShopify({ documentId: 'd2', data })).toEqual({ ok: true, value: true });
    expect(used).toEqual(['jwt-1', 'jwt-1', 'jwt-2']);
    expired.add('jwt-2').add('jwt-3').add('jwt-4');
    expect(await backend.notifyShopify({ documentId: 'd3', data })).toEqual({ ok: false, kind: 'auth', message: 'Sign in again.' });
    expect(used.slice(3)).toEqual(['jwt-2', 'jwt-3']);
  });
});

describe('uploadFile', () => {
  const sent: { fileId: string; file: File; permissions: string[] }[] = [];
  const clients = {
    config: { bucketId: 'images' },
    storage: {
      createFile: async (input: { fileId: string; file: File; permissions: string[] }) => {
        sent.push(input);
        return { $id: input.fileId };
      },
    },
  } as unknown as AppwriteClients;
  const backend = appwriteOutboxBackend(clients);

  it('sends a photo kept as a File as that File, and one kept as a Blob under the photo’s name', async () => {
    sent.length = 0;
    const kept = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'ring.jpg', { type: 'image/jpeg' });
    expect(await backend.uploadFile({ fileId: 'f1', userId: 'u1', blob: kept, name: 'ring.jpg' })).toEqual({ ok: true, value: true });
    const older = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], { type: 'image/jpeg' });
    expect(await backend.uploadFile({ fileId: 'f2', userId: 'u1', blob: older, name: 'band.jpg' })).toEqual({ ok: true, value: true });
    const renamed = new File([new Uint8Array([1])], 'IMG_0001.jpg', { type: 'image/jpeg' });
    await backend.uploadFile({ fileId: 'f3', userId: 'u1', blob: renamed, name: 'clasp.jpg' });

    expect(sent[0]!.file).toBe(kept);
    expect([sent[1]!.file.name, sent[1]!.file.type, sent[1]!.file.size]).toEqual(['band.jpg', 'image/jpeg', 4]);
    expect(sent[2]!.file.name).toBe('clasp.jpg');
    expect(sent.map((s) => s.permissions)).toEqual(Array(3).fill(['read("user:u1")']));
  });
});
