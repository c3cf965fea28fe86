// Counter devices through the real server: staff enrol, list and revoke them; a counter sends photos and
// registrations that nobody can read until the customer opens the e-mailed link; the link signs the customer in on
// any device, to the account of the address it was mailed to and no other, and confirms; expired links are renewed,
// earlier ones retired; and the counter token opens nothing but submitFromCounter.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { Query } from 'node-appwrite';
import sharp from 'sharp';
import { counterSchema } from '../../src/shared/contracts/functions';
import { handOffs } from '../helpers/hand-offs';
import { makeJpeg, registration, STAFF } from '../helpers/fixtures';
import { orMissing, type TestServer } from '../helpers/server';
import { createRegistration, signedInCustomer } from '../helpers/customers';
import { startWithStaff } from '../helpers/staff';
import { webCustomer, type WebCustomer } from '../helpers/web-customer';
import { failure } from '../helpers/failure';
import { startSmtpCatcher } from '../helpers/smtp-catcher';
import { forSuite } from '../helpers/suite';
import { withEnv } from '../../netlify/lib/env';
import submitFromCounter from '../../netlify/functions/submitFromCounter';
import resendConfirmationLink from '../../netlify/functions/resendConfirmationLink';
import openConfirmationLink from '../../netlify/functions/openConfirmationLink';
import {
  admin,
  callFunction,
  confirmLink,
  enrol,
  linkMails,
  mailbox,
  openLink,
  photoBody,
  registrationBody,
  signInWithLink,
  LINK_SUBJECT,
  type ConfirmLink,
} from '../helpers/counters';

const REVOKED = 'This counter device was revoked. Ask staff to enrol it again.';
const DB = { databaseId: 'warranty', collectionId: 'submissions' };
const LINKS = { databaseId: 'warranty', collectionId: 'confirmation_links' };
const LINK_NOT_FOUND = { error: 'This link is not valid.', code: 'link_not_found' };

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
const documentOrNull = (id: string) => orMissing(admin(server).databases.getDocument({ ...DB, documentId: id }));
const fileOrNull = (id: string) => orMissing(admin(server).storage.getFile({ bucketId: 'images', fileId: id }));

/** A registration's current confirmation link as stored (only the hash of its key), or null. */
const storedLink = (id: string) => orMissing(admin(server).databases.getDocument({ ...LINKS, documentId: id }));
/** Seven days later: the registration's link's stored expiry moved to the past, as the clock would. */
const expire = (id: string) =>
  admin(server).databases.updateDocument({ ...LINKS, documentId: id, data: { expires_at: new Date(Date.now() - 1000).toISOString() } });
/** confirmRegistration as the /confirm page calls it, with the session a link opened. */
const confirmWith = async (device: WebCustomer, id: string) => {
  const { jwt } = await device.as(() => device.account.createJWT());
  return callFunction(server, 'confirmRegistration', { body: { id }, headers: { 'X-Appwrite-JWT': jwt } });
};

