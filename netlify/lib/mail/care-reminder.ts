// The care reminder "Time for a free cleaning and check" (DESIGN.md "Claims and care"): every CARE_REMINDER_MONTHS
// (default 6, 0 = off) after the last care visit (any kind) or, without visits, after the registration date, once per
// period, for confirmed registrations still covered, to the verified owner address. The hourly mail sweep
// (./sweep.ts) sends it; ./mail-state.ts makes each go once.
//
// Periods. A reminder is due at base + k·M months (base: the last visit, else the registration date). Its period is
// numbered by the calendar months from the registration to that date, and the number is part of its kind
// (`care-{n}`) and so of its mail_state id: a visit starts a new count whose dates fall in later months, so no period
// of it reuses a number already sent.
//
// Finding the due ones without reading every registration. The sweep reads only (1) the registrations that arrived
// in the windows where a reminder made from their date is due within the last LATE_DAYS (the window widened by
// MAX_QUEUE_DAYS, as a registration's date may precede its arrival by that much), and (2) the visits recorded in those
// windows (index `at`); each candidate's last visit then decides. Per page of a hundred candidates: one query for
// their visits and one for their claimed reminders; only a due, unclaimed one costs more. A reminder the sweep could
// not send within LATE_DAYS of its date (the sweep down that long) is skipped rather than sent late.
import { COVERAGE_YEARS, coveredUntil, parseDate } from '../../../src/shared/warranty';
import { lastVisits, registrationsVisitedBetween } from '../care/visits';
import { appOrigin, env } from '../env';
import { readRegistrations } from '../registrations/owners';
import { maxQueueDays, readRegistration, registrationsArrived, verifiedAddressOf, type Registration } from '../registrations/registrations';
import { brand, isConfirmed } from './after-registration';
import { careReminderMail } from './care-reminder-message';
import {
  attemptId,
  claimAttempt,
  claimedAmong,
  deliver,
  retryNext,
  type CareKind,
  type Delivery,
  type MailKind,
  type MailOutcome,
  type MailState,
} from './mail-state';

export const DEFAULT_CARE_MONTHS = 6;
/** How late a reminder still goes when the sweep missed its date. */
export const LATE_DAYS = 14;
/** Months are 28 to 31 days long: windows in days are widened so that month arithmetic misses nobody. */
const SLACK_DAYS = 4;
const DAY_MS = 86_400_000;
const PAGE = 100;

/** CARE_REMINDER_MONTHS: a whole number of months, 0 for none; the default when unset or not such a number. */
export function careReminderMonths(): number {
  const raw = env('CARE_REMINDER_MONTHS');
  const n = Number(raw);
  return raw !== undefined && Number.isInteger(n) && n >= 0 ? n : DEFAULT_CARE_MONTHS;
}

/** `date` moved by whole calendar months (UTC), on the same day or the month's last: 31 August + 6 is 28 February. */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return d;
}

const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();

export type CareDue = {
  /** The period's number: calendar months from the registration to `dueAt`. */
  period: number;
  dueAt: Date;
  /** What the count starts from, and how many months ago. */
  since: Date;
  visit: boolean;
  monthsSince: number;
};

/**
 * The reminder due at `now` for a registration made at `registeredAt` and last visited at `lastVisit`: the latest
 * date base + k·`months` (k ≥ 1) not after `now`, when it is at most `lateMs` ago and the registration is still
 * covered. Null otherwise.
 */
export function careDue(
  registeredAt: Date,
  lastVisit: Date | null,
  now: number,
  months: number,
  lateMs = LATE_DAYS * DAY_MS,
): CareDue | null {
  if (months <= 0 || now >= coveredUntil(registeredAt).getTime()) return null;
  const visit = lastVisit !== null && lastVisit.getTime() > registeredAt.getTime();
  const since = visit ? lastVisit : registeredAt;
  let k = Math.floor((monthIndex(new Date(now)) - monthIndex(since)) / months);
  while (k >= 1 && addMonths(since, k * months).getTime() > now) k--;
  if (k < 1) return null;
  const dueAt = addMonths(since, k * months);
  if (dueAt.getTime() < now - lateMs) return null;
  return { period: monthIndex(dueAt) - monthIndex(registeredAt), dueAt, since, visit, monthsSince: k * months };
}

export const careKind = (period: number): CareKind => `care-${period}`;
export const isCareKind = (kind: MailKind): kind is CareKind => /^care-\d+$/.test(kind);

/**
 * The spans of base dates (ISO) whose reminder may be due at `now`, one per k with k·`months` within coverage,
 * each `widenDays` longer at its end, merged where they overlap.
 */
