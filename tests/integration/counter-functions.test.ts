// Counter devices through the real server: staff enrol, list and revoke them; a counter sends photos and
// registrations that nobody can read until the customer opens the e-mailed link; the link signs the customer in on
// any device and confirms; expired links are renewed; and the counter token opens nothing but submitFromCounter.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { AppwriteException, Query } from 'node-appwrite';
import sharp from 'sharp';
import { counterSchema } from '../../src/shared/contracts/functions';
import { handOffs } from '../helpers/hand-offs';
import { makeJpeg, registration, STAFF } from '../helpers/fixtures';
import type { TestServer } from '../helpers/server';
import { signedInCustomer } from '../helpers/customers';
import { startWithStaff } from '../helpers/staff';
import { webCustomer } from '../helpers/web-customer';
import { failure } from '../helpers/failure';
import { startSmtpCatcher } from '../helpers/smtp-catcher';
import { forSuite } from '../helpers/suite';
import { withEnv } from '../../netlify/lib/env';
import submitFromCounter from '../../netlify/functions/submitFromCounter';
import resendConfirmationLink from '../../netlify/functions/resendConfirmationLink';
import {
  admin,
  callFunction,
  confirmLink,
  enrol,
  linkMails,
  mailbox,
  photoBody,
  registrationBody,
  LINK_SUBJECT,
} from '../helpers/counters';

const REVOKED = 'This counter device was revoked. Ask staff to enrol it again.';
const DB = { databaseId: 'warranty', collectionId: 'submissions' };

let server: TestServer;
let staff: string;

beforeAll(async () => {
  ({ server, token: staff } = await startWithStaff());
});
afterAll(() => server.dispose());

/** A counter that staff enrol for `store` before the calling describe block's tests. */
const counterForSuite = (store: string) => forSuite(() => enrol(server, staff, store));
const submit = (token: string | null, body: unknown) => callFunction(server, 'submitFromCounter', { body, auth: token });
const listCounters = async () => {
  const res = await callFunction(server, 'listCounters', { auth: staff });
  expect(res.status).toBe(200);
  return ((await res.json()) as { counters: unknown[] }).counters.map((c) => counterSchema.parse(c));
};
const documentOrNull = (id: string) =>
  admin(server)
    .databases.getDocument({ ...DB, documentId: id })
    .catch((err: unknown) => {
      if (err instanceof AppwriteException && err.code === 404) return null;
      throw err;
    });
const fileOrNull = (id: string) =>
  admin(server)
    .storage.getFile({ bucketId: 'images', fileId: id })
    .catch((err: unknown) => {
      if (err instanceof AppwriteException && err.code === 404) return null;
      throw err;
    });

/** A counter's photo and registration for `email`, sent; the registration's id and photo id. */
async function sendFromCounter(token: string, email: string, over: Record<string, unknown> = {}) {
  const photoId = ID.unique();
  const photo = await submit(token, photoBody(photoId, await makeJpeg({ width: 64, height: 48 })));
  expect(photo.status).toBe(200);
  const body = registrationBody({ email, image_file_id: photoId, ...over });
  const res = await submit(token, body);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ id: body.registration.id, status: 'pending', repeated: false });
  return { id: body.registration.id, photoId, body };
}

