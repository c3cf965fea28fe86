// Step 5's ZIP check: the three-digit prefixes of each state, against every US ZIP code the zipcodes package lists.
import zipcodes from 'zipcodes';
import { describe, expect, it } from 'vitest';
import { findUsState, isZipInState, US_STATES } from '@/features/wizard/us-zip-states';

describe('US ZIP codes by state', () => {
  it('places every ZIP code of the states, DC and the territories in its own state', () => {
    const listed = Object.values(zipcodes.codes).filter((c) => c.country === 'US' && findUsState(c.state));
    expect(listed.length).toBeGreaterThan(40_000);
    expect(listed.filter((c) => !isZipInState(c.zip, c.state)).map((c) => `${c.zip} ${c.state}`)).toEqual([]);
  });

  it('tells a ZIP of another state', () => {
    expect(isZipInState('02108', 'MA')).toBe(true);
    expect(isZipInState('02108', 'RI')).toBe(false);
    expect(isZipInState('02903', 'RI')).toBe(true);
    expect(isZipInState('99999', 'TX')).toBe(false);
    expect(isZipInState('62701-1234', 'IL')).toBe(true);
    expect(isZipInState('02108', 'XX')).toBe(false);
  });

  it('lists the 50 states, DC, the inhabited territories and the armed forces’ post once each', () => {
    expect(US_STATES).toHaveLength(59);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(59);
    expect(findUsState('MA')).toEqual({ code: 'MA', name: 'Massachusetts' });
    expect(findUsState('XX')).toBeUndefined();
  });
});
