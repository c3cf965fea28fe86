// Two people acting on the same claim at the same moment, through the real server and a real SMTP server: two staff
// sending different steps from the same status, or staff and the customer's reply. Exactly one step applies; the
// other is refused with 409 and the claim as the first step left it, and the customer gets one e-mail, not two.
import { ID } from 'appwrite';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimUpdateSubject } from '@/shared/claims/claim-texts';
import { call, report, reportBody, uploadPhoto } from '../helpers/claims';
import { createRegistration, jwtOf, signedInCustomer, type Customer } from '../helpers/customers';
import { mailingStaffServerForSuite } from '../helpers/suite';

type Claim = { id: string; number: string; status: string };
type Step = Record<string, unknown>;
type Detail = { claim: Claim; timeline: { action: string; status_after: string }[] };

const { smtp, server, staff } = mailingStaffServerForSuite();
let ada: Customer;
beforeAll(async () => {
  ada = await signedInCustomer(server, 'ada.race@example.com', smtp.codeFor);
});

const act = (claim: Claim, step: Step) =>
  call<{ claim: Claim; details?: { current: Claim } }>(server, 'claimAction', {
    staff: staff.token,
    body: { claim_id: claim.id, event_id: ID.unique(), ...step },
  });
const mailsAbout = (claim: Claim) =>
  smtp.mails.filter((m) => m.to.includes(ada.email) && new RegExp(`^Subject: ${claimUpdateSubject(claim.number)}\\r?$`, 'm').test(m.raw));
const detail = async (claim: Claim) => (await call<Detail>(server, 'getClaim', { staff: staff.token, query: { id: claim.id } })).body;

async function newClaim(): Promise<Claim> {
  const reg = await createRegistration(ada);
  const opened = await report(server, ada, reportBody(reg.$id, [await uploadPhoto(ada)]));
  expect(opened.status).toBe(200);
  return opened.body.claim as Claim;
}

const ASK = { action: 'ask', message: 'Which side of the clasp broke?' };
const APPROVE = { action: 'approve', resolution: 'repair' };
const DENY = { action: 'deny', message: 'The chain was cut, not broken.' };

describe('two steps on the same claim at once', () => {
  const rounds: [Step, Step][] = [
    [APPROVE, DENY],
    [ASK, DENY],
    [APPROVE, ASK],
    [DENY, APPROVE],
    [ASK, APPROVE],
  ];
  it.each(rounds)('staff "%o" and "%o" from "Submitted": exactly one applies, one 409, one e-mail', async (first, second) => {
    const claim = await newClaim();
    const answers = await Promise.all([first, second].map((s) => act(claim, { ...s, expected_status: 'submitted' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!;
    const lost = answers.find((a) => a.status === 409)!;
    expect(lost.body.error).toMatch(/^This claim was changed meanwhile: it is "[A-Za-z ]+" now\.$/);
    // The refused one is handed the claim as the step that applied made it.
    expect(lost.body.details?.current.status).toBe(won.body.claim.status);

    const now = await detail(claim);
    expect(now.claim.status).toBe(won.body.claim.status);
    expect(now.timeline.map((e) => e.action)).toEqual(['submitted', answers.indexOf(won) === 0 ? first.action : second.action]);
    expect(mailsAbout(claim)).toHaveLength(1);
  });

  it('the customer replying while staff deny: one of the two applies, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const claim = await newClaim();
      expect((await act(claim, { ...ASK, expected_status: 'submitted' })).status).toBe(200);
      const reply = call<{ claim: Claim }>(server, 'replyToClaim', {
        jwt: await jwtOf(ada),
        body: { claim_id: claim.id, event_id: ID.unique(), message: 'The left side.', photo_ids: [] },
      });
      const [replied, denied] = await Promise.all([reply, act(claim, { ...DENY, expected_status: 'needs_information' })]);
      expect([replied.status, denied.status].sort()).toEqual([200, 409]);
      const now = await detail(claim);
      const steps = now.timeline.map((e) => e.action);
      if (replied.status === 200) {
        expect(steps).toEqual(['submitted', 'ask', 'reply']);
        expect(now.claim.status).toBe('submitted');
        // The customer is never handed staff's copy of the claim.
      } else {
        expect(steps).toEqual(['submitted', 'ask', 'deny']);
        expect(now.claim.status).toBe('denied');
        expect(replied.body).not.toHaveProperty('details');
      }
      expect(mailsAbout(claim)).toHaveLength(denied.status === 200 ? 2 : 1);
    }
  });

  it('a note beside a status step: both are kept, the status step applies', async () => {
    const claim = await newClaim();
    const [noted, asked] = await Promise.all([
      act(claim, { action: 'note', message: 'Called the customer.', expected_status: 'submitted' }),
      act(claim, { ...ASK, expected_status: 'submitted' }),
    ]);
    expect([noted.status, asked.status]).toEqual([200, 200]);
    const now = await detail(claim);
    expect(now.claim.status).toBe('needs_information');
    expect(now.timeline.map((e) => e.action).sort()).toEqual(['ask', 'note', 'submitted']);

    // However the two fell, a note from a screen still showing "Submitted" is kept, and answers the claim as it is.
    const late = await act(claim, { action: 'note', message: 'Left a voicemail.', expected_status: 'submitted' });
    expect(late.status).toBe(200);
    expect(late.body.claim.status).toBe('needs_information');
    expect((await detail(claim)).timeline.filter((e) => e.action === 'note')).toHaveLength(2);
  });
});