describe('enrolment, listing and revocation', () => {
  it('enrols a device for a store: the token is answered once, stored only as a hash, never listed', async () => {
    const first = await enrol(server, staff, 'Rue Royale');
    expect(first.store).toBe('Rue Royale');
    const [id, secret] = first.token.split('.');
    expect(id).toBe(first.id);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const stored = await admin(server).databases.getDocument({ databaseId: 'warranty', collectionId: 'counters', documentId: first.id });
    expect(stored.token_hash).toBe(createHash('sha256').update(secret!).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(secret);

    const second = await enrol(server, staff, '  Place Vendôme  ');
    expect(second.store).toBe('Place Vendôme');
    const res = await callFunction(server, 'listCounters', { auth: staff });
    const text = await res.text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain(stored.token_hash as string);
    expect(text).not.toContain('token');
    const counters = await listCounters();
    expect(counters.map((c) => c.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(counters[1]).toEqual({
      id: first.id,
      store: 'Rue Royale',
      enrolled_by: STAFF.email,
      enrolled_at: expect.any(String),
      last_seen: null,
      revoked_at: null,
    });
  });

  it.each([
    ['no store', {}, 422, 'store: Enter the store name.'],
    ['an empty store', { store: '   ' }, 422, 'store: Enter the store name.'],
    ['a store too long', { store: 'x'.repeat(81) }, 422, 'store: The store name can be at most 80 characters.'],
    ['not JSON', '{"store":', 400, 'The request body is not valid JSON.'],
  ])('refuses to enrol with %s', async (_name, body, status, message) => {
    const res = await callFunction(server, 'enrolCounter', { body, auth: staff });
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: string }).error).toBe(message);
  });

  it('revokes a counter: the revocation holds from the very next call, with its reason', async () => {
    const counter = await enrol(server, staff, 'Rue Royale');
    const before = await submit(counter.token, photoBody(ID.unique(), await makeJpeg()));
    expect(before.status).toBe(200);

    const revoked = await callFunction(server, 'revokeCounter', { body: { id: counter.id }, auth: staff });
    expect(revoked.status).toBe(200);
    const answer = counterSchema.parse(await revoked.json());
    expect(answer.revoked_at).not.toBeNull();

    const photoId = ID.unique();
    const after = await submit(counter.token, photoBody(photoId, await makeJpeg()));
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: REVOKED, code: 'counter_revoked' });
    expect(await fileOrNull(photoId)).toBeNull();

    // Revoking again keeps the first time; an unknown counter is a 404.
    const again = counterSchema.parse(
      await (await callFunction(server, 'revokeCounter', { body: { id: counter.id }, auth: staff })).json(),
    );
    expect(again.revoked_at).toBe(answer.revoked_at);
    expect((await listCounters()).find((c) => c.id === counter.id)?.revoked_at).toBe(answer.revoked_at);
    const unknown = await callFunction(server, 'revokeCounter', { body: { id: 'no-such-counter' }, auth: staff });
    expect(unknown.status).toBe(404);
  });
});

