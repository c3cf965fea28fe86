// The device's outbox, live: read again after each change made by this tab, other tabs or the worker, at most every
// REREAD_MS. While a queue drains the outbox changes four times a registration, and reading every record (and
// drawing the pill) after each change cost the browser more than the sending itself.
import { useEffect, useState } from 'react';
import { outboxRepository } from '@/db/outbox-repository';
import { appDb } from '@/db/schema';
import { onTablesChanged, pacedReads } from '@/db/table-changes';
import type { OutboxEntry } from '@/db/types';
import { summarize, type OutboxSummary } from './outbox-summary';

/** A person sees the count move four times a second; a drain of 100 registrations reads the outbox about 20 times. */
export const REREAD_MS = 250;

export type OutboxState = { entries: OutboxEntry[]; summary: OutboxSummary };

export function useOutbox(): OutboxState | undefined {
  const [state, setState] = useState<OutboxState>();
  useEffect(() => {
    const db = appDb();
    let live = true;
    const reads = pacedReads(async () => {
      const entries = await outboxRepository(db).list();
      if (live) setState({ entries, summary: summarize(entries) });
    }, REREAD_MS);
    const stopWatching = onTablesChanged(db, ['outbox'], reads.again);
    return () => {
      live = false;
      stopWatching();
      reads.stop();
    };
  }, []);
  return state;
}
