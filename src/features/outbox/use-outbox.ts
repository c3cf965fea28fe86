// The device's outbox, live (Dexie liveQuery: this tab, other tabs and the worker).
import { useLiveQuery } from 'dexie-react-hooks';
import { outboxRepository } from '@/db/outbox-repository';
import { appDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';
import { summarize, type OutboxSummary } from './outbox-summary';

export function useOutbox(): { entries: OutboxEntry[]; summary: OutboxSummary } | undefined {
  return useLiveQuery(async () => {
    const entries = await outboxRepository(appDb()).list();
    return { entries, summary: summarize(entries) };
  }, []);
}
