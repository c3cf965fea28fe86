// The line under the staff search box: what the search covers while the device does not hold every registration.
import { describe, expect, it } from 'vitest';
import { searchScope, type ServerSearch } from '@/features/staff/submissions/use-server-search';
import type { Submission } from '@/shared/contracts/submission';

const none: ServerSearch = { extra: [], state: null, more: false };
const base = { term: '', whole: false, filling: false, held: 100_000, online: true, server: none };
const row = { $id: 'x' } as Submission;

describe('searchScope', () => {
  it('says nothing when the device holds every registration', () => {
    expect(searchScope({ ...base, whole: true, online: false, term: 'ada' })).toBeNull();
  });

  it('names the window, and why the server is not asked', () => {
    expect(searchScope(base)).toBe(
      'Searching the 100,000 registrations on this device: the most recently changed, and the ones opened here.',
    );
    expect(searchScope({ ...base, online: false, term: 'ada' })).toMatch(
      /the most recently changed, and the ones opened here\. Go online to search every registration\.$/,
    );
    expect(searchScope({ ...base, term: ' ad ' })).toMatch(/Type at least 3 characters to search every registration\.$/);
    expect(searchScope({ ...base, filling: true, held: 5_500 })).toBe(
      'Searching the 5,500 registrations on this device so far; the rest are still arriving.',
    );
    expect(searchScope({ ...base, term: 'ada', server: { ...none, state: 'failed' } })).toMatch(
      /The server's search could not be reached\.$/,
    );
  });

  it('says where results come from once the server answered', () => {
    expect(searchScope({ ...base, term: 'ada', server: { ...none, state: 'asking' } })).toBe(
      'Searching this device and every registration on the server...',
    );
    expect(searchScope({ ...base, term: 'ada', server: { ...none, state: 'done' } })).toBe(
      'Searched this device and every registration on the server.',
    );
    expect(searchScope({ ...base, term: 'ada', server: { extra: [row, row], state: 'done', more: true } })).toBe(
      'Also showing 2 matches from the server that are not on this device (the first matches; type more to narrow them).',
    );
  });
});
