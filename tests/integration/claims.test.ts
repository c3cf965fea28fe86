// A claim from the customer's "Send report" to "Closed", through the real server with the unmodified SDKs: what the
// customer is answered, what staff see and do, and what the customer can read straight from Appwrite with their own
// session (their claim and the steps meant for them; never an internal note, never another customer's claim).
import { ID, Query } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF } from '../helpers/fixtures';
import { CLAIMS, EVENTS, call, importedRegistration, report, reportBody, staffAndCustomers, uploadPhoto } from '../helpers/claims';
import { admin, enrol, photoBody, registrationBody, callFunction } from '../helpers/counters';
import { makeJpeg } from '../helpers/fixtures';
import { createRegistration, jwtOf, signedInCustomer, type Customer } from '../helpers/customers';
import { serverForSuite } from '../helpers/suite';

const server = serverForSuite({ staffEmail: STAFF.email, staffPassword: STAFF.password });
let staff: string, ada: Customer, bob: Customer;

beforeAll(async () => {
  [staff, ada, bob] = await staffAndCustomers(server, 'ada.claims@example.com', 'bob.claims@example.com');
});

type Claim = { id: string; number: string; status: string; question: string; reason: string; resolution: string; ended_at?: string | null };
type Event = {
  action: string;
  by_role: string;
  by_name: string;
  message: string;
  status_after: string;
  internal: boolean;
  photo_ids: string[];
};

const act = (claim: Claim, event: Record<string, unknown>) =>
  call<{ claim: Claim }>(server, 'claimAction', { staff, body: { claim_id: claim.id, event_id: ID.unique(), ...event } });
const readOwn = (c: Customer, id: string) =>
  c
    .as(() => c.databases.getDocument({ ...CLAIMS, documentId: id }))
    .then(
      (d) => ({ status: 200, doc: d as unknown as Claim }),
      (e: { code: number }) => ({ status: e.code, doc: null }),
    );
const ownEvents = async (c: Customer, claimId: string) =>
  (await c.as(() => c.databases.listDocuments({ ...EVENTS, queries: [Query.equal('claim_id', [claimId]), Query.orderAsc('at')] })))
    .documents as unknown as Event[];

