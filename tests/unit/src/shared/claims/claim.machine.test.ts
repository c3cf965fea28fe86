// The claim's statuses as staff and customers move through them: every action where it is allowed, and refused
// everywhere else (the functions ask the same machine).
import { describe, expect, it } from 'vitest';
import { claimActions, customerSees, isOpenClaim, nextClaimStatus } from '@/shared/claims/claim.machine';
import { CLAIM_STATUSES, type ClaimStatus } from '@/shared/claims/claim-texts';

const staff = 'staff' as const;
const customer = 'customer' as const;

describe('the claim machine', () => {
  it('walks a claim from the report to its close: a question, the reply, approval, pickup', () => {
    let status: ClaimStatus = 'submitted';
    const step = (s: ClaimStatus | null) => {
      expect(s).not.toBeNull();
      status = s!;
      return status;
    };
    expect(step(nextClaimStatus(status, { type: 'ask', by: staff, message: 'Which link broke?' }))).toBe('needs_information');
    expect(step(nextClaimStatus(status, { type: 'reply', by: customer, message: 'The one by the clasp.' }))).toBe('submitted');
    expect(step(nextClaimStatus(status, { type: 'approve', by: staff, resolution: 'repair' }))).toBe('approved');
    expect(step(nextClaimStatus(status, { type: 'ready', by: staff }))).toBe('ready_for_pickup');
    expect(step(nextClaimStatus(status, { type: 'close', by: staff }))).toBe('closed');
    expect(claimActions(status, staff)).toEqual(['note']);
  });

  it('offers staff exactly the actions of each status, and the customer only a reply to a question', () => {
    const offered = Object.fromEntries((Object.keys(CLAIM_STATUSES) as ClaimStatus[]).map((s) => [s, claimActions(s, staff)]));
    expect(offered).toEqual({
      submitted: ['ask', 'approve', 'deny', 'note'],
      needs_information: ['approve', 'deny', 'note'],
      approved: ['ready', 'close', 'note'],
      denied: ['close', 'note'],
      ready_for_pickup: ['close', 'note'],
      closed: ['note'],
    });
    const customers = (Object.keys(CLAIM_STATUSES) as ClaimStatus[]).filter((s) => claimActions(s, customer).length);
    expect(customers).toEqual(['needs_information']);
    expect(claimActions('needs_information', customer)).toEqual(['reply']);
  });

  it('refuses what is missing or not theirs: an empty question, an unknown resolution, staff replying, a customer approving', () => {
    expect(nextClaimStatus('submitted', { type: 'ask', by: staff, message: '   ' })).toBeNull();
    expect(nextClaimStatus('submitted', { type: 'deny', by: staff, message: '' })).toBeNull();
    expect(nextClaimStatus('submitted', { type: 'deny', by: staff, message: 'x'.repeat(2001) })).toBeNull();
    expect(nextClaimStatus('submitted', { type: 'approve', by: staff, resolution: 'refund' })).toBeNull();
    expect(nextClaimStatus('submitted', { type: 'approve', by: staff, resolution: 'toString' })).toBeNull();
    expect(nextClaimStatus('needs_information', { type: 'reply', by: staff, message: 'hi' })).toBeNull();
    expect(nextClaimStatus('submitted', { type: 'approve', by: customer, resolution: 'repair' })).toBeNull();
    expect(nextClaimStatus('closed', { type: 'ready', by: staff })).toBeNull();
    expect(nextClaimStatus('submitted', { type: 'reply', by: customer, message: 'unasked' })).toBeNull();
  });

  it('keeps a note where the claim is, unseen by the customer', () => {
    expect(nextClaimStatus('approved', { type: 'note', by: staff, message: 'Clasp ordered.' })).toBe('approved');
    expect(nextClaimStatus('approved', { type: 'note', by: customer, message: 'hello' })).toBeNull();
    expect(customerSees('note')).toBe(false);
    expect(customerSees('ask')).toBe(true);
  });

  it('counts a claim open until it is denied or closed', () => {
    expect((Object.keys(CLAIM_STATUSES) as ClaimStatus[]).filter(isOpenClaim)).toEqual([
      'submitted',
      'needs_information',
      'approved',
      'ready_for_pickup',
    ]);
  });
});