/** A counter's photo and registration for `email`, sent; the registration's id and photo id. */
async function sendFromCounter(token: string, email: string, over: Record<string, unknown> = {}) {
  const photoId = ID.unique();
  const photo = await submit(token, photoBody(photoId, await makeJpeg({ width: 64, height: 48 })));
  expect(photo.status).toBe(200);
  const body = registrationBody({ email, image_file_id: photoId, ...over });
  const res = await submit(token, body);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ id: body.registration.id, status: 'pending' });
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
    expect(await photo.json()).toEqual({ id: photoId, status: 'stored' });

    // The body cannot choose the store, the status or the owner.
    const body = registrationBody({ email: 'grace@example.com', full_name: 'Grace Hopper', image_file_id: photoId });
    const res = await submit(counter.token, {
      registration: { ...body.registration, store: 'Somewhere else', status: 'confirmed', user_id: 'mallory' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: body.registration.id, status: 'pending' });

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
    // Marked as the server's (a role no customer holds), and readable by no customer.
    expect(doc.$permissions).toEqual(['read("label:server")']);
    const file = await a.storage.getFile({ bucketId: 'images', fileId: photoId });
    expect(file.$permissions).toEqual(['read("label:server")']);
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
    // Nobody owns it before the link is opened: it is answered as a missing one.
    expect(early.status).toBe(404);
    expect(((await early.json()) as { code: string }).code).toBe('not_found');
    expect((await handOffs(server)).filter((e) => e.registrationId === body.registration.id)).toEqual([]);

    const [mail, ...more] = await linkMails(server, 'grace@example.com');
    expect(more).toEqual([]);
    expect(mail!.text).toContain('Hello Grace Hopper,');
    expect(mail!.text).toContain('This link works for 7 days.');
    expect(mail!.text).toContain('Rue Royale');
    const link = confirmLink(mail!);
    expect(link.url.origin).toBe(`http://localhost:${server.port}`);
    expect(link.registration).toBe(body.registration.id);
    // The link names no account: it carries a key, kept on the server only as a hash beside the address it went to.
    expect(link.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.href).toBe(`http://localhost:${server.port}/confirm?registration=${body.registration.id}&key=${link.key}`);
    expect(link.href).not.toContain(user!.$id);
    expect(await storedLink(body.registration.id)).toMatchObject({
      email: 'grace@example.com',
      secret_hash: createHash('sha256').update(link.key).digest('hex'),
    });

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
    expect(await again.json()).toEqual({ id: photoId, status: 'stored' });
    expect(new Uint8Array(await admin(server).storage.getFileView({ bucketId: 'images', fileId: photoId }))).toEqual(new Uint8Array(jpeg));

    const body = registrationBody({ email: 'replay@example.com', image_file_id: photoId });
    expect((await submit(counter.token, body)).status).toBe(200);
    const stored = await admin(server).databases.getDocument({ ...DB, documentId: body.registration.id });
    const replay = await submit(counter.token, { registration: { ...body.registration, full_name: 'Someone Else' } });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ id: body.registration.id, status: 'pending' });
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
    expect(await later.json()).toEqual({ id: body.registration.id, status: 'pending' });
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

    // Another device, no session: the link opens one for the account of the address it was mailed to, now verified.
    const { device: phone, userId, secret } = await signInWithLink(server, link);
    const me = await phone.as(() => phone.account.get());
    expect([me.$id, me.email, me.emailVerification]).toEqual([userId, 'lin@example.com', true]);
    const confirm = () => confirmWith(phone, link.registration);
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

    // The token the link answered works once, and the confirmation retired the link: it opens nothing any more.
    const replay = webCustomer(server.endpoint);
    const used = await failure(replay.as(() => replay.account.createSession({ userId, secret })));
    expect([used.code, used.type]).toEqual([401, 'user_invalid_token']);
    const reopened = await openLink(server, link);
    expect([reopened.status, await reopened.json()]).toEqual([404, LINK_NOT_FOUND]);
    expect(await storedLink(id)).toBeNull();

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

  it('makes links that last 7 days; an expired one answers 410 and a fresh link arrives, which works', async () => {
    const { id } = await sendFromCounter(counter.token, 'late@example.com');
    const first = confirmLink((await linkMails(server, 'late@example.com'))[0]!);
    const stored = await storedLink(id);
    expect(Math.abs(Date.parse(stored!.expires_at as string) - (Date.now() + 7 * 24 * 3_600_000))).toBeLessThan(60_000);
    // Seven days later (the stored expiry moved to the past, as the clock would):
    await expire(id);

    const expired = await openLink(server, first);
    expect([expired.status, await expired.json()]).toEqual([410, { error: 'This link has expired.', code: 'link_expired' }]);
    const mails = await linkMails(server, 'late@example.com');
    expect(mails).toHaveLength(2);
    const fresh = confirmLink(mails[0]!);
    expect(fresh.key).not.toBe(first.key);
    expect(fresh.registration).toBe(id);
    // The fresh link retired the expired one.
    expect((await openLink(server, first)).status).toBe(404);

    const { device } = await signInWithLink(server, fresh);
    expect(await (await confirmWith(device, id)).json()).toEqual({ id, status: 'confirmed' });

    // Once confirmed, asking again gets the same answer and no mail.
    const after = await callFunction(server, 'renewConfirmation', { body: { id } });
    expect([after.status, await after.json()]).toEqual([200, { status: 'sent' }]);
    expect(await linkMails(server, 'late@example.com')).toHaveLength(2);
  });

  it('answers renewConfirmation the same whatever it is sent, and mails only the registration’s own address', async () => {
    const { id } = await sendFromCounter(counter.token, 'quiet@example.com');
    const mailsBefore = (await mailbox(server)).length;
    const answers = await Promise.all(
      [{ id: ID.unique() }, { id: ID.unique(), userId: 'someone-else' }].map(async (body) => {
        const res = await callFunction(server, 'renewConfirmation', { body });
        return [res.status, await res.json()];
      }),
    );
    expect(answers).toEqual([
      [200, { status: 'sent' }],
      [200, { status: 'sent' }],
    ]);
    expect((await mailbox(server)).length).toBe(mailsBefore);

    // The page of an older link still sends its user id: it is ignored, and the link goes to the registration's address.
    const older = await callFunction(server, 'renewConfirmation', { body: { id, userId: 'someone-else' } });
    expect([older.status, await older.json()]).toEqual([200, { status: 'sent' }]);
    const mails = await mailbox(server);
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails[0]).toMatchObject({ to: 'quiet@example.com', subject: LINK_SUBJECT });

    const bad = await callFunction(server, 'renewConfirmation', { body: {} });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: string }).error).toMatch(/^id: /);
    const garbled = await callFunction(server, 'renewConfirmation', { body: { id: 'a/b' } });
    expect([garbled.status, ((await garbled.json()) as { error: string }).error]).toEqual([422, 'id: Send the registration id as "id".']);
  });

  it('limits the fresh links of a registration, however they are asked for', async () => {
    const { id } = await sendFromCounter(counter.token, 'again@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await callFunction(server, 'renewConfirmation', { body: { id } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await linkMails(server, 'again@example.com')).toHaveLength(6);

    // An expired link opened now is answered as ever, and no seventh link goes.
    const newest = confirmLink((await linkMails(server, 'again@example.com'))[0]!);
    await expire(id);
    expect((await openLink(server, newest)).status).toBe(410);
    expect(await linkMails(server, 'again@example.com')).toHaveLength(6);
  });

  it('lets staff resend the link of a pending registration only; each new link retires the ones before', async () => {
    const { id } = await sendFromCounter(counter.token, 'resend@example.com');
    const resend = (body: unknown, auth: string | null = staff) => callFunction(server, 'resendConfirmationLink', { body, auth });
    const ok = await resend({ id });
    expect([ok.status, await ok.json()]).toEqual([200, { status: 'sent' }]);
    const mails = await linkMails(server, 'resend@example.com');
    expect(mails).toHaveLength(2);
    const [newest, first] = mails.map((m) => confirmLink(m)) as [ConfirmLink, ConfirmLink];
    expect(newest.key).not.toBe(first.key);

    // The earlier link opens nothing: no token, so no session.
    const older = await openLink(server, first);
    expect([older.status, await older.json()]).toEqual([404, LINK_NOT_FOUND]);

    const missing = await resend({ id: ID.unique() });
    expect([missing.status, ((await missing.json()) as { error: string }).error]).toEqual([404, 'That registration does not exist.']);
    expect((await resend({ id }, counter.token)).status).toBe(401);
    expect((await resend({ id }, null)).status).toBe(401);

    // Confirmed: nothing to resend, and no link of it opens any more.
    const { device } = await signInWithLink(server, newest);
    expect((await confirmWith(device, id)).status).toBe(200);
    const done = await resend({ id });
    expect([done.status, await done.json()]).toEqual([409, { error: 'Already confirmed.', code: 'already_confirmed' }]);
    expect(await linkMails(server, 'resend@example.com')).toHaveLength(2);
    for (const link of [newest, first]) {
      const res = await openLink(server, link);
      expect([res.status, await res.json()]).toEqual([404, LINK_NOT_FOUND]);
    }
  });
});

