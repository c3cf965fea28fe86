// Care visits ("Service history", "Record a visit") through the real server: staff record a visit once however often
// it is sent, with their own e-mail and the store; the registration's owner reads their visits straight from
// Appwrite (for "Last inspection: {date}"), nobody else does; bad input and forged tokens are refused.
import { ID, Query } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF, makeJpeg } from '../helpers/fixtures';
import { VISITS, call, importedRegistration, staffAndCustomers, uploadPhoto } from '../helpers/claims';
import { admin, callFunction, enrol, photoBody } from '../helpers/counters';
import { createRegistration, signedInCustomer, type Customer } from '../helpers/customers';
import { authCases } from '../helpers/staff';
import { serverForSuite } from '../helpers/suite';

const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
let staff: string, ada: Customer, bob: Customer;
let reg: string;

type Visit = {
  id: string;
  registration_id: string;
  kind: string;
  notes: string;
  staff: string;
  store: string;
  photo_ids: string[];
  at: string;
};

beforeAll(async () => {
  [staff, ada, bob] = await staffAndCustomers(server, 'ada.visits@example.com', 'bob.visits@example.com');
  reg = (await createRegistration(ada)).$id;
});

const record = (body: Record<string, unknown>) => call<{ visit: Visit }>(server, 'recordVisit', { staff, body });
const visits = async () => (await call<{ visits: Visit[] }>(server, 'getVisits', { staff, query: { registration_id: reg } })).body.visits;
const ownVisits = (c: Customer, registrationId: string) =>
  c.as(() => c.databases.listDocuments({ ...VISITS, queries: [Query.equal('registration_id', [registrationId]), Query.orderDesc('at')] }));

describe('care visits', () => {
  it('are recorded once each, with the staff member and store, listed newest first, and read by the owner alone', async () => {
    const inspection = {
      id: ID.unique(),
      registration_id: reg,
      kind: 'inspection',
      notes: 'Prongs tight, stone secure.',
      store: 'Fifth Avenue',
    };
    const first = await record(inspection);
    expect(first.status).toBe(200);
    expect(first.body.visit).toMatchObject({
      kind: 'inspection',
      staff: STAFF.email,
      store: 'Fifth Avenue',
      notes: 'Prongs tight, stone secure.',
    });
    // Sent again (a retry), it is the same visit.
    expect((await record(inspection)).body.visit).toEqual(first.body.visit);
    await new Promise((r) => setTimeout(r, 5));
    const cleaning = await record({ id: ID.unique(), registration_id: reg, kind: 'cleaning', notes: '' });
    expect(cleaning.body.visit.store).toBe(''); // the registration's own store: a customer's phone has none

    expect((await visits()).map((v) => v.kind)).toEqual(['cleaning', 'inspection']);
    const seen = await ownVisits(ada, reg);
    expect(seen.documents.map((d) => d.kind)).toEqual(['cleaning', 'inspection']);
    expect(seen.documents[1]!.at).toBe(first.body.visit.at);
    expect((await ownVisits(bob, reg)).documents).toEqual([]);
    await expect(bob.as(() => bob.databases.getDocument({ ...VISITS, documentId: inspection.id }))).rejects.toMatchObject({ code: 404 });
    // A customer cannot write one themselves.
    await expect(
      ada.as(() =>
        ada.databases.createDocument({
          ...VISITS,
          documentId: ID.unique(),
          data: { registration_id: reg, kind: 'inspection', staff: 'me', at: new Date().toISOString() },
        }),
      ),
    ).rejects.toMatchObject({ code: 401 });
  });

  it("take a counter's photo from the store, which the owner then reads, and refuse someone else's", async () => {
    const counter = await enrol(server, staff, 'Union Square');
    const photo = ID.unique();
    expect(
      (await callFunction(server, 'submitFromCounter', { auth: counter.token, body: photoBody(photo, await makeJpeg()) })).status,
    ).toBe(200);
    const visit = await record({ id: ID.unique(), registration_id: reg, kind: 'repair_drop_off', photo_ids: [photo] });
    expect(visit.body.visit.photo_ids).toEqual([photo]);
    expect((await ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId: photo }))).$id).toBe(photo);
    const bobsPhoto = await uploadPhoto(bob);
    const refused = await record({ id: ID.unique(), registration_id: reg, kind: 'inspection', photo_ids: [bobsPhoto] });
    expect(refused.status).toBe(422);
  });

  it('of an imported registration are read by the account of its verified address', async () => {
    const carol = await signedInCustomer(server, 'carol.visits@example.com');
    const id = await importedRegistration(server, staff, 'Carol Visits', carol.email);
    expect((await record({ id: ID.unique(), registration_id: id, kind: 'pickup' })).status).toBe(200);
    expect((await ownVisits(carol, id)).documents.map((d) => d.kind)).toEqual(['pickup']);
  });

  it.each([
    ['an unknown kind', { kind: 'polish' }, 422],
    ['a wrong type', { notes: 5 }, 422],
    ['an unknown key', { staff: 'ceo@maison.example' }, 422],
    ['notes over 2,000 characters', { notes: 'x'.repeat(2001) }, 422],
    ['a missing registration', { registration_id: 'nosuchregistration' }, 404],
    ['a malformed id', { id: '../x' }, 422],
  ])('refuses %s, storing nothing', async (_name, over, status) => {
    const before = await admin(server).databases.listDocuments({ ...VISITS, queries: [Query.limit(1000)] });
    const answer = await record({ id: ID.unique(), registration_id: reg, kind: 'inspection', notes: '', ...over });
    expect([answer.status, typeof answer.body.error]).toEqual([status, 'string']);
    expect((await admin(server).databases.listDocuments({ ...VISITS, queries: [Query.limit(1000)] })).total).toBe(before.total);
  });

  it('refuses a visit id already used for another registration, and a list of a missing registration', async () => {
    const id = ID.unique();
    expect((await record({ id, registration_id: reg, kind: 'inspection' })).status).toBe(200);
    const other = (await createRegistration(bob)).$id;
    expect((await record({ id, registration_id: other, kind: 'inspection' })).status).toBe(409);
    expect((await call(server, 'getVisits', { staff, query: { registration_id: 'nosuchregistration' } })).status).toBe(404);
    expect((await call(server, 'getVisits', { staff, query: {} })).status).toBe(400);
  });

  it('refuses every forged, expired or non-staff token', async () => {
    const { cases } = await authCases(server);
    for (const c of cases) {
      const post = await fetch(`${server.url}/.netlify/functions/recordVisit`, {
        method: 'POST',
        headers: { ...(c.header ? { Authorization: c.header } : {}), 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: ID.unique(), registration_id: reg, kind: 'inspection' }),
      });
      const get = await fetch(`${server.url}/.netlify/functions/getVisits?registration_id=${reg}`, {
        headers: c.header ? { Authorization: c.header } : {},
      });
      expect([c.name, post.status, get.status]).toEqual([c.name, c.status, c.status]);
    }
  });
});
