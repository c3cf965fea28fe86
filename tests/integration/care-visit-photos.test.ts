// Photos staff take at a care visit ("Record a visit", "Photos (optional)") through the real server: a staff member
// uploads a photo (uploadStaffPhoto), records the visit with it, and the registration's owner then reads it with
// their own session while another customer and a guest cannot. Forged tokens, a non-image, an oversize file,
// someone else's file and a file already joined are refused with a JSON answer and change nothing; an upload nobody
// joined is swept once UPLOAD_TTL_HOURS have passed, while a joined one stays.
import { ID, Query } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../server/auth';
import { withEnv } from '../../netlify/lib/env';
import { sweepUnjoinedPhotos } from '../../netlify/lib/counters/photo-sweep';
import { makeJpeg } from '../helpers/fixtures';
import { VISITS, call, uploadPhoto } from '../helpers/claims';
import { admin, callFunction, enrol, registrationBody } from '../helpers/counters';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { orMissing } from '../helpers/server';
import { authCases, signIn } from '../helpers/staff';
import { staffServerForSuite } from '../helpers/suite';

const HOUR = 3_600_000;
const { server, staff } = staffServerForSuite();
let ada: Customer;
let bob: Customer;
let reg: string;

beforeAll(async () => {
  ada = await signedInCustomer(server, 'ada.visitphotos@example.com');
  bob = await signedInCustomer(server, 'bob.visitphotos@example.com');
  reg = (await createRegistration(ada)).$id;
});

type Visit = { id: string; photo_ids: string[] };
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const upload = (data: string, token = staff.token) => call<{ id: string }>(server, 'uploadStaffPhoto', { staff: token, body: { data } });
const record = (photoIds: string[], token = staff.token) =>
  call<{ visit: Visit }>(server, 'recordVisit', {
    staff: token,
    body: { id: ID.unique(), registration_id: reg, kind: 'inspection', notes: 'Prongs checked.', photo_ids: photoIds },
  });
const fileOrNull = (id: string) => orMissing(admin(server).storage.getFile({ bucketId: 'images', fileId: id }));
const fileCount = async () => (await admin(server).storage.listFiles({ bucketId: 'images', queries: [Query.limit(1)] })).total;
const visitCount = async () => (await admin(server).databases.listDocuments({ ...VISITS, queries: [Query.limit(1)] })).total;
const guestView = (id: string) =>
  fetch(`${server.endpoint}/storage/buckets/images/files/${id}/view`, { headers: { 'X-Appwrite-Project': 'warranty' } });

