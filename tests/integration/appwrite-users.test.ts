// The embedded server's Users API as node-appwrite's Users service speaks it (API key only): users listed by
// e-mail, created, read and marked verified; tokens made for a user that the web SDK's createSession turns into a
// session once, until they expire. And a file's permissions changed afterwards (storage.updateFile).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, Permission, Role } from 'appwrite';
import { AppwriteException, Client, Query, Storage, Users } from 'node-appwrite';
import { startTestServer, latestCode, type TestServer } from '../helpers/server';
import { webCustomer } from '../helpers/web-customer';
import { signedInCustomer } from '../helpers/customers';
import { failure } from '../helpers/failure';
import { makeJpeg } from '../helpers/fixtures';

let server: TestServer;
let users: Users;
let storage: Storage;

beforeAll(async () => {
  server = await startTestServer();
  const client = new Client().setEndpoint(server.endpoint).setProject('warranty').setKey(server.secrets.apiKey);
  users = new Users(client);
  storage = new Storage(client);
});
afterAll(() => server.dispose());

const rejection = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppwriteException) return { code: err.code, type: err.type, message: err.message };
    throw err;
  }
  throw new Error('expected the call to fail');
};

describe('users', () => {
  it('creates a user, reads it and finds it by e-mail; a second user with that e-mail or id is a conflict', async () => {
    const id = ID.unique();
    const made = await users.create({ userId: id, email: 'Nia@Example.com', name: 'Nia Okafor' });
    expect(made).toMatchObject({ $id: id, email: 'nia@example.com', name: 'Nia Okafor', emailVerification: false, status: true });
    expect(await users.get({ userId: id })).toEqual(made);

    const found = await users.list({ queries: [Query.equal('email', ['nia@example.com'])] });
    expect([found.total, found.users.map((u) => u.$id)]).toEqual([1, [id]]);
    expect((await users.list({ queries: [Query.equal('email', ['nobody@example.com'])] })).users).toEqual([]);
    expect((await users.list({ search: 'okafor' })).users.map((u) => u.$id)).toEqual([id]);

    expect(await rejection(users.create({ userId: ID.unique(), email: 'nia@example.com' }))).toMatchObject({
      code: 409,
      type: 'user_already_exists',
    });
    expect(await rejection(users.create({ userId: id, email: 'other@example.com' }))).toMatchObject({
      code: 409,
      type: 'user_already_exists',
    });
    expect(await rejection(users.get({ userId: 'no-such-user' }))).toEqual({
      code: 404,
      type: 'user_not_found',
      message: 'User with the requested ID could not be found.',
    });
  });

  it('pages the list with limit and cursor', async () => {
    for (const n of [1, 2, 3]) await users.create({ userId: `pager-${n}`, email: `pager${n}@example.com` });
    const first = await users.list({ queries: [Query.equal('$id', ['pager-1', 'pager-2', 'pager-3']), Query.limit(2)] });
    expect([first.total, first.users.map((u) => u.$id)]).toEqual([3, ['pager-1', 'pager-2']]);
    const next = await users.list({ queries: [Query.equal('$id', ['pager-1', 'pager-2', 'pager-3']), Query.cursorAfter('pager-2')] });
    expect(next.users.map((u) => u.$id)).toEqual(['pager-3']);
  });

  it.each([
    ['no e-mail', { userId: 'x1' }, /email/],
    ['a bad e-mail', { userId: 'x2', email: 'not-an-email' }, /email/],
    ['a password', { userId: 'x3', email: 'x3@example.com', password: 'hunter22hunter22' }, /password/],
    ['a bad id', { userId: '-bad', email: 'x4@example.com' }, /userId/],
    ['a name too long', { userId: 'x5', email: 'x5@example.com', name: 'n'.repeat(129) }, /name/],
  ])('refuses to create a user with %s (400)', async (_name, params, message) => {
    const err = await rejection(users.create(params as { userId: string; email?: string; password?: string; name?: string }));
    expect(err.code).toBe(400);
    expect(err.message).toMatch(message);
  });

  it('answers only the API key: customers and guests lack the users scopes', async () => {
    const guest = await fetch(`${server.endpoint}/users`, { headers: { 'X-Appwrite-Project': 'warranty' } });
    expect([guest.status, ((await guest.json()) as { type: string }).type]).toEqual([401, 'general_unauthorized_scope']);
    const customer = await signedInCustomer(server, 'curious@example.com');
    const { jwt } = await customer.as(() => customer.account.createJWT());
    const asCustomer = new Users(new Client().setEndpoint(server.endpoint).setProject('warranty').setJWT(jwt));
    expect(await rejection(asCustomer.list())).toEqual({
      code: 401,
      type: 'general_unauthorized_scope',
      message: 'User (role: users) missing scopes (["users.read"])',
    });
    expect((await rejection(asCustomer.createToken({ userId: customer.userId }))).code).toBe(401);
    expect((await rejection(asCustomer.updateEmailVerification({ userId: customer.userId, emailVerification: false }))).code).toBe(401);
  });

  it('marks a user’s e-mail verified (and not) with the API key, answering the user', async () => {
    const user = await users.create({ userId: ID.unique(), email: 'proof@example.com' });
    const verified = await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
    expect(verified).toMatchObject({ $id: user.$id, email: 'proof@example.com', emailVerification: true });
    expect((await users.get({ userId: user.$id })).emailVerification).toBe(true);
    // A session the user opens then holds the verified roles.
    const token = await users.createToken({ userId: user.$id, length: 64, expire: 60 });
    const device = webCustomer(server.endpoint);
    await device.as(() => device.account.createSession({ userId: user.$id, secret: token.secret }));
    expect((await device.as(() => device.account.get())).emailVerification).toBe(true);

    expect((await users.updateEmailVerification({ userId: user.$id, emailVerification: false })).emailVerification).toBe(false);
    expect(await rejection(users.updateEmailVerification({ userId: 'no-such-user', emailVerification: true }))).toMatchObject({
      code: 404,
      type: 'user_not_found',
    });
    const raw = (body: unknown) =>
      fetch(`${server.endpoint}/users/${user.$id}/verification`, {
        method: 'PATCH',
        headers: { 'X-Appwrite-Project': 'warranty', 'X-Appwrite-Key': server.secrets.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    for (const body of [{}, { emailVerification: 'yes' }]) {
      const res = await raw(body);
      expect([res.status, ((await res.json()) as { type: string }).type]).toEqual([400, 'general_argument_invalid']);
    }
    expect((await users.get({ userId: user.$id })).emailVerification).toBe(false);
  });
});

describe('tokens for a user', () => {
  it('makes a token the web SDK turns into a session once; the session is a token session', async () => {
    const user = await users.create({ userId: ID.unique(), email: 'token@example.com' });
    const token = await users.createToken({ userId: user.$id, length: 64, expire: 7 * 24 * 3600 });
    expect(token).toMatchObject({ userId: user.$id, phrase: '' });
    expect(token.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.abs(Date.parse(token.expire) - (Date.now() + 7 * 24 * 3_600_000))).toBeLessThan(60_000);

    const device = webCustomer(server.endpoint);
    const session = await device.as(() => device.account.createSession({ userId: user.$id, secret: token.secret }));
    expect(session).toMatchObject({ userId: user.$id, provider: 'token', factors: ['token'] });
    const me = await device.as(() => device.account.get());
    expect([me.$id, me.emailVerification]).toEqual([user.$id, false]);

    const again = webCustomer(server.endpoint);
    const used = await failure(again.as(() => again.account.createSession({ userId: user.$id, secret: token.secret })));
    expect([used.code, used.type]).toEqual([401, 'user_invalid_token']);
  });

  it('defaults to 6 characters and 15 minutes, and keeps to Appwrite’s bounds', async () => {
    const user = await users.create({ userId: ID.unique(), email: 'bounds@example.com' });
    const token = await users.createToken({ userId: user.$id });
    expect(token.secret).toMatch(/^[0-9a-f]{6}$/);
    expect(Math.abs(Date.parse(token.expire) - (Date.now() + 900_000))).toBeLessThan(60_000);
    for (const params of [{ length: 3 }, { length: 129 }, { expire: 59 }, { expire: 31_536_001 }]) {
      expect(await rejection(users.createToken({ userId: user.$id, ...params }))).toMatchObject({
        code: 400,
        type: 'general_argument_invalid',
      });
    }
    expect(await rejection(users.createToken({ userId: 'no-such-user' }))).toMatchObject({ code: 404, type: 'user_not_found' });
  });

  it('refuses an expired token, saying so', async () => {
    const user = await users.create({ userId: ID.unique(), email: 'expired@example.com' });
    const token = await users.createToken({ userId: user.$id, length: 32, expire: 60 });
    server.db.prepare('UPDATE tokens SET expire_ms = ? WHERE user_id = ?').run(Date.now() - 1, user.$id);
    const device = webCustomer(server.endpoint);
    const err = await failure(device.as(() => device.account.createSession({ userId: user.$id, secret: token.secret })));
    expect([err.code, err.type, err.message]).toEqual([
      401,
      'user_invalid_token',
      'Invalid token passed in the request: the token has expired.',
    ]);
  });

  it('keeps a token when the customer asks for an e-mailed code, and wrong codes do not wear it out', async () => {
    const device = webCustomer(server.endpoint);
    const asked = await device.as(() => device.account.createEmailToken({ userId: ID.unique(), email: 'both@example.com' }));
    const token = await users.createToken({ userId: asked.userId, length: 64 });
    await device.as(() => device.account.createEmailToken({ userId: ID.unique(), email: 'both@example.com' }));
    for (let i = 0; i < 6; i++) await failure(device.as(() => device.account.createSession({ userId: asked.userId, secret: '000000' })));
    // The code died after five wrong tries; the token did not.
    const code = await latestCode(server.url, 'both@example.com');
    expect((await failure(device.as(() => device.account.createSession({ userId: asked.userId, secret: code })))).type).toBe(
      'user_invalid_token',
    );
    const session = await device.as(() => device.account.createSession({ userId: asked.userId, secret: token.secret }));
    expect(session.userId).toBe(asked.userId);
  });
});

describe('file updates', () => {
  it('lets the API key give a customer read access to a file it stored for nobody', async () => {
    const fileId = ID.unique();
    const { InputFile } = await import('node-appwrite/file');
    await storage.createFile({ bucketId: 'images', fileId, file: InputFile.fromBuffer(await makeJpeg(), 'ring.jpg'), permissions: [] });
    const ada = await signedInCustomer(server, 'ada@example.com');
    expect((await failure(ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId })))).code).toBe(404);

    const updated = await storage.updateFile({ bucketId: 'images', fileId, permissions: [Permission.read(Role.user(ada.userId))] });
    expect([updated.$permissions, updated.name]).toEqual([[`read("user:${ada.userId}")`], 'ring.jpg']);
    expect((await ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId }))).$id).toBe(fileId);

    // Reading is not updating: the customer cannot change the file's permissions or name.
    const err = await failure(ada.as(() => ada.storage.updateFile({ bucketId: 'images', fileId, name: 'mine.jpg', permissions: [] })));
    expect([err.code, err.type]).toEqual([401, 'user_unauthorized']);
    expect((await storage.getFile({ bucketId: 'images', fileId })).name).toBe('ring.jpg');
    expect(await rejection(storage.updateFile({ bucketId: 'images', fileId, name: 'ring.gif' }))).toMatchObject({ code: 400 });
    expect(await rejection(storage.updateFile({ bucketId: 'images', fileId: 'missing-file' }))).toMatchObject({ code: 404 });
  });
});