describe('a registration sent from a counter', () => {
  const counter = counterForSuite('Rue Royale');

  it("is stored once as pending, with the counter's store, readable by no customer, and the customer is mailed a link", async () => {
    const photoId = ID.unique();
    const jpeg = await makeJpeg({ width: 64, height: 48 });
    const photo = await submit(counter.token, photoBody(photoId, jpeg, 'image/jpeg', 'IMG_0001'));
    expect(await photo.json()).toEqual({ id: photoId, status: 'stored', repeated: false });

    // The body cannot choose the store, the status or the owner.
    const body = registrationBody({ email: 'grace@example.com', full_name: 'Grace Hopper', image_file_id: photoId });
    const res = await submit(counter.token, {
      registration: { ...body.registration, store: 'Somewhere else', status: 'confirmed', user_id: 'mallory' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: body.registration.id, status: 'pending', repeated: false });

    const a = admin(server);
    const doc = await a.databases.getDocument({ ...DB, documentId: body.registration.id });
    const [user] = (await a.users.list({ queries: [Query.equal('email', ['grace@example.com'])] })).users;
    expect(doc).toMatchObject({
      status: 'pending',
      store: 'Rue Royale',
      full_name: 'Grace Hopper',
      email: 'grace@example.com',
      image_file_id: photoId,
      user_id: user!.$id,
    });
    expect(doc.$permissions).toEqual([]);
    const file = await a.storage.getFile({ bucketId: 'images', fileId: photoId });
    expect(file.$permissions).toEqual([]);
    expect(file.name).toBe('IMG_0001.jpg');
    expect(new Uint8Array(await a.storage.getFileView({ bucketId: 'images', fileId: photoId }))).toEqual(new Uint8Array(jpeg));

    // The customer signing in with a code on their own phone still cannot read it (nor its photo), and cannot hand
    // it over to Shopify before confirming.
    const grace = await signedInCustomer(server, 'grace@example.com');
    expect(grace.userId).toBe(user!.$id);
    expect((await failure(grace.as(() => grace.databases.getDocument({ ...DB, documentId: body.registration.id })))).code).toBe(404);
    expect((await grace.as(() => grace.databases.listDocuments({ ...DB }))).documents).toEqual([]);
    expect((await failure(grace.as(() => grace.storage.getFile({ bucketId: 'images', fileId: photoId })))).code).toBe(404);
    const { jwt } = await grace.as(() => grace.account.createJWT());
    const early = await callFunction(server, 'sendToShopify', { body: { $id: body.registration.id }, headers: { 'X-Appwrite-JWT': jwt } });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { code: string }).code).toBe('pending_confirmation');
    expect((await handOffs(server)).filter((e) => e.registrationId === body.registration.id)).toEqual([]);

    const [mail, ...more] = await linkMails(server, 'grace@example.com');
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Hello Grace Hopper,');
    expect(mail!.text).toContain('This link works for 7 days.');
    expect(mail!.text).toContain('Rue Royale');
    const link = confirmLink(mail!);
    expect(link.url.origin).toBe(`http://localhost:${server.port}`);
    expect(link.registration).toBe(body.registration.id);
    expect(link.userId).toBe(user!.$id);
    expect(link.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(link.href).toBe(
      `http://localhost:${server.port}/confirm?registration=${body.registration.id}&userId=${user!.$id}&secret=${link.secret}`,
    );

    // Staff see it waiting, with its store; the device was seen.
    const subs = await callFunction(server, 'getAppwriteSubmissions', { auth: staff });
    const listed = ((await subs.json()) as { $id: string; status: string; store: string }[]).find((s) => s.$id === body.registration.id);
    expect(listed).toMatchObject({ status: 'pending', store: 'Rue Royale' });
    expect((await listCounters()).find((c) => c.id === counter.id)?.last_seen).not.toBeNull();
  });

  it('changes nothing when the photo and the registration are sent again: one document, one photo, one mail', async () => {
    const photoId = ID.unique();
    const jpeg = await makeJpeg({ width: 64, height: 48 });
    await submit(counter.token, photoBody(photoId, jpeg));
    const again = await submit(counter.token, photoBody(photoId, await makeJpeg({ width: 80, height: 60 })));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id: photoId, status: 'stored', repeated: true });
    expect(new Uint8Array(await admin(server).storage.getFileView({ bucketId: 'images', fileId: photoId }))).toEqual(new Uint8Array(jpeg));

    const body = registrationBody({ email: 'replay@example.com', image_file_id: photoId });
    expect((await submit(counter.token, body)).status).toBe(200);
    const stored = await admin(server).databases.getDocument({ ...DB, documentId: body.registration.id });
    const replay = await submit(counter.token, { registration: { ...body.registration, full_name: 'Someone Else' } });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ id: body.registration.id, status: 'pending', repeated: true });
    expect(await admin(server).databases.getDocument({ ...DB, documentId: body.registration.id })).toEqual(stored);
    expect(await linkMails(server, 'replay@example.com')).toHaveLength(1);
  });

  it('answers a registration whose photos are not stored yet with 409, storing nothing, until the photos arrive', async () => {
    const photoId = ID.unique();
    const body = registrationBody({ email: 'early@example.com', image_file_id: photoId });
    const early = await submit(counter.token, body);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({
      error: "Send the photos first: 1 of this registration's 1 photos is not on the server yet.",
      code: 'photos_missing',
      details: { missing: [photoId] },
    });
    expect(await documentOrNull(body.registration.id)).toBeNull();
    expect(await linkMails(server, 'early@example.com')).toEqual([]);

    // A customer's own photo is not a counter's: naming it does not make it part of the registration.
    const eve = await signedInCustomer(server, 'eve@example.com');
    const evesPhoto = ID.unique();
    const evesBytes = await makeJpeg();
    await eve.as(() => eve.storage.createFile({ bucketId: 'images', fileId: evesPhoto, file: new File([evesBytes], 'eve.jpg') }));
    const borrowed = await submit(counter.token, registrationBody({ email: 'early@example.com', image_file_id: evesPhoto }));
    expect(borrowed.status).toBe(409);

    expect((await submit(counter.token, photoBody(photoId, await makeJpeg()))).status).toBe(200);
    const later = await submit(counter.token, body);
    expect(await later.json()).toEqual({ id: body.registration.id, status: 'pending', repeated: false });
  });

  it('takes a day of registrations in one burst (50 registrations with their photos)', async () => {
    const jpeg = await makeJpeg({ width: 16, height: 16 });
    const sends: (() => Promise<Response>)[] = [];
    const regs = Array.from({ length: 50 }, (_, i) => {
      const photos = [ID.unique(), ID.unique()];
      for (const p of photos) sends.push(() => submit(counter.token, photoBody(p, jpeg)));
      return registrationBody({ email: `burst${i}@example.com`, image_file_id: photos.join(',') });
    });
    const statuses: number[] = [];
    for (let i = 0; i < sends.length; i += 10)
      statuses.push(...(await Promise.all(sends.slice(i, i + 10).map((s) => s()))).map((r) => r.status));
    for (let i = 0; i < regs.length; i += 10)
      statuses.push(...(await Promise.all(regs.slice(i, i + 10).map((r) => submit(counter.token, r)))).map((r) => r.status));
    expect(statuses).toEqual(Array(150).fill(200));
  });
});

