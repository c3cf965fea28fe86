// Photos staff take at the counter for "New claim" (openClaim) through the real server: a staff member's own uploads
// (uploadStaffPhoto) are joined to the claim and read by the registration's owner; another staff member's upload, a
// customer's photo, an unknown id, and a photo already used by a claim or a visit are refused with a JSON answer,
// storing no claim and changing no photo.
import { ID, Query } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffUser } from '../../server/auth';
import { newClaimNumber } from '@/shared/claims/claim-number';
import { makeJpeg } from '../helpers/fixtures';
import { CLAIMS, call, uploadPhoto } from '../helpers/claims';
import { admin } from '../helpers/counters';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { orMissing } from '../helpers/server';
import { signIn } from '../helpers/staff';
import { staffServerForSuite } from '../helpers/suite';

const { server, staff } = staffServerForSuite();
let ada: Customer;
let bob: Customer;

beforeAll(async () => {
  ada = await signedInCustomer(server, 'ada.counterclaim@example.com');
  bob = await signedInCustomer(server, 'bob.counterclaim@example.com');
});

type Claim = { id: string; number: string; photo_ids: string[] };
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const upload = async (token = staff.token) =>
  (await call<{ id: string }>(server, 'uploadStaffPhoto', { staff: token, body: { data: base64(await makeJpeg()) } })).body.id;
const open = (registrationId: string, photoIds: string[], token = staff.token) =>
  call<{ claim: Claim }>(server, 'openClaim', {
    staff: token,
    body: {
      id: ID.unique(),
      number: newClaimNumber(),
      registration_id: registrationId,
      problem: 'bent_or_worn_prong',
      details: 'A prong caught on a sweater and bent outwards.',
      delivery: 'store',
      photo_ids: photoIds,
    },
  });
const fileOrNull = (id: string) => orMissing(admin(server).storage.getFile({ bucketId: 'images', fileId: id }));
const claimsOf = async (registrationId: string) =>
  (await admin(server).databases.listDocuments({ ...CLAIMS, queries: [Query.equal('registration_id', [registrationId])] })).total;

describe('photos of a claim staff open at the counter', () => {
  it("joins the staff member's own uploads to the claim, readable by the registration's owner", async () => {
    const reg = (await createRegistration(ada, { full_name: 'Ada Counter' })).$id;
    const photos = [await upload(), await upload()];
    // Before the claim, nobody but the server reads them.
    await expect(ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId: photos[0]! }))).rejects.toMatchObject({ code: 404 });
    const opened = await open(reg, photos);
    expect(opened.status).toBe(200);
    expect(opened.body.claim.photo_ids).toEqual(photos);
    for (const id of photos) expect((await ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId: id }))).$id).toBe(id);
    await expect(bob.as(() => bob.storage.getFile({ bucketId: 'images', fileId: photos[0]! }))).rejects.toMatchObject({ code: 404 });
  });

  it("refuses another staff member's upload, a customer's photo, an unknown id and a photo already used, storing nothing", async () => {
    await createStaffUser(server.db, 'counter.second@maison.example', 'second staff password 123');
    const other = await signIn(server, 'counter.second@maison.example', 'second staff password 123');
    const theirs = await upload(other);
    const adas = await uploadPhoto(ada); // another customer's: Bob's own would be his to use
    const usedByClaim = await upload();
    const firstReg = (await createRegistration(bob, { full_name: 'Bob Counter' })).$id;
    expect((await open(firstReg, [usedByClaim])).status).toBe(200);
    const usedByVisit = await upload();
    const visit = await call(server, 'recordVisit', {
      staff: staff.token,
      body: { id: ID.unique(), registration_id: firstReg, kind: 'inspection', notes: 'Checked.', photo_ids: [usedByVisit] },
    });
    expect(visit.status).toBe(200);
    const mine = await upload();

    const reg = (await createRegistration(bob, { full_name: 'Bob Counter', product_sku: 'Celeste Ring' })).$id;
    for (const ids of [[theirs], [adas], ['nosuchphoto'], [usedByClaim], [usedByVisit], [mine, theirs], [mine, usedByClaim]]) {
      const before = await Promise.all(ids.map(async (id) => (await fileOrNull(id))?.$permissions ?? null));
      const answer = await open(reg, ids);
      expect([ids, answer.status, answer.body.code, typeof answer.body.error]).toEqual([ids, 422, 'invalid_photos', 'string']);
      expect(await claimsOf(reg)).toBe(0);
      expect(await Promise.all(ids.map(async (id) => (await fileOrNull(id))?.$permissions ?? null))).toEqual(before);
    }
    // The refused ones stay usable by whom they belong to.
    expect((await open(reg, [mine, theirs].slice(0, 1))).status).toBe(200);
    const otherReg = (await createRegistration(bob, { full_name: 'Bob Counter', product_sku: 'Aurora Pendant' })).$id;
    expect((await open(otherReg, [theirs], other)).status).toBe(200);
  });
});
