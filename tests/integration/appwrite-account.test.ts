// The customer's sign-in by emailed code, driven through the unmodified `appwrite` web SDK against server/.
import { describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { Account as NodeAccount, Client as NodeClient } from 'node-appwrite';
import { latestCode, type TestServer } from '../helpers/server';
import { serverForSuite } from '../helpers/suite';
import { webCustomer } from '../helpers/web-customer';
import { failure } from '../helpers/failure';

/** A fresh customer's client that asked for a code for `email`: the token's user id and the code mailed. */
async function askForCode(server: TestServer, email: string) {
  const c = webCustomer(server.endpoint);
  const token = await c.as(() => c.account.createEmailToken({ userId: ID.unique(), email }));
  return { c, token, code: await latestCode(server.url, email) };
}

describe('email one-time code sign-in', () => {
  const server = serverForSuite();

  it('signs a customer in with the emailed code and keeps the session in localStorage', async () => {
    const { c: ada, token, code } = await askForCode(server, 'ada@example.com');
    expect(token.secret).toBe('');
    expect(code).toMatch(/^\d{6}$/);

    const session = await ada.as(() => ada.account.createSession({ userId: token.userId, secret: code }));
    expect(session.userId).toBe(token.userId);
    expect(session.provider).toBe('token');
    expect(JSON.parse(ada.localStorage.getItem('cookieFallback')!)).toHaveProperty('a_session_warranty');

    const me = await ada.as(() => ada.account.get());
    expect(me.email).toBe('ada@example.com');
    expect(me.emailVerification).toBe(true);

    await ada.as(() => ada.account.deleteSession({ sessionId: 'current' }));
    expect(ada.localStorage.getItem('cookieFallback')).toBe('[]');
    const after = await failure(ada.as(() => ada.account.get()));
    expect(after.type).toBe('general_unauthorized_scope');
    expect(after.code).toBe(401);
  });

  it('uses the existing account when the same email asks again', async () => {
    const a = webCustomer(server.endpoint);
    const first = await a.as(() => a.account.createEmailToken({ userId: ID.unique(), email: 'same@example.com' }));
    const second = await a.as(() => a.account.createEmailToken({ userId: ID.unique(), email: 'Same@Example.com' }));
    expect(second.userId).toBe(first.userId);
  });

  it('refuses a wrong code with user_invalid_token', async () => {
    const { c: bob, token, code } = await askForCode(server, 'bob@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const err = await failure(bob.as(() => bob.account.createSession({ userId: token.userId, secret: wrong })));
    expect(err.code).toBe(401);
    expect(err.type).toBe('user_invalid_token');
  });

  it('refuses a code that was already used', async () => {
    const { c, token, code } = await askForCode(server, 'once@example.com');
    await c.as(() => c.account.createSession({ userId: token.userId, secret: code }));
    const other = webCustomer(server.endpoint);
    const err = await failure(other.as(() => other.account.createSession({ userId: token.userId, secret: code })));
    expect(err.type).toBe('user_invalid_token');
  });

  it('lets only the newest code work after a resend', async () => {
    const { c, token: t1, code: oldCode } = await askForCode(server, 'resend@example.com');
    await c.as(() => c.account.createEmailToken({ userId: t1.userId, email: 'resend@example.com' }));
    const newCode = await latestCode(server.url, 'resend@example.com');
    if (oldCode !== newCode) {
      const err = await failure(c.as(() => c.account.createSession({ userId: t1.userId, secret: oldCode })));
      expect(err.type).toBe('user_invalid_token');
    }
    const session = await c.as(() => c.account.createSession({ userId: t1.userId, secret: newCode }));
    expect(session.userId).toBe(t1.userId);
  });

  it('refuses a second sign-in while a session is active', async () => {
    const c = webCustomer(server.endpoint);
    const t = await c.as(() => c.account.createEmailToken({ userId: ID.unique(), email: 'twice@example.com' }));
    await c.as(async () => c.account.createSession({ userId: t.userId, secret: await latestCode(server.url, 'twice@example.com') }));
    await c.as(() => c.account.createEmailToken({ userId: t.userId, email: 'twice@example.com' }));
    const err = await failure(
      c.as(async () => c.account.createSession({ userId: t.userId, secret: await latestCode(server.url, 'twice@example.com') })),
    );
    expect(err.type).toBe('user_session_already_exists');
  });

  it('stores only a hash of the code', async () => {
    const { token: t, code } = await askForCode(server, 'hashed@example.com');
    const rows = server.db.prepare('SELECT * FROM tokens WHERE user_id = ?').all(t.userId) as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('gives a server holding a JWT from the customer the same account (node-appwrite)', async () => {
    const c = webCustomer(server.endpoint);
    const t = await c.as(() => c.account.createEmailToken({ userId: ID.unique(), email: 'jwt@example.com' }));
    await c.as(async () => c.account.createSession({ userId: t.userId, secret: await latestCode(server.url, 'jwt@example.com') }));
    const { jwt } = await c.as(() => c.account.createJWT());
    const nodeClient = new NodeClient().setEndpoint(server.endpoint).setProject('warranty').setJWT(jwt);
    const me = await new NodeAccount(nodeClient).get();
    expect(me.email).toBe('jwt@example.com');

    const forged = new NodeClient()
      .setEndpoint(server.endpoint)
      .setProject('warranty')
      .setJWT(jwt.slice(0, -4) + 'AAAA');
    await expect(new NodeAccount(forged).get()).rejects.toMatchObject({ type: 'user_jwt_invalid', code: 401 });
  });
});

describe('code lifetime', () => {
  const server = serverForSuite({ otpTtlMs: 300 });

  it('refuses an expired code', async () => {
    const { c, token: t, code } = await askForCode(server, 'late@example.com');
    await new Promise((r) => setTimeout(r, 400));
    const err = await failure(c.as(() => c.account.createSession({ userId: t.userId, secret: code })));
    expect(err.type).toBe('user_invalid_token');
  });

  it('tells a late right code (expired) from a wrong one, once', async () => {
    const { c, token: t, code } = await askForCode(server, 'later@example.com');
    await new Promise((r) => setTimeout(r, 400));
    const wrong = await failure(c.as(() => c.account.createSession({ userId: t.userId, secret: code === '000000' ? '111111' : '000000' })));
    expect([wrong.code, wrong.type, wrong.message]).toEqual([401, 'user_invalid_token', 'Invalid token passed in the request.']);
    const late = await failure(c.as(() => c.account.createSession({ userId: t.userId, secret: code })));
    expect([late.code, late.type, late.message]).toEqual([
      401,
      'user_invalid_token',
      'Invalid token passed in the request: the token has expired.',
    ]);
    const again = await failure(c.as(() => c.account.createSession({ userId: t.userId, secret: code })));
    expect(again.message).toBe('Invalid token passed in the request.');
  });
});

describe('rate limits', () => {
  const server = serverForSuite({ rateLimits: { emailTokenPerEmail: 10, emailTokenPerIp: 100, sessionPerIpUser: 10, sessionPerUser: 20 } });

  it('answers the 11th code email to one address within an hour with 429', async () => {
    const c = webCustomer(server.endpoint);
    for (let i = 0; i < 10; i++) await c.as(() => c.account.createEmailToken({ userId: ID.unique(), email: 'busy@example.com' }));
    const err = await failure(c.as(() => c.account.createEmailToken({ userId: ID.unique(), email: 'busy@example.com' })));
    expect(err.code).toBe(429);
    expect(err.type).toBe('general_rate_limit_exceeded');
    // Another address from the same counter still works.
    await expect(c.as(() => c.account.createEmailToken({ userId: ID.unique(), email: 'next@example.com' }))).resolves.toHaveProperty(
      'userId',
    );
  });

  it('stops guessing after 10 wrong codes in an hour', async () => {
    const { c, token: t, code } = await askForCode(server, 'guess@example.com');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 10; i++) {
      const err = await failure(c.as(() => c.account.createSession({ userId: t.userId, secret: wrong })));
      expect(err.type).toBe('user_invalid_token');
    }
    const blocked = await failure(c.as(() => c.account.createSession({ userId: t.userId, secret: code })));
    expect(blocked.code).toBe(429);
  });
});