describe('bad input from a counter', () => {
  const counter = counterForSuite('Rue Royale');
  let revoked: { id: string; store: string; token: string };
  beforeAll(async () => {
    revoked = await enrol(server, staff, 'Closed Store');
    await callFunction(server, 'revokeCounter', { body: { id: revoked.id }, auth: staff });
  });

  it('refuses a missing, garbage, forged or revoked token with 401 and a message, storing nothing', async () => {
    const jpeg = await makeJpeg();
    const [id, secret] = counter.token.split('.') as [string, string];
    const otherSecret = (secret[0] === 'A' ? 'B' : 'A') + secret.slice(1);
    const cases: [string, Record<string, string>, string][] = [
      ['no token', {}, 'This device is not enrolled as a counter. Ask staff to enrol it on the staff home page.'],
      [
        'not a bearer token',
        { Authorization: `Basic ${counter.token}` },
        'This device is not enrolled as a counter. Ask staff to enrol it on the staff home page.',
      ],
      ['garbage', { Authorization: 'Bearer garbage' }, 'This counter token is not valid. Ask staff to enrol this device again.'],
      [
        'an unknown counter',
        { Authorization: `Bearer nosuchcounter.${secret}` },
        'This counter token is not valid. Ask staff to enrol this device again.',
      ],
      [
        'the wrong secret',
        { Authorization: `Bearer ${id}.${otherSecret}` },
        'This counter token is not valid. Ask staff to enrol this device again.',
      ],
      ['a staff token', { Authorization: `Bearer ${staff}` }, 'This counter token is not valid. Ask staff to enrol this device again.'],
      ['a revoked counter', { Authorization: `Bearer ${revoked.token}` }, REVOKED],
    ];
    for (const [name, headers, message] of cases) {
      const photoId = ID.unique();
      const res = await callFunction(server, 'submitFromCounter', { body: photoBody(photoId, jpeg), headers });
      expect([name, res.status, ((await res.json()) as { error: string }).error]).toEqual([name, 401, message]);
      expect(await fileOrNull(photoId)).toBeNull();
    }
  });

  it('answers malformed bodies, wrong photo types and oversize photos with a 4xx, storing nothing', async () => {
    const jpeg = await makeJpeg();
    const png = new Uint8Array(await sharp(Buffer.from(jpeg)).png().toBuffer());
    const photo = (over: Record<string, unknown>) => ({ photo: { ...photoBody(ID.unique(), jpeg).photo, ...over } });
    const cases: [string, unknown, number, RegExp][] = [
      ['not JSON', '{"photo":', 400, /not valid JSON/],
      ['an empty body', '', 400, /empty/],
      ['neither a photo nor a registration', { hello: 'world' }, 422, /Send \{"photo": \{\.\.\.\}\} or \{"registration": \{\.\.\.\}\}/],
      ['a GIF', photo({ type: 'image/gif' }), 422, /Photos must be JPEG, PNG or WebP/],
      ['PNG bytes sent as JPEG', photo({ data: Buffer.from(png).toString('base64') }), 422, /not a JPEG image \(it is a PNG image\)/],
      ['text sent as JPEG', photo({ data: Buffer.from('hello, this is not a photo').toString('base64') }), 422, /not a JPEG image/],
      ['data that is not base64', photo({ data: 'not base64!' }), 422, /base64/],
      ['a data: URL', photo({ data: `data:image/jpeg;base64,${Buffer.from(jpeg).toString('base64')}` }), 422, /without the "data:" prefix/],
      ['a photo without an id', photo({ id: undefined }), 422, /^photo\.id: /],
      ['a photo id with a slash', photo({ id: 'a/b' }), 422, /pre-made file id/],
      [
        'a JPEG head on garbage',
        photo({ data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]).toString('base64') }),
        422,
        /refused/,
      ],
      ['a registration without an id', { registration: { ...registrationBody().registration, id: undefined } }, 422, /^registration\.id: /],
      ['a registration with a bad e-mail', registrationBody({ email: 'not-an-email' }), 422, /Email is not a valid email address/],
      ['a registration without a name', registrationBody({ full_name: '' }), 422, /Full name is required/],
      ['a registration with a bad date', registrationBody({ submitted_at: 'yesterday' }), 422, /submitted_at/],
      ['a registration with a bad photo id', registrationBody({ image_file_id: 'a,/etc/passwd' }), 422, /image_file_id/],
    ];
    for (const [name, body, status, message] of cases) {
      const before = (await admin(server).databases.listDocuments({ ...DB, queries: [Query.limit(1)] })).total;
      const res = await submit(counter.token, body);
      const answer = (await res.json()) as { error: string };
      expect([name, res.status]).toEqual([name, status]);
      expect(answer.error, name).toMatch(message);
      expect((await admin(server).databases.listDocuments({ ...DB, queries: [Query.limit(1)] })).total, name).toBe(before);
      const sentId = (body as { photo?: { id?: unknown } }).photo?.id;
      if (typeof sentId === 'string' && /^[a-z0-9]+$/i.test(sentId)) expect(await fileOrNull(sentId), name).toBeNull();
    }
  });

  it('answers a body over 6 MB with 413, and GET with 405', async () => {
    const photoId = ID.unique();
    const big = await submit(counter.token, photoBody(photoId, new Uint8Array(5 * 1024 * 1024).fill(0xff)));
    expect(big.status).toBe(413);
    expect(await fileOrNull(photoId)).toBeNull();
    const get = await callFunction(server, 'submitFromCounter', { auth: counter.token });
    expect(get.status).toBe(405);
  });
});

