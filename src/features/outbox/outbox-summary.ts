// Counts, the last error and each record's reason, in words for a person.
import type { OutboxEntry, OutboxStatus } from '@/db/types';
import { FIELD_LIMITS, type LimitedField } from '@/shared/contracts/field-limits';
import { refusedField } from '@/sync/refusal';

export type OutboxSummary = {
  /** Registrations the server does not have yet (pending, sending, needs sign-in, set aside). */
  waiting: number;
  pending: number;
  sending: number;
  needsSignIn: number;
  rejected: number;
  /** On the server; only the Shopify hand-off is still to do. */
  handOff: number;
  lastError: { entry: OutboxEntry; reason: string } | null;
};

export const STATUS_LABEL: Record<OutboxStatus, string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  'needs-sign-in': 'Needs sign-in',
  rejected: 'Set aside',
  sent: 'Sent (Shopify hand-off waiting)',
};

const TECHNICAL = /param|attribute|structure|invalid|exception|error|`|[{}[\]]/i;

const FIELD_NAMES: Record<LimitedField, string> = {
  full_name: 'full name',
  email: 'email address',
  phone: 'phone number',
  address: 'address',
  product_sku: 'list of products',
  selected_product: 'list of products',
  image_file_id: 'list of photos',
};

/** What the server refused in a set-aside record, in plain words for the customer ("your") or staff ("the"). */
export function refusalOf(e: OutboxEntry, whose: 'your' | 'the'): string {
  const fault = refusedField(e);
  const capital = whose === 'your' ? 'Your' : 'The';
  // Words this app wrote for people (a missing photo, a revoked counter) are shown; a server's technical ones never.
  if (!fault) return e.lastError && !TECHNICAL.test(e.lastError) ? e.lastError : 'The server did not accept it.';
  if (fault.field === 'image_file_id' && !fault.tooLong) return `The server did not accept one of ${whose} photos.`;
  const name = FIELD_NAMES[fault.field];
  return fault.tooLong
    ? `${capital} ${name} is longer than the ${FIELD_LIMITS[fault.field]} characters the server takes.`
    : `The server did not accept ${whose} ${name}.`;
}

/** Why a record is still here, or null when nothing went wrong yet. */
export function reasonOf(e: OutboxEntry): string | null {
  if (e.status === 'needs-sign-in') return `Needs sign-in: the customer must verify their email again. ${e.lastError ?? ''}`.trim();
  if (!e.lastError) return null;
  if (e.status === 'rejected') return refusalOf(e, 'the');
  if (e.status === 'sent') return e.lastError;
  if (e.lastErrorKind === 'network') return 'Offline: the server could not be reached.';
  return `The server could not take it yet: ${e.lastError}`;
}

/** The customer's version: short, and about what happens next. */
export function customerReason(s: OutboxSummary): string {
  if (s.needsSignIn > 0) return `Verify your email to send ${s.waiting === 1 ? 'it' : 'them'}.`;
  const e = s.lastError?.entry;
  if (!e) return 'Sends automatically.';
  if (e.status === 'rejected') return refusalOf(e, 'your');
  if (e.lastErrorKind === 'network') return 'Offline. Sends automatically later.';
  return 'Server busy. Sends automatically later.';
}

export function summarize(entries: OutboxEntry[]): OutboxSummary {
  const count = (s: OutboxStatus) => entries.filter((e) => e.status === s).length;
  const failed = entries.filter((e) => e.lastError && e.status !== 'sent').sort((a, b) => (b.failedAt ?? 0) - (a.failedAt ?? 0));
  const last = failed[0];
  const s = {
    pending: count('pending'),
    sending: count('sending'),
    needsSignIn: count('needs-sign-in'),
    rejected: count('rejected'),
    handOff: count('sent'),
  };
  return {
    ...s,
    waiting: s.pending + s.sending + s.needsSignIn + s.rejected,
    lastError: last ? { entry: last, reason: reasonOf(last)! } : null,
  };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
