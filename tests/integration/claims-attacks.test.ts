// Every refusal of the claim functions, performed from outside with the unmodified SDKs and plain HTTP: bad and
// hostile bodies, another customer's registration, claim or photos, a registration still pending or no longer
// covered, a second open claim, a missing sign-in and forged staff tokens. Each is a 4xx with a message a person
// reads, never a 500, and leaves the stored claims as they were.
import { ID, Query } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF } from '../helpers/fixtures';
import { CLAIMS, EVENTS, call, importedRegistration, report, reportBody, staffAndCustomers, uploadPhoto } from '../helpers/claims';
import { admin } from '../helpers/counters';
import { createRegistration, jwtOf, signedInCustomer, type Customer } from '../helpers/customers';
import { registration } from '../helpers/fixtures';
import { authCases } from '../helpers/staff';
import { serverForSuite } from '../helpers/suite';

const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
let staff: string, ada: Customer, eve: Customer;
let adaReg: string;
let adaPhoto: string;

beforeAll(async () => {
  [staff, ada, eve] = await staffAndCustomers(server, 'ada.attacks@example.com', 'eve.attacks@example.com');
  adaReg = (await createRegistration(ada)).$id;
  adaPhoto = await uploadPhoto(ada);
});

/** Every claim and event stored, as the server holds them: a refusal leaves them alike. */
const everything = async () => {
  const { databases } = admin(server);
  const claims = await databases.listDocuments({ ...CLAIMS, queries: [Query.limit(1000)] });
  const events = await databases.listDocuments({ ...EVENTS, queries: [Query.limit(1000)] });
  return JSON.stringify([claims.documents, events.documents]);
};

/** Expects a refusal with `status` and a JSON message, and nothing stored changed. */
async function refused(status: number, attempt: () => Promise<{ status: number; body: { error?: string } }>, message?: RegExp) {
  const before = await everything();
  const answer = await attempt();
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error).toEqual(expect.any(String));
  if (message) expect(answer.body.error).toMatch(message);
  expect(await everything()).toBe(before);
}

const arrivedAgo = (id: string, days: number) =>
  server.db
    .prepare('UPDATE documents SET created_at = ? WHERE id = ?')
    .run(new Date(Date.now() - days * 86_400_000).toISOString().replace('Z', '+00:00'), id);

