// What a step writes on the claim: the status the machine gave, whether it is still open, when it stopped being open
// (for its age), and the question, reason or resolution it carries. A reply closes the open question.
import { describe, expect, it } from 'vitest';
import type { ClaimEventRecord, StaffClaim } from '@/shared/contracts/claims';
import { changesOf } from '../../../../../netlify/lib/claims/actions';

const claim = (status: StaffClaim['status']) => ({ status }) as StaffClaim;
const step = (
  action: ClaimEventRecord['action'],
  status_after: StaffClaim['status'],
  over: { message?: string; resolution?: string } = {},
) => ({
  action,
  status_after,
  message: over.message ?? '',
  resolution: over.resolution ?? '',
  at: '2026-11-26T10:00:00.000Z',
});

describe('changesOf', () => {
  it('keeps the question of an ask, and clears it with the reply', () => {
    expect(changesOf(claim('submitted'), step('ask', 'needs_information', { message: 'Which side?' }))).toEqual({
      status: 'needs_information',
      open: true,
      question: 'Which side?',
    });
    expect(changesOf(claim('needs_information'), step('reply', 'submitted', { message: 'Left.' }))).toEqual({
      status: 'submitted',
      open: true,
      question: '',
    });
  });

  it('stores a resolution and a reason; the claim stops being open when it is denied, and its end is kept once', () => {
    expect(changesOf(claim('submitted'), step('approve', 'approved', { resolution: 'repair' }))).toMatchObject({
      resolution: 'repair',
      open: true,
    });
    expect(changesOf(claim('submitted'), step('deny', 'denied', { message: 'Wear and tear.' }))).toEqual({
      status: 'denied',
      open: false,
      ended_at: '2026-11-26T10:00:00.000Z',
      reason: 'Wear and tear.',
    });
    expect(changesOf(claim('denied'), step('close', 'closed'))).toEqual({ status: 'closed', open: false });
    expect(changesOf(claim('ready_for_pickup'), step('close', 'closed'))).toMatchObject({ ended_at: '2026-11-26T10:00:00.000Z' });
  });
});
