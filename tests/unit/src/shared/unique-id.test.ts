import { describe, expect, it } from 'vitest';
import { ID } from 'appwrite';
import { ID_PATTERN } from '@/shared/contracts/submission';
import { uniqueId } from '@/shared/unique-id';

describe('uniqueId', () => {
  it('makes ids in the layout of the SDK’s ID.unique(), all different', () => {
    const ids = Array.from({ length: 2000 }, uniqueId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) {
      expect(id).toMatch(ID_PATTERN);
      expect(id).toMatch(/^[0-9a-f]{20}$/);
    }
    expect(uniqueId().length).toBe(ID.unique().length);
    // The same clock in front: hex seconds.
    expect(Math.abs(parseInt(uniqueId().slice(0, 8), 16) - parseInt(ID.unique().slice(0, 8), 16))).toBeLessThanOrEqual(1);
  });
});