export function baseWindows(now: number, months: number, widenDays = 0): { from: string; to: string }[] {
  if (months <= 0) return [];
  const spans: { from: number; to: number }[] = [];
  for (let n = months; n < 12 * COVERAGE_YEARS; n += months)
    spans.push({
      from: addMonths(new Date(now - LATE_DAYS * DAY_MS), -n).getTime() - SLACK_DAYS * DAY_MS,
      to: addMonths(new Date(now), -n).getTime() + (SLACK_DAYS + widenDays) * DAY_MS,
    });
  spans.sort((a, b) => a.from - b.from);
  const merged: typeof spans = [];
  for (const s of spans) {
    const last = merged.at(-1);
    if (last && s.from <= last.to) last.to = Math.max(last.to, s.to);
    else merged.push({ ...s });
  }
  return merged.map((s) => ({ from: new Date(s.from).toISOString(), to: new Date(s.to).toISOString() }));
}

const registeredOn = (reg: Registration) => parseDate(reg.record.submitted_at)!;

function careDelivery(reg: Registration, to: string, due: CareDue): Omit<Delivery, 'about' | 'kind' | 'attempt' | 'now'> {
  return {
    to,
    registrationId: reg.id,
    logAction: `care.mail.${due.period}`,
    message: () =>
      careReminderMail({ ...reg.record, email: to }, { date: due.since, visit: due.visit }, due.monthsSince, brand().name, appOrigin()),
  };
}

/** The reminder of one registration's period, once: 'already' when it was claimed before. */
async function sendCareOnce(reg: Registration, due: CareDue, now: number): Promise<MailOutcome> {
  const to = await verifiedAddressOf(reg);
  if (!to) return 'unverified';
  const kind = careKind(due.period);
  if (!(await claimAttempt(reg.id, kind, 1, now))) return 'already';
  return deliver({ ...careDelivery(reg, to, due), about: reg.id, kind, attempt: 1, now });
}

/**
 * Sends the due, unclaimed reminders of `regs` (each registration once per run: `seen`), and hands each outcome to
 * `count`. One query for their visits and one for their claimed reminders, per hundred.
 */
async function remind(regs: Registration[], now: number, months: number, seen: Set<string>, count: (outcome: string) => void) {
  const fresh = regs.filter((r) => !seen.has(r.id) && isConfirmed(r));
  for (const r of fresh) seen.add(r.id);
  if (!fresh.length) return;
  const last = await lastVisits(fresh.map((r) => r.id));
  const due = fresh.flatMap((reg) => {
    const d = careDue(registeredOn(reg), last.get(reg.id) ?? null, now, months);
    return d ? [{ reg, due: d, id: attemptId(reg.id, careKind(d.period), 1) }] : [];
  });
  const claimed = await claimedAmong(due.map((d) => d.id));
  for (const d of due) {
    if (claimed.has(d.id)) continue;
    try {
      count(await sendCareOnce(d.reg, d.due, now));
    } catch (err) {
      count('failed');
      console.error('[mail] a care reminder failed:', err instanceof Error ? err.message : err);
    }
  }
}

/** The care reminders due at `now` (see above); `count` is given each one's outcome. */
export async function runCareReminders(now: number, count: (outcome: string) => void): Promise<void> {
  const months = careReminderMonths();
  const seen = new Set<string>();
  // Counted from the registration date: only a registration due by its date alone can be due without a visit.
  for (const { from, to } of baseWindows(now, months, maxQueueDays()))
    for await (const regs of registrationsArrived(from, to, PAGE))
      await remind(
        regs.filter((r) => careDue(registeredOn(r), null, now, months)),
        now,
        months,
        seen,
        count,
      );
  // Counted from a visit.
  for (const { from, to } of baseWindows(now, months))
    for await (const ids of registrationsVisitedBetween(from, to, PAGE)) {
      const regs = await readRegistrations(ids.filter((id) => !seen.has(id)));
      await remind([...regs.values()], now, months, seen, count);
    }
}

/**
 * The attempt after `state` (a care reminder's failed, unconfigured or stale one), while its period is still the
 * registration's current one; 'past' once it is not (a visit started a new count, coverage ended, the reminders
 * were turned off).
 */
export function retryCareReminder(state: MailState, now: number): Promise<MailOutcome | 'missing' | 'pending' | 'past'> {
  return retryNext<'missing' | 'pending' | 'past' | 'unverified'>(state, now, async () => {
    const reg = await readRegistration(state.registration_id);
    if (!reg || !isConfirmed(reg)) return reg ? 'pending' : 'missing';
    const last = (await lastVisits([reg.id])).get(reg.id) ?? null;
    const due = careDue(registeredOn(reg), last, now, careReminderMonths(), Infinity);
    if (!due || careKind(due.period) !== state.kind) return 'past';
    const to = await verifiedAddressOf(reg);
    if (!to) return 'unverified';
    return careDelivery(reg, to, due);
  });
}
