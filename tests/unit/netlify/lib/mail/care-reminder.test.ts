// When the care reminder is due: every CARE_REMINDER_MONTHS after the last visit or the registration, within
// coverage, numbered so that no period reuses a number; and the windows of dates the hourly sweep reads.
import { describe, expect, it } from 'vitest';
import { coveredUntil } from '@/shared/warranty';
import { withEnv } from '../../../../../netlify/lib/env';
import {
  addMonths,
  baseWindows,
  careDue,
  careKind,
  careReminderMonths,
  isCareKind,
  LATE_DAYS,
} from '../../../../../netlify/lib/mail/care-reminder';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

describe('careReminderMonths', () => {
  it('is CARE_REMINDER_MONTHS, 0 for none, 6 when unset or not a whole number', () => {
    expect(withEnv({}, careReminderMonths)).toBe(6);
    expect(withEnv({ CARE_REMINDER_MONTHS: '3' }, careReminderMonths)).toBe(3);
    expect(withEnv({ CARE_REMINDER_MONTHS: '0' }, careReminderMonths)).toBe(0);
    for (const bad of ['-1', '1.5', 'often']) expect(withEnv({ CARE_REMINDER_MONTHS: bad }, careReminderMonths)).toBe(6);
  });
});

describe('addMonths', () => {
  it('keeps the day and time, or takes the last day of a shorter month', () => {
    expect(addMonths(at('2026-01-15T10:30:00.000Z'), 6).toISOString()).toBe('2026-07-15T10:30:00.000Z');
    expect(addMonths(at('2026-08-31T08:00:00.000Z'), 6).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(at('2027-03-31T08:00:00.000Z'), -1).toISOString()).toBe('2027-02-28T08:00:00.000Z');
    expect(addMonths(at('2026-11-30T00:00:00.000Z'), 12).toISOString()).toBe(coveredUntil('2026-11-30T00:00:00.000Z').toISOString());
  });
});

describe('careDue', () => {
  const registered = at('2026-01-15T10:00:00.000Z');

  it('is due six months after the registration, for LATE_DAYS, as period 6', () => {
    expect(careDue(registered, null, ms('2026-07-15T09:59:59.000Z'), 6)).toBeNull();
    expect(careDue(registered, null, ms('2026-07-15T10:00:00.000Z'), 6)).toMatchObject({ period: 6, visit: false, monthsSince: 6 });
    expect(careDue(registered, null, ms('2026-07-15T10:00:00.000Z') + LATE_DAYS * DAY, 6)?.period).toBe(6);
    expect(careDue(registered, null, ms('2026-07-15T10:00:00.000Z') + (LATE_DAYS + 1) * DAY, 6)).toBeNull();
  });

  it('counts from the last visit instead, and never reuses a number already due', () => {
    const visited = at('2026-05-02T12:00:00.000Z');
    expect(careDue(registered, visited, ms('2026-07-16T00:00:00.000Z'), 6)).toBeNull();
    expect(careDue(registered, visited, ms('2026-11-02T12:00:00.000Z'), 6)).toMatchObject({ period: 10, visit: true, since: visited });
    // Every three months: 3, then a visit in month 4 makes the next one month 7, not 3 again.
    expect(careDue(registered, null, ms('2026-04-15T10:00:00.000Z'), 3)?.period).toBe(3);
    expect(careDue(registered, at('2026-05-20T00:00:00.000Z'), ms('2026-08-20T00:00:00.000Z'), 3)?.period).toBe(7);
  });

  it('takes the latest date when several have passed, and none once coverage has ended or with 0 months', () => {
    expect(careDue(registered, null, ms('2026-07-20T00:00:00.000Z'), 2)).toMatchObject({ period: 6, monthsSince: 6 });
    const visited = at('2026-09-01T00:00:00.000Z');
    expect(careDue(registered, visited, ms('2027-03-01T00:00:00.000Z'), 6)).toBeNull(); // covered until 15 January 2027
    expect(careDue(registered, null, ms('2026-07-16T00:00:00.000Z'), 0)).toBeNull();
    expect(careDue(registered, null, ms('2027-01-15T10:00:00.000Z'), 12)).toBeNull();
  });

  it('names its kind after the period, within mail_state.kind’s 16 characters', () => {
    expect(careKind(11)).toBe('care-11');
    expect(isCareKind('care-11')).toBe(true);
    expect(isCareKind('claim_update')).toBe(false);
    expect(careKind(99).length).toBeLessThanOrEqual(16);
  });
});

describe('baseWindows', () => {
  it('is one window a little over LATE_DAYS long six months back, widened by MAX_QUEUE_DAYS when asked', () => {
    const now = ms('2026-07-20T00:00:00.000Z');
    const [only, ...rest] = baseWindows(now, 6);
    expect(rest).toEqual([]);
    expect(Date.parse(only!.from)).toBeLessThanOrEqual(ms('2026-01-06T00:00:00.000Z'));
    expect(Date.parse(only!.to)).toBeGreaterThanOrEqual(ms('2026-01-20T00:00:00.000Z'));
    expect(Date.parse(only!.to) - Date.parse(only!.from)).toBeLessThan((LATE_DAYS + 10) * DAY);
    const widened = baseWindows(now, 6, 30)[0]!;
    expect([widened.from, Date.parse(widened.to) - Date.parse(only!.to)]).toEqual([only!.from, 30 * DAY]);
  });

  it('has a window for each period within coverage, merged where they overlap, and none with 0 months', () => {
    const now = ms('2026-07-20T00:00:00.000Z');
    expect(baseWindows(now, 4)).toHaveLength(2); // 4 and 8 months back
    expect(baseWindows(now, 12)).toEqual([]);
    expect(baseWindows(now, 0)).toEqual([]);
    const monthly = baseWindows(now, 1, 30);
    expect(monthly).toHaveLength(1); // eleven windows a month apart, each 48 days long
  });

  it('holds every registration whose reminder is due at now', () => {
    const now = ms('2026-07-20T00:00:00.000Z');
    for (let d = -400; d <= 0; d++) {
      const registered = new Date(now + d * DAY);
      if (!careDue(registered, null, now, 5)) continue;
      const inside = baseWindows(now, 5).some((w) => registered.toISOString() >= w.from && registered.toISOString() <= w.to);
      expect(inside, registered.toISOString()).toBe(true);
    }
  });
});