describe('a claim from report to close', () => {
  it('goes report → question → reply → approved → ready for pickup → closed, and the customer reads only what is theirs', async () => {
    const reg = await createRegistration(ada, { full_name: 'Ada Núñez', selected_product: 'Aurora Pendant' });
    const photos = [await uploadPhoto(ada), await uploadPhoto(ada)];
    const sent = reportBody(reg.$id, photos);

    const reported = await report(server, ada, sent);
    expect(reported.status).toBe(200);
    const claim = reported.body.claim as unknown as Claim;
    expect(reported.body.claim).toMatchObject({ id: sent.id, number: sent.number, status: 'submitted', photo_ids: photos });
    // The same report sent again by the outbox: the stored claim, nothing new.
    const again = await report(server, ada, sent);
    expect([again.status, again.body.claim]).toEqual([200, reported.body.claim]);
    const { total } = await admin(server).databases.listDocuments({ ...CLAIMS, queries: [Query.equal('registration_id', [reg.$id])] });
    expect(total).toBe(1);

    // The customer's photos are now the claim's: they still read them, and can no longer delete them.
    for (const fileId of photos) {
      expect((await ada.as(() => ada.storage.getFile({ bucketId: 'images', fileId }))).$id).toBe(fileId);
      await expect(ada.as(() => ada.storage.deleteFile({ bucketId: 'images', fileId }))).rejects.toMatchObject({ code: 401 });
    }

    // Staff: the table and the question.
    const table = await call<{ claims: Record<string, unknown>[] }>(server, 'getClaims', { staff });
    expect(table.body.claims.find((r) => r.id === claim.id)).toMatchObject({
      number: sent.number,
      customer: 'Ada Núñez',
      email: ada.email,
      product: 'Aurora Pendant',
      problem: 'broken_chain_or_clasp',
      status: 'submitted',
      ended_at: null,
    });
    const asked = await act(claim, { action: 'ask', message: 'Which side of the clasp broke?', expected_status: 'submitted' });
    expect(asked.body.claim).toMatchObject({ status: 'needs_information', question: 'Which side of the clasp broke?' });
    expect((await act(claim, { action: 'note', message: 'Customer sounded upset.', expected_status: 'needs_information' })).status).toBe(
      200,
    );

    // The customer reads the question on their own claim, and the events meant for them: no internal note.
    expect((await readOwn(ada, claim.id)).doc).toMatchObject({ status: 'needs_information', question: 'Which side of the clasp broke?' });
    expect((await ownEvents(ada, claim.id)).map((e) => e.action)).toEqual(['submitted', 'ask']);

    const replyPhoto = await uploadPhoto(ada);
    const reply = { claim_id: claim.id, event_id: ID.unique(), message: 'The left side.', photo_ids: [replyPhoto] };
    const replied = await call<{ claim: Claim }>(server, 'replyToClaim', { jwt: await jwtOf(ada), body: reply });
    expect([replied.status, replied.body.claim.status, replied.body.claim.question]).toEqual([200, 'submitted', '']);
    const repeated = await call<{ claim: Claim }>(server, 'replyToClaim', { jwt: await jwtOf(ada), body: reply });
    expect([repeated.status, repeated.body.claim.status]).toEqual([200, 'submitted']);

    expect((await act(claim, { action: 'approve', resolution: 'repair', expected_status: 'submitted' })).body.claim).toMatchObject({
      status: 'approved',
      resolution: 'repair',
    });
    expect((await act(claim, { action: 'ready', expected_status: 'approved' })).body.claim.status).toBe('ready_for_pickup');
    const closed = await act(claim, { action: 'close', expected_status: 'ready_for_pickup' });
    expect(closed.body.claim.status).toBe('closed');
    expect(closed.body.claim.ended_at).toEqual(expect.any(String));

    // Staff's claim: the registration, every photo, the whole timeline with who did what.
    const detail = await call<{ registration: { $id: string }; photo_ids: string[]; timeline: Event[] }>(server, 'getClaim', {
      staff,
      query: { id: claim.id },
    });
    expect(detail.body.registration.$id).toBe(reg.$id);
    expect(detail.body.photo_ids.sort()).toEqual([...photos, replyPhoto].sort());
    expect(detail.body.timeline.map((e) => [e.action, e.by_role, e.by_name, e.status_after, e.internal])).toEqual([
      ['submitted', 'customer', ada.email, 'submitted', false],
      ['ask', 'staff', STAFF.email, 'needs_information', false],
      ['note', 'staff', STAFF.email, 'needs_information', true],
      ['reply', 'customer', ada.email, 'submitted', false],
      ['approve', 'staff', STAFF.email, 'approved', false],
      ['ready', 'staff', STAFF.email, 'ready_for_pickup', false],
      ['close', 'staff', STAFF.email, 'closed', false],
    ]);

    // What the customer reads with their own session: their closed claim and every step but the note.
    expect((await readOwn(ada, claim.id)).doc).toMatchObject({ status: 'closed', resolution: 'repair' });
    const seen = await ownEvents(ada, claim.id);
    expect(seen.map((e) => e.action)).toEqual(['submitted', 'ask', 'reply', 'approve', 'ready', 'close']);
    expect(seen.map((e) => e.message)).not.toContain('Customer sounded upset.');
    // Another customer reads none of it, by id or by listing.
    expect((await readOwn(bob, claim.id)).status).toBe(404);
    expect((await bob.as(() => bob.databases.listDocuments({ ...CLAIMS }))).documents).toEqual([]);
    expect((await bob.as(() => bob.databases.listDocuments({ ...EVENTS }))).documents).toEqual([]);

    // Closed, it no longer holds the registration: a new report is taken.
    const next = await report(server, ada, reportBody(reg.$id, [await uploadPhoto(ada)], { problem: 'resizing' }));
    expect([next.status, next.body.claim.status]).toEqual([200, 'submitted']);
  });

  it('is opened by staff from the edit dialog ("New claim"): read by the verified owner, or by nobody until there is one', async () => {
    const reg = await createRegistration(bob);
    // A photo taken at the store's counter (nobody's until joined) may go with it; staff have no upload of their own.
    const counter = await enrol(server, staff, 'Union Square');
    const photo = ID.unique();
    const jpeg = await makeJpeg();
    expect((await callFunction(server, 'submitFromCounter', { auth: counter.token, body: photoBody(photo, jpeg) })).status).toBe(200);
    const body = reportBody(reg.$id, [photo], { problem: 'bent_or_worn_prong' });
    const opened = await call<{ claim: Claim & { registration_id: string } }>(server, 'openClaim', { staff, body });
    expect(opened.status).toBe(200);
    expect(opened.body.claim).toMatchObject({ id: body.id, status: 'submitted', registration_id: reg.$id });
    expect((await call(server, 'openClaim', { staff, body })).body).toEqual(opened.body);
    expect((await readOwn(bob, body.id)).doc).toMatchObject({ status: 'submitted', problem: 'bent_or_worn_prong' });
    expect((await bob.as(() => bob.storage.getFile({ bucketId: 'images', fileId: photo }))).$id).toBe(photo);
    const detail = await call<{ timeline: Event[] }>(server, 'getClaim', { staff, query: { id: body.id } });
    expect(detail.body.timeline.map((e) => [e.action, e.by_role, e.by_name])).toEqual([['submitted', 'staff', STAFF.email]]);

    // Imported for an address no account has verified yet: the claim is the server's alone for now.
    const forDora = reportBody(await importedRegistration(server, staff, 'Dora Nobody', 'dora.nobody@example.com'), []);
    expect((await call(server, 'openClaim', { staff, body: forDora })).status).toBe(200);
    expect((await admin(server).databases.getDocument({ ...CLAIMS, documentId: forDora.id })).$permissions).toEqual([]);
  });

  it('keeps the number the device made, unless another claim has it: then the answer carries a fresh one', async () => {
    const first = await report(server, bob, reportBody((await createRegistration(bob)).$id, [await uploadPhoto(bob)]));
    const reg = await createRegistration(ada);
    const clash = await report(server, ada, reportBody(reg.$id, [await uploadPhoto(ada)], { number: first.body.claim.number }));
    expect(clash.status).toBe(200);
    expect(clash.body.claim.number).toMatch(/^C-[2-9A-HJ-NP-Z]{6}$/);
    expect(clash.body.claim.number).not.toBe(first.body.claim.number);
    expect((await readOwn(ada, clash.body.claim.id)).doc?.number).toBe(clash.body.claim.number);
  });

  it('lists open claims first, newest first, filtered by status and store, searched by number, name or e-mail', async () => {
    const counter = await enrol(server, staff, 'Fifth Avenue');
    const carol = await signedInCustomer(server, 'carol.claims@example.com');
    // A counter's registration, confirmed with the code at the counter: the store is the counter's.
    const regId = ID.unique();
    const sentReg = await callFunction(server, 'submitFromCounter', {
      auth: counter.token,
      body: registrationBody({ id: regId, full_name: 'Émilie Châtelet', email: carol.email }),
    });
    expect(sentReg.status).toBe(200);
    expect((await call(server, 'confirmRegistration', { body: { id: regId }, jwt: await jwtOf(carol) })).status).toBe(200);
    const opened = await report(server, carol, reportBody(regId, [await uploadPhoto(carol)], { delivery: 'mail' }));
    expect(opened.status).toBe(200);
    expect(opened.body.claim.store).toBe('Fifth Avenue');

    const rows = async (query: Record<string, string> = {}) =>
      (await call<{ claims: { id: string; number: string; status: string; opened_at: string }[] }>(server, 'getClaims', { staff, query }))
        .body.claims;
    const all = await rows();
    const open = all.map((r) => r.status !== 'closed' && r.status !== 'denied');
    expect(open).toEqual([...open].sort((a, b) => Number(b) - Number(a)));
    const openRows = all.filter((r, i) => open[i]);
    expect(openRows.map((r) => r.opened_at)).toEqual(
      openRows
        .map((r) => r.opened_at)
        .sort()
        .reverse(),
    );
    expect(all.at(-1)!.status).toBe('closed');

    const mine = opened.body.claim.id;
    for (const search of ['emilie', 'CHATELET', 'carol.claims', opened.body.claim.number.toLowerCase().replace('-', ' ')])
      expect((await rows({ search })).map((r) => r.id)).toEqual([mine]);
    expect((await rows({ store: 'Fifth Avenue' })).map((r) => r.id)).toEqual([mine]);
    expect((await rows({ status: 'closed' })).every((r) => r.status === 'closed')).toBe(true);
    // A page at a time.
    const page1 = await call<{ claims: { id: string }[]; nextCursor: string }>(server, 'getClaims', { staff, query: { limit: '2' } });
    const page2 = await call<{ claims: { id: string }[] }>(server, 'getClaims', {
      staff,
      query: { limit: '2', cursor: page1.body.nextCursor },
    });
    expect([...page1.body.claims, ...page2.body.claims].map((r) => r.id)).toEqual(all.slice(0, 4).map((r) => r.id));
  });
});