describe('reportProblem refuses', () => {
  it('a call without a sign-in, or with a made-up one', async () => {
    await refused(401, () => call(server, 'reportProblem', { body: reportBody(adaReg, [adaPhoto]) }));
    await refused(401, () => call(server, 'reportProblem', { body: reportBody(adaReg, [adaPhoto]), jwt: 'not.a.jwt' }));
  });

  it.each([
    ['not JSON', '{"id":'],
    ['an array', '[]'],
    ['a wrong type', { details: 42 }],
    ['an unknown key', { status: 'approved' }],
    ['an unknown problem', { problem: 'stolen' }],
    ['an unknown delivery', { delivery: 'drone' }],
    ['empty details', { details: '   ' }],
    ['details over 2,000 characters', { details: 'x'.repeat(2001) }],
    ['no photo', { photo_ids: [] }],
    ['six photos', { photo_ids: ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'] }],
    ['the same photo twice', { photo_ids: ['a1', 'a1'] }],
    ['a malformed number', { number: 'C-00000I' }],
    ['a malformed id', { id: '../claims' }],
  ])('%s (4xx)', async (_name, over) => {
    const body = typeof over === 'string' ? over : reportBody(adaReg, [adaPhoto], over);
    const jwt = await jwtOf(ada);
    const before = await everything();
    const answer = await call(server, 'reportProblem', { body, jwt });
    expect([400, 422]).toContain(answer.status);
    expect(answer.body.error).toEqual(expect.any(String));
    expect(await everything()).toBe(before);
  });

  it('an oversize body', async () => {
    await refused(413, async () =>
      call(server, 'reportProblem', { body: reportBody(adaReg, [adaPhoto], { details: 'x'.repeat(40_000) }), jwt: await jwtOf(ada) }),
    );
  });

  it("another customer's registration, answered as a missing one", async () => {
    await refused(404, async () => report(server, eve, reportBody(adaReg, [await uploadPhoto(eve)])), /does not exist/);
    await refused(404, async () => report(server, eve, reportBody('nosuchregistration', [await uploadPhoto(eve)])));
  });

  it('a registration whose body names the caller but whose owner is someone else (user_id is a claim)', async () => {
    const forged = await ada.as(() =>
      ada.databases.createDocument({
        databaseId: 'warranty',
        collectionId: 'submissions',
        documentId: ID.unique(),
        data: registration({ user_id: eve.userId, email: eve.email }),
      }),
    );
    await refused(404, async () => report(server, eve, reportBody(forged.$id, [await uploadPhoto(eve)])));
  });

  it('a pending registration (a counter sent it, nobody confirmed it yet)', async () => {
    const id = ID.unique();
    await admin(server).databases.createDocument({
      databaseId: 'warranty',
      collectionId: 'submissions',
      documentId: id,
      data: registration({ email: eve.email, status: 'pending' }),
      permissions: ['read("label:server")'],
    });
    await refused(404, async () => report(server, eve, reportBody(id, [await uploadPhoto(eve)])));
    await refused(409, () => call(server, 'openClaim', { staff, body: reportBody(id, []) }), /waiting for its e-mail confirmation/);
  });

  it('a registration no longer covered, saying when coverage ended', async () => {
    const old = (await createRegistration(ada)).$id;
    arrivedAgo(old, 400);
    await refused(409, async () => report(server, ada, reportBody(old, [adaPhoto])), /^Coverage ended on \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    await refused(409, () => call(server, 'openClaim', { staff, body: reportBody(old, []) }), /^Coverage ended on/);
  });

  it('a second open claim, by the customer or by staff', async () => {
    const reg = (await createRegistration(ada)).$id;
    expect((await report(server, ada, reportBody(reg, [await uploadPhoto(ada)]))).status).toBe(200);
    await refused(409, async () => report(server, ada, reportBody(reg, [await uploadPhoto(ada)])), /already has an open claim/);
    await refused(409, () => call(server, 'openClaim', { staff, body: reportBody(reg, []) }), /already has an open claim/);
  });

  it('two reports sent at once for one piece: one claim is opened', async () => {
    const reg = (await createRegistration(ada)).$id;
    const bodies = [reportBody(reg, [await uploadPhoto(ada)]), reportBody(reg, [await uploadPhoto(ada)])];
    const answers = await Promise.all(bodies.map((b) => report(server, ada, b)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const open = await admin(server).databases.listDocuments({ ...CLAIMS, queries: [Query.equal('registration_id', [reg])] });
    expect(open.total).toBe(1);
  });

  it("someone else's photo, a missing one, and one nobody owns", async () => {
    const reg = (await createRegistration(eve)).$id;
    await refused(422, async () => report(server, eve, reportBody(reg, [adaPhoto])), /photo could not be used/);
    await refused(422, async () => report(server, eve, reportBody(reg, ['nosuchphoto'])));
    const unjoined = ID.unique();
    await admin(server).storage.createFile({
      bucketId: 'images',
      fileId: unjoined,
      file: new File([new Uint8Array(await (await import('../helpers/fixtures')).makeJpeg())], 'x.jpg', { type: 'image/jpeg' }),
      permissions: [],
    });
    await refused(422, async () => report(server, eve, reportBody(reg, [unjoined])));
    // Ada's photo is still hers alone.
    const file = await admin(server).storage.getFile({ bucketId: 'images', fileId: adaPhoto });
    expect(file.$permissions).toEqual([`read("user:${ada.userId}")`]);
  });

  it("a claim id another customer's claim already has", async () => {
    const reg = (await createRegistration(eve)).$id;
    const mine = reportBody(adaReg, [await uploadPhoto(ada)]);
    expect((await report(server, ada, mine)).status).toBe(200);
    await refused(409, async () => report(server, eve, { ...reportBody(reg, [await uploadPhoto(eve)]), id: mine.id }), /already used/);
  });
});

describe('a staff-imported registration', () => {
  it('is claimed by the account whose verified address it names, and by no one else', async () => {
    const carol = await signedInCustomer(server, 'carol.imported@example.com');
    const regId = await importedRegistration(server, staff, 'Carol Imported', carol.email);
    await refused(404, async () => report(server, eve, reportBody(regId, [await uploadPhoto(eve)])));
    const claimed = await report(server, carol, reportBody(regId, [await uploadPhoto(carol)]));
    expect(claimed.status).toBe(200);
    const doc = await carol.as(() => carol.databases.getDocument({ ...CLAIMS, documentId: claimed.body.claim.id }));
    expect(doc.$permissions).toEqual([`read("user:${carol.userId}")`]);
  });
});

describe('replyToClaim refuses', () => {
  let claimId: string;
  beforeAll(async () => {
    const reg = (await createRegistration(ada)).$id;
    claimId = (await report(server, ada, reportBody(reg, [await uploadPhoto(ada)]))).body.claim.id;
  });
  const reply = (over: Record<string, unknown> = {}) => ({
    claim_id: claimId,
    event_id: ID.unique(),
    message: 'Here it is.',
    photo_ids: [],
    ...over,
  });

  it('a reply when no question is open', async () => {
    await refused(409, async () => call(server, 'replyToClaim', { jwt: await jwtOf(ada), body: reply() }), /not waiting for your reply/);
  });

  it("another customer's claim, answered as a missing one", async () => {
    await call(server, 'claimAction', {
      staff,
      body: { claim_id: claimId, event_id: ID.unique(), action: 'ask', message: 'Photo?', expected_status: 'submitted' },
    });
    await refused(404, async () => call(server, 'replyToClaim', { jwt: await jwtOf(eve), body: reply() }), /does not exist/);
  });

  it("someone else's photos, an empty message, unknown keys, no sign-in", async () => {
    await refused(422, async () =>
      call(server, 'replyToClaim', { jwt: await jwtOf(ada), body: reply({ photo_ids: [await uploadPhoto(eve)] }) }),
    );
    await refused(422, async () => call(server, 'replyToClaim', { jwt: await jwtOf(ada), body: reply({ message: ' ' }) }));
    await refused(422, async () => call(server, 'replyToClaim', { jwt: await jwtOf(ada), body: reply({ status: 'approved' }) }));
    await refused(401, () => call(server, 'replyToClaim', { body: reply() }));
  });
});

describe('the staff functions refuse', () => {
  it('every forged, expired or non-staff token', async () => {
    const { cases } = await authCases(server);
    const calls: [string, { body?: unknown; query?: Record<string, string> }][] = [
      ['getClaims', {}],
      ['getClaim', { query: { id: 'x1' } }],
      ['claimAction', { body: { claim_id: 'x1', event_id: 'e1', action: 'close', expected_status: 'approved' } }],
      ['openClaim', { body: reportBody(adaReg, []) }],
    ];
    for (const [name, init] of calls)
      for (const c of cases) {
        const before = await everything();
        const res = await fetch(`${server.url}/.netlify/functions/${name}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`, {
          method: init.body ? 'POST' : 'GET',
          headers: { ...(c.header ? { Authorization: c.header } : {}), 'Content-Type': 'application/json' },
          ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        });
        expect([name, c.name, res.status]).toEqual([name, c.name, c.status]);
        expect(((await res.json()) as { error?: string }).error).toEqual(expect.any(String));
        expect(await everything()).toBe(before);
      }
  });

  it('an action the claim machine does not allow from the stored status, and a stale expected status (409 with the claim)', async () => {
    const reg = (await createRegistration(ada)).$id;
    const claim = (await report(server, ada, reportBody(reg, [await uploadPhoto(ada)]))).body.claim;
    const act = (body: Record<string, unknown>) =>
      call<{ details?: { current: { status: string } } }>(server, 'claimAction', {
        staff,
        body: { claim_id: claim.id, event_id: ID.unique(), ...body },
      });
    await refused(409, () => act({ action: 'ready', expected_status: 'submitted' }), /not possible/);
    await refused(409, () => act({ action: 'close', expected_status: 'submitted' }), /not possible/);
    const stale = await act({ action: 'deny', message: 'Wear and tear.', expected_status: 'approved' });
    expect([stale.status, stale.body.details?.current.status]).toEqual([409, 'submitted']);
    await refused(422, () => act({ action: 'approve', expected_status: 'submitted' }), /Repair/);
    await refused(422, () => act({ action: 'ask', expected_status: 'submitted' }), /question/);
    await refused(422, () => act({ action: 'deny', message: '', expected_status: 'submitted' }), /reason/);
    await refused(422, () => act({ action: 'approve', resolution: 'cash', expected_status: 'submitted' }));
    await refused(422, () => act({ action: 'reply', message: 'Hi', expected_status: 'submitted' }));
    await refused(422, () => act({ action: 'close', expected_status: 'submitted', by_name: 'ceo@maison.example' }));
    await refused(404, () =>
      call(server, 'claimAction', {
        staff,
        body: { claim_id: 'nosuchclaim', event_id: ID.unique(), action: 'close', expected_status: 'approved' },
      }),
    );
    await refused(400, () => call(server, 'getClaim', { staff, query: { id: '../x' } }));
    await refused(404, () => call(server, 'getClaim', { staff, query: { id: 'nosuchclaim' } }));
    await refused(400, () => call(server, 'getClaims', { staff, query: { status: 'lost' } }));
    await refused(400, () => call(server, 'getClaims', { staff, query: { limit: '1001' } }));
    await refused(400, () => call(server, 'getClaims', { staff, query: { cursor: 'nosuchclaim' } }), /Start again/);
    await refused(400, () => call(server, 'getClaims', { staff, query: { sort: 'number' } }));
    // A step id used on another claim is not taken for this one.
    const used = ID.unique();
    expect((await act({ action: 'note', message: 'First look.', expected_status: 'submitted', event_id: used })).status).toBe(200);
    const reg2 = (await createRegistration(ada)).$id;
    const other = (await report(server, ada, reportBody(reg2, [await uploadPhoto(ada)]))).body.claim;
    await refused(409, () =>
      call(server, 'claimAction', {
        staff,
        body: { claim_id: other.id, event_id: used, action: 'note', message: 'x', expected_status: 'submitted' },
      }),
    );
  });

  it('applies a staff step once, however often it is sent', async () => {
    const reg = (await createRegistration(ada)).$id;
    const claim = (await report(server, ada, reportBody(reg, [await uploadPhoto(ada)]))).body.claim;
    const step = { claim_id: claim.id, event_id: ID.unique(), action: 'approve', resolution: 'replacement', expected_status: 'submitted' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => call<{ claim: { status: string } }>(server, 'claimAction', { staff, body: step })),
    );
    expect(answers.map((a) => [a.status, a.body.claim.status])).toEqual([
      [200, 'approved'],
      [200, 'approved'],
      [200, 'approved'],
    ]);
    const events = await admin(server).databases.listDocuments({ ...EVENTS, queries: [Query.equal('claim_id', [claim.id])] });
    expect(events.documents.map((e) => e.action)).toEqual(['submitted', 'approve']);
  });
});
