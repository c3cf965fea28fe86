// The claim functions' bodies as the contract takes them: strict (a key it does not name is refused), the form's
// limits and texts, and a staff action carrying what it needs.
import { describe, expect, it } from 'vitest';
import { claimActionBodySchema, recordVisitBodySchema, replyBodySchema, reportProblemBodySchema } from '@/shared/contracts/claims';
import { firstIssue } from '@/shared/contracts/submission';

const report = (over: Record<string, unknown> = {}) => ({
  id: 'claim1',
  number: 'C-7KQ2MX',
  registration_id: 'reg1',
  problem: 'loose_or_missing_stone',
  details: '  The stone wobbles.  ',
  delivery: 'store',
  photo_ids: ['p1'],
  ...over,
});
const issue = (r: { success: boolean; error?: Parameters<typeof firstIssue>[0] }) => (r.success ? 'ok' : firstIssue(r.error!));

describe('reportProblem', () => {
  it('takes a valid report, trimmed', () => {
    expect(reportProblemBodySchema.parse(report()).details).toBe('The stone wobbles.');
  });

  it.each([
    [{ details: ' ' }, 'Tell us what happened.'],
    [{ details: 'x'.repeat(2001) }, '2,000 characters'],
    [{ photo_ids: [] }, 'Add at least one photo of the problem.'],
    [{ photo_ids: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'at most 5 photos'],
    [{ photo_ids: ['a', 'a'] }, 'once'],
    [{ number: 'C-1234O6' }, 'claim number'],
    [{ problem: 'lost' }, 'Choose what happened.'],
    [{ delivery: 'courier' }, 'how you will bring'],
    [{ status: 'approved' }, 'status'],
  ])('refuses %j', (over, said) => {
    expect(issue(reportProblemBodySchema.safeParse(report(over)))).toContain(said);
  });
});

describe('claimAction', () => {
  const action = (over: Record<string, unknown>) =>
    claimActionBodySchema.safeParse({ claim_id: 'c1', event_id: 'e1', expected_status: 'submitted', ...over });
  it('asks for the message, reason or resolution its action needs', () => {
    expect(issue(action({ action: 'ask' }))).toContain('Write your question.');
    expect(issue(action({ action: 'deny', message: '  ' }))).toContain('Give the reason.');
    expect(issue(action({ action: 'note' }))).toContain('Write the note.');
    expect(issue(action({ action: 'approve' }))).toContain('Repair');
    expect(issue(action({ action: 'approve', resolution: 'store_credit' }))).toBe('ok');
    expect(issue(action({ action: 'close' }))).toBe('ok');
  });
  it('takes no customer step and no key it does not name', () => {
    expect(issue(action({ action: 'reply', message: 'hi' }))).not.toBe('ok');
    expect(issue(action({ action: 'close', by_name: 'x' }))).not.toBe('ok');
  });
});

describe('replyToClaim and recordVisit', () => {
  it('need a message (reply) and a known kind (visit)', () => {
    expect(issue(replyBodySchema.safeParse({ claim_id: 'c1', event_id: 'e1', message: '' }))).toContain('Write your reply.');
    expect(replyBodySchema.parse({ claim_id: 'c1', event_id: 'e1', message: 'ok' }).photo_ids).toEqual([]);
    expect(issue(recordVisitBodySchema.safeParse({ id: 'v1', registration_id: 'r1', kind: 'polish' }))).toContain('kind of visit');
    expect(recordVisitBodySchema.parse({ id: 'v1', registration_id: 'r1', kind: 'pickup' }).notes).toBe('');
  });
});
