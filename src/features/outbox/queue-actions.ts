// Retry now, Save as file and Discard (the sync engine loads on first use).
import { appDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';
import { requestFlush } from '@/sync/flush-request';

/** Set-aside records go back in the queue, and everything waiting is sent now (the runner ignores the backoff). */
export async function retryNow(entries: OutboxEntry[]): Promise<void> {
  const { outboxRepository } = await import('@/db/outbox-repository');
  const outbox = outboxRepository(appDb());
  for (const e of entries) if (e.status === 'rejected') await outbox.retry(e.id);
  requestFlush(true);
}

/** The record and its photos as a JSON file in the browser's downloads. */
export async function saveAsFile(entry: OutboxEntry): Promise<void> {
  const { outboxRepository } = await import('@/db/outbox-repository');
  const url = URL.createObjectURL(await outboxRepository(appDb()).exportFile(entry.id));
  const a = document.createElement('a');
  a.href = url;
  a.download = `warranty-registration-${entry.id}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function discard(entry: OutboxEntry): Promise<void> {
  const { outboxRepository } = await import('@/db/outbox-repository');
  await outboxRepository(appDb()).discard(entry.id);
}
