// listWarranties says, per registration, what the customer's card shows of claims and care, through the real server:
// the open claim (else the latest), whether it is still covered (the server counts from the registration's date, as
// it does when a report comes), and the date of the last inspection; nothing of another customer's.
import { ID } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, report, reportBody, uploadPhoto } from '../helpers/claims';
import { createRegistration, jwtOf, signedInCustomer, type Customer } from '../helpers/customers';
import { STAFF } from '../helpers/fixtures';
import { startTestServer } from '../helpers/server';
import { signIn } from '../helpers/staff';
import { forSuite } from '../helpers/suite';

const server = forSuite(
  () => startTestServer({ staffEmail: STAFF.email, staffPassword: STAFF.password }),
  (s) => s.dispose(),
);
let staff: string;
let ada: Customer;

type Card = {
  id: string;
  covered: boolean;
  can_report: boolean;
  last_inspection: string | null;
  claim: { id: string; number: string; status: string; question: string } | null;
};
const cards = async (c: Customer) => {
  const answer = await call<{ warranties: Card[] }>(server, 'listWarranties', { jwt: await jwtOf(c) });
  expect(answer.status).toBe(200);
  return new Map(answer.body.warranties.map((w) => [w.id, w]));
};
const act = (claimId: string, action: string, expected: string, extra: Record<string, unknown> = {}) =>
  call(server, 'claimAction', { staff, body: { claim_id: claimId, event_id: ID.unique(), action, expected_status: expected, ...extra } });

beforeAll(async () => {
  staff = await signIn(server, STAFF.email, STAFF.password);
  ada = await signedInCustomer(server, 'ada.cards@example.com');
});

describe('listWarranties', () => {
  it("carries each registration's current claim, its coverage and its last inspection", async () => {
    const plain = await createRegistration(ada, { product_sku: 'Orion Cufflinks' });
    const claimed = await createRegistration(ada, { product_sku: 'Aurora Pendant' });
    const first = await report(server, ada, reportBody(claimed.$id, [await uploadPhoto(ada)]));
    expect(first.status).toBe(200);
    expect((await act(first.body.claim.id, 'ask', 'submitted', { message: 'Which side broke?' })).status).toBe(200);

    let now = await cards(ada);
    expect(now.get(plain.$id)).toMatchObject({ claim: null, covered: true, can_report: true, last_inspection: null });
    expect(now.get(claimed.$id)).toMatchObject({
      covered: true,
      can_report: false,
      claim: { number: first.body.claim.number, status: 'needs_information', question: 'Which side broke?' },
    });

    // Closed, then a second report: the open one is the card's.
    expect((await act(first.body.claim.id, 'deny', 'needs_information', { message: 'Worn by use.' })).status).toBe(200);
    expect((await cards(ada)).get(claimed.$id)).toMatchObject({ can_report: true, claim: { id: first.body.claim.id, status: 'denied' } });
    const second = await report(server, ada, reportBody(claimed.$id, [await uploadPhoto(ada)]));
    expect((await cards(ada)).get(claimed.$id)!.claim).toMatchObject({ id: second.body.claim.id, status: 'submitted' });

    // Two inspections and a cleaning: the later inspection is the card's.
    for (const kind of ['inspection', 'cleaning', 'inspection']) {
      const visit = await call(server, 'recordVisit', { staff, body: { id: ID.unique(), registration_id: plain.$id, kind } });
      expect(visit.status).toBe(200);
    }
    now = await cards(ada);
    const { visits } = (
      await call<{ visits: { kind: string; at: string }[] }>(server, 'getVisits', { staff, query: { registration_id: plain.$id } })
    ).body;
    expect(now.get(plain.$id)!.last_inspection).toBe(visits.find((v) => v.kind === 'inspection')!.at);
  });

  it('says a registration past its year is no longer covered', async () => {
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const old = await createRegistration(ada, { submitted_at: longAgo });
    server.db.prepare('UPDATE documents SET created_at = ? WHERE id = ?').run(longAgo.replace('Z', '+00:00'), old.$id);
    expect((await cards(ada)).get(old.$id)).toMatchObject({ covered: false, can_report: false, claim: null });
  });
});
