// The limits on what a counter token (or anyone) can make the functions do, performed from outside over HTTP against
// the real server with its limits on: one address flooded with e-mails (every kind counts against the address, the
// rest are recorded or retried), a counter storing photos past a day's allowance of files and megabytes, and the
// counter photos nobody joined, swept once their lifetime is over while the joined ones stay.
import { describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { Permission, Query, Role } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { withEnv } from '../../netlify/lib/env';
import { mailAttempts } from '../../netlify/lib/mail/mail-state';
import { ADDRESS_LIMITS, MAIL_LIMITED_MESSAGE } from '../../netlify/lib/mail/send';
import { runMailSweep } from '../../netlify/lib/mail/sweep';
import { sweepUnjoinedPhotos } from '../../netlify/lib/counters/photo-sweep';
import { admin, callFunction, enrol, linkMails, mailbox, photoBody, registrationBody } from '../helpers/counters';
import { createRegistration, jwtOf, sendToShopify, signedInCustomer } from '../helpers/customers';
import { makeJpeg } from '../helpers/fixtures';
import { handOffs } from '../helpers/hand-offs';
import { orMissing, type TestServer } from '../helpers/server';
import { staffServerForSuite } from '../helpers/suite';

const LIMITS = { emailTokenPerEmail: 10, emailTokenPerIp: 100, sessionPerIpUser: 10, sessionPerUser: 20 };
const PER_HOUR = ADDRESS_LIMITS[0].max;
const CONFIRMATION = 'Your warranty is registered';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const submit = (server: TestServer, token: string, body: unknown) => callFunction(server, 'submitFromCounter', { body, auth: token });
const fileOrNull = (server: TestServer, id: string) => orMissing(admin(server).storage.getFile({ bucketId: 'images', fileId: id }));

describe('e-mail to one address', () => {
  const { server, staff } = staffServerForSuite({ rateLimits: LIMITS });

  it("a counter token sending 15 registrations for one address mails it the hour's share of links, and staff see the rest", async () => {
    const victim = 'flood@example.com';
    const counter = await enrol(server, staff.token, 'Rue Royale');
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const body = registrationBody({ email: victim, full_name: 'Not The Owner' });
      const res = await submit(server, counter.token, body);
      // Every registration is stored whatever happens to its e-mail: the device never sends it again.
      expect(res.status).toBe(200);
      ids.push(body.registration.id);
    }

    expect(await linkMails(server, victim)).toHaveLength(PER_HOUR);
    const failed = (await handOffs(server)).filter((e) => ids.includes(e.registrationId) && e.action === 'mail.confirmation-link.failed');
    expect(failed).toHaveLength(15 - PER_HOUR);
    for (const entry of failed) expect(entry.result).toBe(`failed: ${MAIL_LIMITED_MESSAGE}`);

    // Staff's "Resend link" for one of them is refused plainly, and says when to come back.
    const held = failed[0]!.registrationId;
    const resend = await callFunction(server, 'resendConfirmationLink', { body: { id: held }, auth: staff.token });
    expect(resend.status).toBe(429);
    expect(await resend.json()).toMatchObject({ error: MAIL_LIMITED_MESSAGE, code: 'mail_limited' });
    expect(Number(resend.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await linkMails(server, victim)).toHaveLength(PER_HOUR);

    // The limit is the address's, not the counter's: another address is mailed as before.
    const other = registrationBody({ email: 'someone.else@example.com' });
    expect((await submit(server, counter.token, other)).status).toBe(200);
    expect(await linkMails(server, 'someone.else@example.com')).toHaveLength(1);

    // The counters hold no address, only a keyed hash of it.
    const { documents } = await admin(server).databases.listDocuments({
      databaseId: 'warranty',
      collectionId: 'rate_limits',
      queries: [Query.startsWith('key', 'mail-'), Query.limit(100)],
    });
    expect(documents.length).toBeGreaterThan(0);
    for (const doc of documents) expect(doc.key).toMatch(/^mail-(hour|day):[0-9a-f]{64}$/);
  });

  it('the confirmation e-mail held back by the limit is a failed attempt the sweep retries; staff resend is answered 429', async () => {
    const email = 'busy.owner@example.com';
    const counter = await enrol(server, staff.token, 'Place Vendôme');
    for (let i = 0; i < PER_HOUR; i++) expect((await submit(server, counter.token, registrationBody({ email }))).status).toBe(200);
    expect(await linkMails(server, email)).toHaveLength(PER_HOUR);

    // The owner registers on their own phone: the registration and its hand-off succeed, the e-mail waits.
    const owner = await signedInCustomer(server, email);
    const { $id: id } = await createRegistration(owner, { full_name: 'Busy Owner' });
    const t0 = Date.now();
    expect((await sendToShopify(server, { $id: id }, await jwtOf(owner))).status).toBe(200);
    const confirmations = async () => (await mailbox(server)).filter((m) => m.to === email && m.subject === CONFIRMATION);
    expect(await confirmations()).toHaveLength(0);
    const attempts = () => withEnv(server.functionsEnv(), () => mailAttempts(id, 'confirmation'));
    const [first] = await attempts();
    expect(first).toMatchObject({ attempts: 1, status: 'failed', last_error: MAIL_LIMITED_MESSAGE });
    expect(Date.parse(first!.next_attempt_at!)).toBeGreaterThan(t0);
    const log = (await handOffs(server)).find((e) => e.registrationId === id && e.action === 'confirmation.mail.failed');
    expect(log?.result).toBe(`failed, retried later: ${MAIL_LIMITED_MESSAGE}`);

    const resend = await callFunction(server, 'resendConfirmation', { body: { id }, auth: staff.token });
    expect(resend.status).toBe(429);
    expect(await resend.json()).toMatchObject({ error: MAIL_LIMITED_MESSAGE, code: 'mail_limited' });

    // Still within the hour: the sweep's retry is held back too, and waits longer (never dropped).
    await withEnv(server.functionsEnv(), () => runMailSweep(t0 + 2 * MINUTE));
    expect((await attempts()).map((a) => [a.attempts, a.status])).toEqual([
      [1, 'retried'],
      [2, 'failed'],
    ]);
    expect(await confirmations()).toHaveLength(0);

    // The hour passes (its counters end): the next retry goes out, once.
    const windows = await admin(server).databases.listDocuments({
      databaseId: 'warranty',
      collectionId: 'rate_limits',
      queries: [Query.startsWith('key', 'mail-hour:'), Query.limit(100)],
    });
    for (const doc of windows.documents)
      await admin(server).databases.deleteDocument({ databaseId: 'warranty', collectionId: 'rate_limits', documentId: doc.$id });
    await withEnv(server.functionsEnv(), () => runMailSweep(t0 + 10 * MINUTE));
    await withEnv(server.functionsEnv(), () => runMailSweep(t0 + HOUR));
    expect((await attempts()).map((a) => a.status)).toEqual(['retried', 'retried', 'sent']);
    expect(await confirmations()).toHaveLength(1);
  });
});

describe("a counter's photos in a day", () => {
  // DAILY_FILE_LIMIT=2, DAILY_UPLOAD_MB=1, as a customer account has them.
  const { server, staff } = staffServerForSuite({
    rateLimits: LIMITS,
    quotas: { documentsPerDay: 20, filesPerDay: 2, bytesPerDay: 1_000_000 },
  });

  it('refuses the third photo of the day with 429 and says so; a repeat of a stored one uses nothing', async () => {
    const counter = await enrol(server, staff.token, 'Rue Royale');
    const jpeg = await makeJpeg({ width: 32, height: 32 });
    const first = ID.unique();
    expect((await submit(server, counter.token, photoBody(first, jpeg))).status).toBe(200);
    expect((await submit(server, counter.token, photoBody(first, jpeg))).status).toBe(200); // the device's retry
    const second = ID.unique();
    expect((await submit(server, counter.token, photoBody(second, jpeg))).status).toBe(200);

    const third = ID.unique();
    const refused = await submit(server, counter.token, photoBody(third, jpeg));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: 'This counter device has reached its daily limit of 2 photos. The rest will be sent tomorrow.',
      code: 'rate_limited',
    });
    // Until the next UTC day.
    const midnight = Math.ceil(Date.now() / 86_400_000) * 86_400_000;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan((midnight - Date.now()) / 1000 - 60);
    expect(await fileOrNull(server, third)).toBeNull();

    // The allowance is each counter's: another counter of the same store is not held up.
    const other = await enrol(server, staff.token, 'Rue Royale');
    expect((await submit(server, other.token, photoBody(ID.unique(), jpeg))).status).toBe(200);
  });

  it("refuses a photo past the day's megabytes with 429 and says so; a smaller one still fits", async () => {
    const counter = await enrol(server, staff.token, 'Place Vendôme');
    const big = await makeJpeg({ bytes: 600_000 });
    expect(big.length).toBeGreaterThan(500_000);
    expect((await submit(server, counter.token, photoBody(ID.unique(), big))).status).toBe(200);

    const tooMuch = ID.unique();
    const refused = await submit(server, counter.token, photoBody(tooMuch, await makeJpeg({ bytes: 600_000 })));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      error: 'This counter device has reached its daily limit of 1 MB of photos. The rest will be sent tomorrow.',
      code: 'rate_limited',
    });
    expect(await fileOrNull(server, tooMuch)).toBeNull();

    // The refused photo used nothing: a small one is the day's second.
    expect((await submit(server, counter.token, photoBody(ID.unique(), await makeJpeg({ width: 32, height: 32 })))).status).toBe(200);
  });
});