describe('the confirmation link, attacked from outside', () => {
  const counter = counterForSuite('Rue Royale');

  it('opens only the account of the address it was mailed to: naming another customer’s account gets no link to it', async () => {
    // The victim has an account, and anyone can learn its id from the address (the e-mail code request answers it).
    const victim = await signedInCustomer(server, 'victim@example.com');
    const probe = await fetch(`${server.endpoint}/account/tokens/email`, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': 'warranty', 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: 'unique()', email: 'victim@example.com' }),
    });
    const victimId = ((await probe.json()) as { userId: string }).userId;
    expect(victimId).toBe(victim.userId);

    // The attacker, signed in as himself, writes a pending registration naming the victim's account and his own
    // address, and asks for a fresh link as an expired link's page would.
    const mallory = await signedInCustomer(server, 'mallory@example.com');
    const id = ID.unique();
    await createRegistration(mallory, { user_id: victimId, status: 'pending' }, id);
    const renew = await callFunction(server, 'renewConfirmation', { body: { id, userId: victimId } });
    expect([renew.status, await renew.json()]).toEqual([200, { status: 'sent' }]);
    const mails = await linkMails(server, 'mallory@example.com');
    expect(mails.map((m) => m.text).join('\n')).not.toContain(victimId);
    expect(mails).toEqual([]);

    // A link he does get (his own registration at a counter) opens his own account, and nobody else's.
    const own = await sendFromCounter(counter.token, 'mallory@example.com');
    const link = confirmLink((await linkMails(server, 'mallory@example.com'))[0]!);
    expect(link.registration).toBe(own.id);
    const { device, userId } = await signInWithLink(server, link);
    expect(userId).toBe(mallory.userId);
    expect((await device.as(() => device.account.get())).email).toBe('mallory@example.com');
    // Nor can his link be turned on the victim's registration or account.
    const theirs = await openLink(server, { registration: id, key: link.key });
    expect([theirs.status, await theirs.json()]).toEqual([404, LINK_NOT_FOUND]);
  });

  it('after a staff e-mail edit and "Resend link", opens the new address’s account, never the original customer’s', async () => {
    const { id } = await sendFromCounter(counter.token, 'first.address@example.com', { full_name: 'Ines Moreau' });
    const firstLink = confirmLink((await linkMails(server, 'first.address@example.com'))[0]!);
    const [original] = (await admin(server).users.list({ queries: [Query.equal('email', ['first.address@example.com'])] })).users;

    // Staff correct the address, then press "Resend link".
    const doc = await admin(server).databases.getDocument({ ...DB, documentId: id });
    const fields = Object.fromEntries(
      ['full_name', 'phone', 'address', 'product_sku', 'selected_product', 'image_file_id'].map((k) => [k, doc[k] as string]),
    );
    const edit = await callFunction(server, 'updateAppwriteSubmission', {
      body: { id, ...fields, email: 'second.address@example.com' },
      auth: staff,
    });
    expect(edit.status).toBe(200);
    expect((await callFunction(server, 'resendConfirmationLink', { body: { id }, auth: staff })).status).toBe(200);

    const link = confirmLink((await linkMails(server, 'second.address@example.com'))[0]!);
    expect(link.href).not.toContain(original!.$id);
    const { device, userId } = await signInWithLink(server, link);
    expect(userId).not.toBe(original!.$id);
    const me = await device.as(() => device.account.get());
    expect([me.email, me.emailVerification]).toEqual(['second.address@example.com', true]);
    // The original address's link is retired, and the original account was not touched.
    expect((await openLink(server, firstLink)).status).toBe(404);
    expect((await admin(server).users.get({ userId: original!.$id })).emailVerification).toBe(false);

    expect(await (await confirmWith(device, id)).json()).toEqual({ id, status: 'confirmed' });
    expect((await admin(server).databases.getDocument({ ...DB, documentId: id })).$permissions).toContain(`read("user:${userId}")`);
  });

  it('refuses a tampered, borrowed or made-up key with one answer, and keeps only a hash of the key', async () => {
    const a = await sendFromCounter(counter.token, 'tamper.a@example.com');
    const b = await sendFromCounter(counter.token, 'tamper.b@example.com');
    const linkA = confirmLink((await linkMails(server, 'tamper.a@example.com'))[0]!);
    const linkB = confirmLink((await linkMails(server, 'tamper.b@example.com'))[0]!);
    expect(linkA.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linkA.href).toBe(`http://localhost:${server.port}/confirm?registration=${a.id}&key=${linkA.key}`);
    const stored = await storedLink(a.id);
    expect(stored).toMatchObject({ email: 'tamper.a@example.com', secret_hash: createHash('sha256').update(linkA.key).digest('hex') });
    expect(JSON.stringify(stored)).not.toContain(linkA.key);

    const flip = (k: string) => (k[0] === 'A' ? 'B' : 'A') + k.slice(1);
    const refused = [
      { registration: a.id, key: flip(linkA.key) },
      { registration: a.id, key: linkA.key.slice(0, -1) },
      { registration: a.id, key: `${linkA.key}A` },
      { registration: a.id, key: linkB.key },
      { registration: b.id, key: linkA.key },
      { registration: ID.unique(), key: linkA.key },
    ];
    for (const link of refused) {
      const res = await openLink(server, link);
      expect([res.status, await res.json()]).toEqual([404, LINK_NOT_FOUND]);
    }
    // An incomplete link, or the old form with a user id and a secret, is not a link.
    for (const body of [{ registration: a.id }, { registration: a.id, key: 'a/b' }, { registration: a.id, userId: 'u', secret: 's' }]) {
      const res = await callFunction(server, 'openConfirmationLink', { body });
      expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([422, 'invalid_body']);
    }
    // Wrong keys wear nothing out: the right ones still open their own accounts.
    for (const [link, email] of [
      [linkA, 'tamper.a@example.com'],
      [linkB, 'tamper.b@example.com'],
    ] as const) {
      const { device } = await signInWithLink(server, link);
      expect((await device.as(() => device.account.get())).email).toBe(email);
    }
  });

  it('limits the links opened from one client address', async () => {
    const statuses: number[] = [];
    await withEnv(server.functionsEnv(), async () => {
      for (let i = 0; i < 61; i++) {
        const res = await openConfirmationLink(
          new Request('http://localhost/.netlify/functions/openConfirmationLink', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ registration: ID.unique(), key: 'x'.repeat(43) }),
          }),
          { ip: '198.51.100.23' },
        );
        statuses.push(res.status);
      }
    });
    expect(statuses).toEqual([...Array(60).fill(404), 429]);
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
      expect(await res.json()).toEqual({ id: body.registration.id, status: 'pending' });
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
      expect(raw).toContain(`https://warranty.example/confirm?registration=${body.registration.id}&key=`);
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