describe('the confirmation link', () => {
  const counter = counterForSuite('Rue Royale');

  it('signs the customer in on any device and confirms: the registration becomes theirs and is handed over once', async () => {
    const { id, photoId } = await sendFromCounter(counter.token, 'lin@example.com', { full_name: 'Lin Wei' });
    const link = confirmLink((await linkMails(server, 'lin@example.com'))[0]!);

    // Another device, no session: the link's user id and secret open one.
    const phone = webCustomer(server.endpoint);
    const session = await phone.as(() => phone.account.createSession({ userId: link.userId, secret: link.secret }));
    expect(session.userId).toBe(link.userId);
    const { jwt } = await phone.as(() => phone.account.createJWT());
    const confirm = () =>
      callFunction(server, 'confirmRegistration', { body: { id: link.registration }, headers: { 'X-Appwrite-JWT': jwt } });
    const res = await confirm();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, status: 'confirmed' });

    const mine = await phone.as(() => phone.databases.getDocument({ ...DB, documentId: id }));
    expect(mine).toMatchObject({ status: 'confirmed', store: 'Rue Royale', full_name: 'Lin Wei' });
    expect((await phone.as(() => phone.storage.getFile({ bucketId: 'images', fileId: photoId }))).$id).toBe(photoId);
    const log = (await handOffs(server)).filter((e) => e.registrationId === id);
    // Handed to Shopify once, and the confirmation e-mail sent once.
    expect(log.map((e) => e.action).sort()).toEqual(['confirmation.mail', 'customer.upsert']);
    expect(log.find((e) => e.action === 'customer.upsert')).toMatchObject({ email: 'lin@example.com' });

    // A second confirmation: the same answer, and nothing more happens.
    const updatedAt = (await admin(server).databases.getDocument({ ...DB, documentId: id })).$updatedAt;
    const again = await confirm();
    expect([again.status, await again.json()]).toEqual([200, { id, status: 'confirmed' }]);
    expect((await handOffs(server)).filter((e) => e.registrationId === id)).toHaveLength(2);
    expect((await admin(server).databases.getDocument({ ...DB, documentId: id })).$updatedAt).toBe(updatedAt);

    // The secret works once.
    const replay = webCustomer(server.endpoint);
    const used = await failure(replay.as(() => replay.account.createSession({ userId: link.userId, secret: link.secret })));
    expect([used.code, used.type]).toEqual([401, 'user_invalid_token']);

    // Nobody else can confirm it: their answer is a missing registration's.
    const other = await signedInCustomer(server, 'other@example.com');
    const otherJwt = (await other.as(() => other.account.createJWT())).jwt;
    const foreign = await callFunction(server, 'confirmRegistration', { body: { id }, headers: { 'X-Appwrite-JWT': otherJwt } });
    const missing = await callFunction(server, 'confirmRegistration', {
      body: { id: ID.unique() },
      headers: { 'X-Appwrite-JWT': otherJwt },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await missing.json());
  });

  it('makes links that last 7 days; an expired one is refused, and renewConfirmation mails a fresh one that works', async () => {
    const { id } = await sendFromCounter(counter.token, 'late@example.com');
    const first = confirmLink((await linkMails(server, 'late@example.com'))[0]!);

    const tokens = () =>
      server.db.prepare("SELECT id, expire_ms FROM tokens WHERE user_id = ? AND kind = 'generic'").all(first.userId) as {
        id: string;
        expire_ms: number;
      }[];
    const [token] = tokens();
    expect(Math.abs(token!.expire_ms - (Date.now() + 7 * 24 * 3_600_000))).toBeLessThan(60_000);
    // Seven days later (the stored expiry moved to the past, as the clock would):
    server.db.prepare('UPDATE tokens SET expire_ms = ? WHERE id = ?').run(Date.now() - 1000, token!.id);

    const phone = webCustomer(server.endpoint);
    const expired = await failure(phone.as(() => phone.account.createSession({ userId: first.userId, secret: first.secret })));
    expect([expired.code, expired.type, expired.message]).toEqual([
      401,
      'user_invalid_token',
      'Invalid token passed in the request: the token has expired.',
    ]);

    const renew = await callFunction(server, 'renewConfirmation', { body: { id: first.registration, userId: first.userId } });
    expect([renew.status, await renew.json()]).toEqual([200, { status: 'sent' }]);
    const mails = await linkMails(server, 'late@example.com');
    expect(mails).toHaveLength(2);
    const fresh = confirmLink(mails[0]!);
    expect(fresh.secret).not.toBe(first.secret);
    expect([fresh.registration, fresh.userId]).toEqual([id, first.userId]);

    await phone.as(() => phone.account.createSession({ userId: fresh.userId, secret: fresh.secret }));
    const { jwt } = await phone.as(() => phone.account.createJWT());
    const res = await callFunction(server, 'confirmRegistration', { body: { id }, headers: { 'X-Appwrite-JWT': jwt } });
    expect(await res.json()).toEqual({ id, status: 'confirmed' });

    // Once confirmed, asking again gets the same answer and no mail.
    const after = await callFunction(server, 'renewConfirmation', { body: { id, userId: first.userId } });
    expect([after.status, await after.json()]).toEqual([200, { status: 'sent' }]);
    expect(await linkMails(server, 'late@example.com')).toHaveLength(2);
  });

  it('answers renewConfirmation the same for a wrong user or a missing registration, and mails nobody', async () => {
    const { id } = await sendFromCounter(counter.token, 'quiet@example.com');
    const mailsBefore = (await mailbox(server)).length;
    const answers = await Promise.all(
      [
        { id, userId: 'someone-else' },
        { id: ID.unique(), userId: 'someone-else' },
      ].map(async (body) => {
        const res = await callFunction(server, 'renewConfirmation', { body });
        return [res.status, await res.json()];
      }),
    );
    expect(answers).toEqual([
      [200, { status: 'sent' }],
      [200, { status: 'sent' }],
    ]);
    expect((await mailbox(server)).length).toBe(mailsBefore);
    const bad = await callFunction(server, 'renewConfirmation', { body: { id } });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^userId: /);
    const garbled = await callFunction(server, 'renewConfirmation', { body: { id, userId: 'a/b' } });
    expect([garbled.status, ((await garbled.json()) as { error: string }).error]).toEqual([422, 'userId: The link is not complete.']);
  });

  it('limits renewConfirmation per registration', async () => {
    const { id } = await sendFromCounter(counter.token, 'again@example.com');
    const userId = confirmLink((await linkMails(server, 'again@example.com'))[0]!).userId;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await callFunction(server, 'renewConfirmation', { body: { id, userId } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await linkMails(server, 'again@example.com')).toHaveLength(6);
  });

  it('lets staff resend the link of a pending registration only', async () => {
    const { id } = await sendFromCounter(counter.token, 'resend@example.com');
    const resend = (body: unknown, auth: string | null = staff) => callFunction(server, 'resendConfirmationLink', { body, auth });
    const ok = await resend({ id });
    expect([ok.status, await ok.json()]).toEqual([200, { status: 'sent' }]);
    const mails = await linkMails(server, 'resend@example.com');
    expect(mails).toHaveLength(2);
    expect(confirmLink(mails[0]!).secret).not.toBe(confirmLink(mails[1]!).secret);

    const missing = await resend({ id: ID.unique() });
    expect([missing.status, ((await missing.json()) as { error: string }).error]).toEqual([404, 'That registration does not exist.']);
    expect((await resend({ id }, counter.token)).status).toBe(401);
    expect((await resend({ id }, null)).status).toBe(401);

    // Confirmed: nothing to resend.
    const link = confirmLink(mails[0]!);
    const phone = webCustomer(server.endpoint);
    await phone.as(() => phone.account.createSession({ userId: link.userId, secret: link.secret }));
    const { jwt } = await phone.as(() => phone.account.createJWT());
    await callFunction(server, 'confirmRegistration', { body: { id }, headers: { 'X-Appwrite-JWT': jwt } });
    const done = await resend({ id });
    expect([done.status, await done.json()]).toEqual([409, { error: 'Already confirmed.', code: 'already_confirmed' }]);
    expect(await linkMails(server, 'resend@example.com')).toHaveLength(2);
  });
});

