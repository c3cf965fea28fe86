// A registration as the outbox first stores it (no SDK imports: device tools and benches use it).
import type { OutboxEntry } from '@/db/types';

/** A registration as it is first queued: ids made, nothing sent yet. */
export function queuedEntry(e: Pick<OutboxEntry, 'id' | 'userId' | 'fields' | 'submittedAt' | 'files' | 'createdAt'>): OutboxEntry {
  return { ...e, documentCreated: false, shopifyNotified: false, status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null };
}
