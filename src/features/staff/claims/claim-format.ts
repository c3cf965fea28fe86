// How the claims screens put a claim into words: its age, when a step happened, and what each step of the timeline
// was (DESIGN.md, "Claims and care").
import { CLAIM_STATUSES, PROBLEMS, RESOLUTIONS, type ClaimStatus } from '@/shared/claims/claim-texts';
import type { ClaimEventRecord } from '@/shared/contracts/claims';
import { formatShortDate } from '@/shared/warranty';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How long a claim has been (or was) open: "Under 1 hour", "5 hours", "1 day", "12 days". */
export function claimAge(openedAt: string, endedAt: string | null, now: Date = new Date()): string {
  const ms = Math.max(0, (endedAt ? new Date(endedAt) : now).getTime() - new Date(openedAt).getTime());
  if (ms < HOUR) return 'Under 1 hour';
  if (ms < DAY) {
    const h = Math.floor(ms / HOUR);
    return `${h} ${h === 1 ? 'hour' : 'hours'}`;
  }
  const d = Math.floor(ms / DAY);
  return `${d.toLocaleString('en-US')} ${d === 1 ? 'day' : 'days'}`;
}

/** "Nov 26, 2026, 9:05 PM": when a step happened. */
export const whenText = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "26 Nov 2026": the day a claim was opened, as the submissions table gives a registration's. */
export const dayText = (iso: string) => formatShortDate(iso);

export const statusText = (status: ClaimStatus) => CLAIM_STATUSES[status];
export const problemText = (problem: string) => (PROBLEMS as Record<string, string>)[problem] ?? problem;
export const resolutionText = (resolution: string) => (RESOLUTIONS as Record<string, string>)[resolution] ?? resolution;

/** What a step of the timeline was, in words staff read at a glance. */
export function eventText(e: Pick<ClaimEventRecord, 'action' | 'by_role' | 'resolution'>): string {
  switch (e.action) {
    case 'submitted':
      return e.by_role === 'staff' ? 'Opened the claim' : 'Reported the problem';
    case 'reply':
      return 'Replied';
    case 'ask':
      return 'Asked for information';
    case 'approve':
      return e.resolution ? `Approved: ${resolutionText(e.resolution)}` : 'Approved';
    case 'deny':
      return 'Denied';
    case 'ready':
      return 'Marked ready for pickup';
    case 'close':
      return 'Closed';
    case 'note':
      return 'Internal note';
  }
}

/** Open claims (the ones still to act on) are the ones a status badge draws attention to. */
export const statusTone = (status: ClaimStatus) =>
  status === 'submitted' || status === 'needs_information' ? 'open' : status === 'closed' || status === 'denied' ? 'ended' : 'active';