describe('the counter token opens nothing but submitFromCounter', () => {
  const counter = counterForSuite('Rue Royale');
  let id: string;
  let photoId: string;
  beforeAll(async () => {
    ({ id, photoId } = await sendFromCounter(counter.token, 'private@example.com'));
  });

  it('is refused by every other function', async () => {
    const calls: [string, { method?: string; body?: unknown; query?: string }][] = [
      ['getSubmissions', {}],
      ['getAppwriteSubmissions', {}],
      ['updateAppwriteSubmission', { body: { id, ...registration() } }],
      ['importToAppwrite', { body: { data: [{ 'Full Name': 'A', Email: 'a@b.co' }] } }],
      ['staffImage', { query: `?id=${photoId}` }],
      ['getIntegrationLog', {}],
      ['listCounters', {}],
      ['enrolCounter', { body: { store: 'Mine now' } }],
      ['revokeCounter', { body: { id: counter.id } }],
      ['resendConfirmationLink', { body: { id } }],
      ['sendToShopify', { body: { $id: id } }],
      ['confirmRegistration', { body: { id } }],
    ];
    const answers: string[] = [];
    for (const [name, init] of calls) {
      const headerSets: Record<string, string>[] = [{ Authorization: `Bearer ${counter.token}` }, { 'X-Appwrite-JWT': counter.token }];
      for (const headers of headerSets) {
        const res = await fetch(`${server.url}/.netlify/functions/${name}${init.query ?? ''}`, {
          method: init.body === undefined ? 'GET' : 'POST',
          headers: { ...headers, ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        answers.push(`${name} ${Object.keys(headers)[0]} ${res.status}`);
      }
    }
    expect(answers).toEqual(calls.flatMap(([name]) => [`${name} Authorization 401`, `${name} X-Appwrite-JWT 401`]));
    expect((await admin(server).databases.getDocument({ ...DB, documentId: id })).status).toBe('pending');
    expect((await listCounters()).find((c) => c.id === counter.id)?.revoked_at).toBeNull();
  });

  it('reads nothing from the Appwrite API, whichever header carries it', async () => {
    const routes = [
      `/v1/databases/warranty/collections/submissions/documents`,
      `/v1/databases/warranty/collections/submissions/documents/${id}`,
      `/v1/databases/warranty/collections/counters/documents`,
      `/v1/tablesdb/warranty/tables/submissions/rows/${id}`,
      `/v1/storage/buckets/images/files/${photoId}`,
      `/v1/storage/buckets/images/files/${photoId}/view`,
      `/v1/storage/buckets/images/files/${photoId}/preview?width=100`,
      `/v1/users`,
    ];
    const headerSets: Record<string, string>[] = [
      { Authorization: `Bearer ${counter.token}` },
      { 'X-Appwrite-JWT': counter.token },
      { 'X-Appwrite-Key': counter.token },
    ];
    for (const route of routes) {
      for (const headers of headerSets) {
        const res = await fetch(`${server.url}${route}`, { headers: { 'X-Appwrite-Project': 'warranty', ...headers } });
        const text = await res.text();
        const what = `${route} with ${Object.keys(headers)[0]}`;
        expect(text, what).not.toContain('private@example.com');
        if (res.status === 200) expect(JSON.parse(text), what).toMatchObject({ total: 0 });
        else expect([401, 404], what).toContain(res.status);
      }
    }
  });
});

describe('rate limits of a counter', () => {
  it('limits the calls of one counter per hour and says when to come back', async () => {
    const counter = await enrol(server, staff, 'Busy Store');
    const previous = process.env.COUNTER_CALLS_PER_HOUR;
    process.env.COUNTER_CALLS_PER_HOUR = '5';
    try {
      const jpeg = await makeJpeg({ width: 16, height: 16 });
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      for (let i = 0; i < 6; i++) {
        const res = await submit(counter.token, photoBody(ID.unique(), jpeg));
        statuses.push(res.status);
        if (res.status === 429) retryAfter = res.headers.get('retry-after');
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      // Another counter of the same store is not held up.
      const other = await enrol(server, staff, 'Busy Store');
      expect((await submit(other.token, photoBody(ID.unique(), jpeg))).status).toBe(200);
    } finally {
      if (previous === undefined) delete process.env.COUNTER_CALLS_PER_HOUR;
      else process.env.COUNTER_CALLS_PER_HOUR = previous;
    }
  });
});

describe('the link e-mail in each way of running', () => {
  const counter = counterForSuite('Rue Royale');

  /** The functions as Netlify runs them: their own process environment, no embedded server's mailer beside them. */
  const netlifyEnv = (extra: Record<string, string> = {}) => ({
    APPWRITE_ENDPOINT: server.endpoint,
    APPWRITE_PROJECT_ID: server.config.projectId,
    APPWRITE_API_KEY: server.secrets.apiKey,
    SUPABASE_URL: server.url,
    SUPABASE_ANON_KEY: server.secrets.anonKey,
    PUBLIC_URL: 'https://warranty.example',
    ...extra,
  });
  const post = (handler: typeof submitFromCounter, name: string, auth: string, body: unknown) =>
    handler(
      new Request(`https://warranty.example/.netlify/functions/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
      { ip: '203.0.113.7', site: { url: 'https://warranty.example' } },
    );

  it('on Netlify without SMTP: the registration is stored and the unsent link is recorded as not configured', async () => {
    const photoId = ID.unique();
    const body = registrationBody({ email: 'nosmtp@example.com', image_file_id: photoId });
    await withEnv(netlifyEnv(), async () => {
      expect((await post(submitFromCounter, 'submitFromCounter', counter.token, photoBody(photoId, await makeJpeg()))).status).toBe(200);
      const res = await post(submitFromCounter, 'submitFromCounter', counter.token, body);
      expect(await res.json()).toEqual({ id: body.registration.id, status: 'pending', repeated: false });
      const resend = await post(resendConfirmationLink, 'resendConfirmationLink', staff, { id: body.registration.id });
      expect([resend.status, await resend.json()]).toEqual([
        503,
        { error: 'E-mail is not configured (set SMTP_URL), so the link could not be sent.', code: 'not_configured' },
      ]);
    });
    expect((await documentOrNull(body.registration.id))?.status).toBe('pending');
    expect((await handOffs(server)).filter((e) => e.registrationId === body.registration.id)).toEqual([
      expect.objectContaining({ action: 'mail.confirmation-link', result: 'not sent: e-mail is not configured (set SMTP_URL)' }),
    ]);
    expect(await linkMails(server, 'nosmtp@example.com')).toEqual([]);
  });

  it('with SMTP_URL: the link goes out by SMTP, on the public address', async () => {
    const smtp = await startSmtpCatcher();
    try {
      const photoId = ID.unique();
      const body = registrationBody({ email: 'smtp@example.com', image_file_id: photoId });
      await withEnv(netlifyEnv({ SMTP_URL: smtp.url, MAIL_FROM: 'Maison Aurelle <care@maison.example>' }), async () => {
        await post(submitFromCounter, 'submitFromCounter', counter.token, photoBody(photoId, await makeJpeg()));
        expect((await post(submitFromCounter, 'submitFromCounter', counter.token, body)).status).toBe(200);
      });
      expect(smtp.mails).toHaveLength(1);
      const mail = smtp.mails[0]!;
      expect([mail.from, mail.to]).toEqual(['care@maison.example', ['smtp@example.com']]);
      const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      expect(raw).toContain(`Subject: ${LINK_SUBJECT}`);
      expect(raw).toContain(`https://warranty.example/confirm?registration=${body.registration.id}&userId=`);
    } finally {
      await smtp.close();
    }
  });

  it("under the embedded server: the functions' mail goes through the server's one mailer, which takes it only with the API key", async () => {
    const relay = (body: unknown, key?: string) =>
      fetch(`${server.url}/_internal/mail`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key ? { 'X-Appwrite-Key': key } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const message = { to: 'relay@example.com', subject: 'Hello', text: 'See https://warranty.example/warranties.' };
    expect((await relay(message)).status).toBe(404);
    expect((await relay(message, counter.token)).status).toBe(404);
    expect((await relay('{"to":', server.secrets.apiKey)).status).toBe(400);
    const invalid = await relay({ ...message, to: 'nobody' }, server.secrets.apiKey);
    expect([invalid.status, await invalid.json()]).toEqual([400, { message: 'to: `to` must be an e-mail address.' }]);
    expect((await relay({ ...message, text: 'x'.repeat(21 * 1024 * 1024) }, server.secrets.apiKey)).status).toBe(413);
    expect((await mailbox(server)).filter((m) => m.to === 'relay@example.com')).toEqual([]);

    const sent = await relay(message, server.secrets.apiKey);
    expect([sent.status, await sent.json()]).toEqual([202, { status: 'sent' }]);
    expect((await mailbox(server)).filter((m) => m.to === 'relay@example.com')).toEqual([
      expect.objectContaining({ subject: 'Hello', links: ['https://warranty.example/warranties'] }),
    ]);
  });
});
