// How the claims screens put a claim into words: its age in the table, and what each step of the timeline was.
import { describe, expect, it } from 'vitest';
import { claimAge, dayText, eventText, problemText, statusTone } from '@/features/staff/claims/claim-format';

const opened = '2026-11-20T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('claimAge', () => {
  it('counts hours on the first day, then whole days', () => {
    expect(claimAge(opened, null, at('2026-11-20T10:59:00.000Z'))).toBe('Under 1 hour');
    expect(claimAge(opened, null, at('2026-11-20T11:00:00.000Z'))).toBe('1 hour');
    expect(claimAge(opened, null, at('2026-11-21T09:59:00.000Z'))).toBe('23 hours');
    expect(claimAge(opened, null, at('2026-11-21T10:00:00.000Z'))).toBe('1 day');
    expect(claimAge(opened, null, at('2026-11-26T12:00:00.000Z'))).toBe('6 days');
  });

  it('stops counting when the claim ended', () => {
    expect(claimAge(opened, '2026-11-23T10:00:00.000Z', at('2027-01-01T00:00:00.000Z'))).toBe('3 days');
  });

  it('never shows a negative age (a device clock behind the server)', () => {
    expect(claimAge(opened, null, at('2026-11-19T00:00:00.000Z'))).toBe('Under 1 hour');
  });
});

describe('eventText', () => {
  it('says who opened the claim: the customer reported it, or staff opened it', () => {
    expect(eventText({ action: 'submitted', by_role: 'customer', resolution: '' })).toBe('Reported the problem');
    expect(eventText({ action: 'submitted', by_role: 'staff', resolution: '' })).toBe('Opened the claim');
  });

  it('names every step, an approval with its resolution', () => {
    const text = (action: Parameters<typeof eventText>[0]['action'], resolution = '') =>
      eventText({ action, by_role: 'staff', resolution });
    expect([text('ask'), text('reply'), text('deny'), text('ready'), text('close'), text('note')]).toEqual([
      'Asked for information',
      'Replied',
      'Denied',
      'Marked ready for pickup',
      'Closed',
      'Internal note',
    ]);
    expect(text('approve', 'store_credit')).toBe('Approved: Store credit');
    expect(text('approve')).toBe('Approved');
  });
});

describe('the table cells', () => {
  it('gives the problem in the customer form’s words and the opening day as the submissions table does', () => {
    expect(problemText('loose_or_missing_stone')).toBe('Loose or missing stone');
    expect(dayText('2026-11-20T23:30:00.000Z')).toBe('20 Nov 2026');
  });

  it('marks claims waiting on someone as open, ended ones as ended', () => {
    expect(
      ['submitted', 'needs_information', 'approved', 'ready_for_pickup', 'denied', 'closed'].map((s) => statusTone(s as never)),
    ).toEqual(['open', 'open', 'active', 'active', 'ended', 'ended']);
  });
});
