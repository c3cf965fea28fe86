// What a claim may be opened for: a confirmed registration still covered on the day (COVERAGE_YEARS from its
// registration date, which the server itself works out), at most OPEN_CLAIMS_PER_REGISTRATION open at once.
import type { Models } from 'node-appwrite';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN } from '@/shared/contracts/submission';
import { checkClaimable, openClaimsLimit, submittedEventId } from '../../../../../netlify/lib/claims/open';
import { withEnv } from '../../../../../netlify/lib/env';
import { registrationOf, SERVER_MARK } from '../../../../../netlify/lib/registrations/registrations';

const ARRIVED = '2025-03-10T12:00:00.000+00:00';
const reg = (permissions: string[], over: Record<string, unknown> = {}) =>
  registrationOf({
    $id: 'reg1',
    $createdAt: ARRIVED,
    $updatedAt: ARRIVED,
    $permissions: permissions,
    full_name: 'Ada',
    email: 'ada@example.com',
    submitted_at: ARRIVED,
    ...over,
  } as unknown as Models.Document);

const at = (iso: string) => Date.parse(iso);

describe('checkClaimable', () => {
  it('takes a covered registration up to the moment its coverage ends, and then says when it ended', () => {
    const own = reg(['read("user:ada")']);
    expect(() => checkClaimable(own, at('2026-03-10T11:59:59.000Z'))).not.toThrow();
    expect(() => checkClaimable(own, at('2026-03-10T12:00:00.000Z'))).toThrow('Coverage ended on 10 March 2026.');
  });

  it('reads the date the server believes, not the one the device wrote', () => {
    // Claimed two years before it arrived: the server counts from at most 30 days before the arrival.
    const early = reg(['read("user:ada")'], { submitted_at: '2023-03-10T12:00:00.000Z' });
    expect(() => checkClaimable(early, at('2026-01-01T00:00:00.000Z'))).not.toThrow();
  });

  it('refuses a pending registration', () => {
    expect(() => checkClaimable(reg([SERVER_MARK], { status: 'pending' }), at('2025-04-01T00:00:00.000Z'))).toThrow(
      'waiting for its e-mail confirmation',
    );
  });
});

describe('openClaimsLimit', () => {
  it('is OPEN_CLAIMS_PER_REGISTRATION, 1 when unset or not a positive whole number', () => {
    expect(withEnv({}, openClaimsLimit)).toBe(1);
    expect(withEnv({ OPEN_CLAIMS_PER_REGISTRATION: '3' }, openClaimsLimit)).toBe(3);
    for (const bad of ['0', '-2', '1.5', 'many']) expect(withEnv({ OPEN_CLAIMS_PER_REGISTRATION: bad }, openClaimsLimit)).toBe(1);
  });
});

describe('submittedEventId', () => {
  it('is one valid document id per claim, so an opening sent again writes no second event', () => {
    const id = submittedEventId('6746a1b2c3d4e5f60718293a4b5c6d7e8f90');
    expect(id).toMatch(ID_PATTERN);
    expect(submittedEventId('6746a1b2c3d4e5f60718293a4b5c6d7e8f90')).toBe(id);
    expect(submittedEventId('other')).not.toBe(id);
  });
});
