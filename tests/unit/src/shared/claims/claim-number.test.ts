// Claim numbers as customers read them out and staff type them.
import { describe, expect, it } from 'vitest';
import { CLAIM_NUMBER_PATTERN, newClaimNumber, readClaimNumber } from '@/shared/claims/claim-number';

describe('claim numbers', () => {
  it('are C- and six letters or digits, never 0, O, 1 or I', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const n = newClaimNumber();
      expect(n).toMatch(CLAIM_NUMBER_PATTERN);
      expect(n.slice(2)).not.toMatch(/[01OI]/);
      seen.add(n);
    }
    expect(seen.size).toBe(2000);
  });

  it('use every letter of the alphabet evenly (a byte maps to a letter without bias)', () => {
    const bytes = Uint8Array.from({ length: 6 }, (_, i) => 255 - i);
    expect(newClaimNumber(() => bytes)).toBe('C-ZYXWVU');
    expect(newClaimNumber(() => new Uint8Array(6))).toBe('C-222222');
  });

  it('are read as a person types them', () => {
    expect(readClaimNumber('c-7kq 2mx')).toBe('C-7KQ2MX');
    expect(readClaimNumber('C7KQ2MX')).toBe('C-7KQ2MX');
    expect(readClaimNumber('C-7KQ2M')).toBeNull();
    expect(readClaimNumber('C-7KQ2M0')).toBeNull();
    expect(readClaimNumber('Greta')).toBeNull();
  });
});