describe('counter photos nobody joined', () => {
  const { server, staff } = staffServerForSuite({ rateLimits: LIMITS });

  it('are deleted once UPLOAD_TTL_HOURS have passed, while a photo a registration joined and a customer’s own stay', async () => {
    const counter = await enrol(server, staff.token, 'Rue Royale');
    const jpeg = await makeJpeg({ width: 32, height: 32 });
    const [unjoined, joined] = [ID.unique(), ID.unique()];
    for (const id of [unjoined, joined]) expect((await submit(server, counter.token, photoBody(id, jpeg))).status).toBe(200);
    const registration = registrationBody({ email: 'joined@example.com', image_file_id: joined });
    expect((await submit(server, counter.token, registration)).status).toBe(200);

    const customer = await signedInCustomer(server, 'own.photo@example.com');
    const own = ID.unique();
    await customer.as(() => customer.storage.createFile({ bucketId: 'images', fileId: own, file: new File([jpeg], 'own.jpg') }));

    const sweepAt = (t: number) => withEnv(server.functionsEnv(), () => sweepUnjoinedPhotos(t));
    const t0 = Date.now();
    // Within the lifetime (24 hours by default), nothing goes.
    expect(await sweepAt(t0 + 23 * HOUR)).toMatchObject({ deleted: 0 });
    expect(await fileOrNull(server, unjoined)).not.toBeNull();

    expect(await sweepAt(t0 + 25 * HOUR)).toEqual({ checked: 3, deleted: 1, failed: 0 });
    expect(await fileOrNull(server, unjoined)).toBeNull();
    expect(await fileOrNull(server, joined)).not.toBeNull();
    expect(await fileOrNull(server, own)).not.toBeNull();
    // Long past its window, a run no longer looks at a file at all: each run's work stays bounded.
    expect(await sweepAt(t0 + 30 * 24 * HOUR)).toEqual({ checked: 0, deleted: 0, failed: 0 });

    // Listing files is the server's alone.
    await expect(customer.as(() => customer.storage.listFiles({ bucketId: 'images' }))).rejects.toMatchObject({ code: 401 });
  });

  it('pages through a bucket of many, deleting as it goes, and leaves every joined photo', async () => {
    const { storage } = admin(server);
    const jpeg = await makeJpeg({ width: 16, height: 16 });
    const joined = new Set<string>();
    const before = (await storage.listFiles({ bucketId: 'images' })).total;
    for (let i = 0; i < 250; i++) {
      const id = ID.unique();
      if (i % 3 === 0) joined.add(id);
      await storage.createFile({
        bucketId: 'images',
        fileId: id,
        file: InputFile.fromBuffer(jpeg, `photo-${i}.jpg`),
        permissions: joined.has(id) ? [Permission.read(Role.label('server'))] : [],
      });
    }

    const report = await withEnv(server.functionsEnv(), () => sweepUnjoinedPhotos(Date.now() + 25 * HOUR));
    expect(report).toEqual({ checked: before + 250, deleted: 250 - joined.size, failed: 0 });
    const left = await storage.listFiles({ bucketId: 'images', queries: [Query.limit(500)] });
    expect(left.total).toBe(before + joined.size);
    for (const id of joined) expect(left.files.some((f) => f.$id === id)).toBe(true);
  });
});