describe('photos of a care visit', () => {
  it('are uploaded by staff, joined by "Record a visit", and read by the owner alone', async () => {
    const up = await upload(base64(await makeJpeg()));
    expect(up.status).toBe(200);
    const id = up.body.id;
    // Before the visit, nobody but the server reads it: not even the registration's owner.
    await expect(ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId: id }))).rejects.toMatchObject({ code: 404 });

    const visit = await record([id]);
    expect(visit.status).toBe(200);
    expect(visit.body.visit.photo_ids).toEqual([id]);
    expect((await ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId: id }))).$id).toBe(id);
    await expect(bob.as(() => bob.storage.getFile({ bucketId: 'images', fileId: id }))).rejects.toMatchObject({ code: 404 });
    expect((await guestView(id)).status).toBeGreaterThanOrEqual(400);
    // Staff see it through the staff image path.
    const staffView = await fetch(`${server.url}/.netlify/functions/staffImage?id=${id}`, {
      headers: { Authorization: `Bearer ${staff.token}` },
    });
    expect([staffView.status, staffView.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
  });

  it('are stored with the type their bytes say, whatever the browser claims, and never readable by a customer', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const up = await upload(base64(png));
    expect(up.status).toBe(200);
    const file = (await fileOrNull(up.body.id))!;
    expect([file.mimeType, file.name]).toEqual(['image/png', 'visit-photo.png']);
    expect(file.$permissions).toContain('read("label:server")');
    expect(file.$permissions.some((p) => /user:|any|users|guests/.test(p))).toBe(false);
  });

  it.each([
    ['a non-image', async () => base64(new TextEncoder().encode('%PDF-1.4 not a photo at all')), 422],
    ['an image under a photo name but of another kind', async () => base64(new TextEncoder().encode('GIF89a......')), 422],
    ['an oversize file', async () => base64(new Uint8Array([0xff, 0xd8, 0xff, ...new Uint8Array(4.6 * 1024 * 1024)])), 413],
    ['text that is not base64', async () => 'this is not base64!', 422],
    ['an empty photo', async () => '', 422],
  ])('refuses %s with a JSON answer, storing nothing', async (_name, data, status) => {
    const before = await fileCount();
    const answer = await upload(await data());
    expect([answer.status, typeof answer.body.error, typeof answer.body.code]).toEqual([status, 'string', 'string']);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a body with a name or type of its own', async () => {
    const answer = await call(server, 'uploadStaffPhoto', {
      staff: staff.token,
      body: { data: base64(await makeJpeg()), name: '../../evil.html', type: 'text/html' },
    });
    expect([answer.status, answer.body.code]).toEqual([422, 'invalid_body']);
  });

  it('refuses a forged, expired, non-staff or missing token with a JSON answer, storing nothing', async () => {
    const { cases } = await authCases(server);
    const data = base64(await makeJpeg());
    const before = await fileCount();
    for (const c of cases) {
      const res = await fetch(`${server.url}/.netlify/functions/uploadStaffPhoto`, {
        method: 'POST',
        headers: { ...(c.header ? { Authorization: c.header } : {}), 'Content-Type': 'application/json' },
        body: JSON.stringify({ data }),
      });
      const body = (await res.json()) as { error?: unknown };
      expect([c.name, res.status, typeof body.error]).toEqual([c.name, c.status, 'string']);
    }
    expect(await fileCount()).toBe(before);
  });

  it("refuses someone else's file, another staff member's upload and a file already joined, changing nothing", async () => {
    await createStaffUser(server.db, 'second.staff@maison.example', 'second staff password 123');
    const other = await signIn(server, 'second.staff@maison.example', 'second staff password 123');
    const theirs = (await upload(base64(await makeJpeg()), other)).body.id;
    const bobs = await uploadPhoto(bob);
    const joined = (await upload(base64(await makeJpeg()))).body.id;
    expect((await record([joined])).status).toBe(200);
    const mine = (await upload(base64(await makeJpeg()))).body.id;

    for (const ids of [[theirs], [bobs], [joined], [mine, theirs], ['nosuchphoto']]) {
      const visits = await visitCount();
      const before = await Promise.all(ids.map(async (id) => (await fileOrNull(id))?.$permissions ?? null));
      const answer = await record(ids);
      expect([ids.length, answer.status, answer.body.code, typeof answer.body.error]).toEqual([
        ids.length,
        422,
        'invalid_photos',
        'string',
      ]);
      expect(await visitCount()).toBe(visits);
      expect(await Promise.all(ids.map(async (id) => (await fileOrNull(id))?.$permissions ?? null))).toEqual(before);
    }
    // The other staff member's upload is still theirs to use.
    expect((await record([theirs], other)).status).toBe(200);
  });

  it("is never taken by a counter's registration that names its id, joined or not", async () => {
    const counter = await enrol(server, staff.token, 'Rue Royale');
    const unjoined = (await upload(base64(await makeJpeg({ width: 64, height: 48 })))).body.id;
    const joined = (await upload(base64(await makeJpeg({ width: 64, height: 48 })))).body.id;
    expect((await record([joined])).status).toBe(200);
    for (const photo of [unjoined, joined]) {
      const before = (await fileOrNull(photo))!.$permissions;
      const res = await callFunction(server, 'submitFromCounter', {
        auth: counter.token,
        body: registrationBody({ image_file_id: photo }),
      });
      expect(res.status, photo).toBe(409);
      expect(((await res.json()) as { code: string }).code).toBe('photos_missing');
      expect((await fileOrNull(photo))!.$permissions).toEqual(before);
    }
  });

  it('deletes an upload nobody joined once UPLOAD_TTL_HOURS have passed, and keeps a joined one', async () => {
    const unjoined = (await upload(base64(await makeJpeg()))).body.id;
    const joined = (await upload(base64(await makeJpeg()))).body.id;
    expect((await record([joined])).status).toBe(200);
    const sweepAt = (t: number) => withEnv(server.functionsEnv(), () => sweepUnjoinedPhotos(t));
    const t0 = Date.now();
    expect(await sweepAt(t0 + 23 * HOUR)).toMatchObject({ deleted: 0 });
    expect(await fileOrNull(unjoined)).not.toBeNull();
    const report = await sweepAt(t0 + 25 * HOUR);
    expect(report.failed).toBe(0);
    expect(report.deleted).toBeGreaterThanOrEqual(1);
    expect(await fileOrNull(unjoined)).toBeNull();
    expect(await fileOrNull(joined)).not.toBeNull();
    // A visit can no longer take the swept one.
    expect((await record([unjoined])).status).toBe(422);
  });
});

describe("a staff member's visit photos in a day", () => {
  // DAILY_FILE_LIMIT=2, as a customer account has it.
  const limited = staffServerForSuite({
    rateLimits: { emailTokenPerEmail: 10, emailTokenPerIp: 100, sessionPerIpUser: 10, sessionPerUser: 20 },
    quotas: { documentsPerDay: 20, filesPerDay: 2, bytesPerDay: 1_000_000 },
  });

  it('refuses the third photo of the day with 429 and says so, storing nothing', async () => {
    const jpeg = base64(await makeJpeg({ width: 32, height: 32 }));
    const send = () => call<{ id: string }>(limited.server, 'uploadStaffPhoto', { staff: limited.staff.token, body: { data: jpeg } });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const files = (await admin(limited.server).storage.listFiles({ bucketId: 'images' })).total;
    const refused = await send();
    expect([refused.status, refused.body.code, refused.body.error]).toEqual([
      429,
      'rate_limited',
      "You have reached today's limit of 2 photos. Please try again tomorrow.",
    ]);
    expect((await admin(limited.server).storage.listFiles({ bucketId: 'images' })).total).toBe(files);
  });
});
