// Retry now, Save as file and Discard (the sync engine loads on first use).
import { appDb } from '@/db/schema';
import type { OutboxEntry } from '@/db/types';
import { requestFlush } from '@/sync/flush-request';

/** Set-aside records go back in the queue, and everything waiting is sent now (the runner ignores the backoff). */
export async function retryNow(entries: OutboxEntry[]): Promise<void> {
  const { retryEntry } = await import('@/db/outbox-repository');
  const db = appDb();
  for (const e of entries) if (e.status === 'rejected') await retryEntry(db, e.id);
  requestFlush(true);
}

/** The record and its photos as a JSON file in the browser's downloads. */
export async function saveAsFile(entry: OutboxEntry): Promise<void> {
  const { exportEntry } = await import('@/db/outbox-repository');
  const url = URL.createObjectURL(await exportEntry(appDb(), entry.id));
  const a = document.createElement('a');
  a.href = url;
  a.download = `warranty-registration-${entry.id}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function discard(entry: OutboxEntry): Promise<void> {
  const { discardEntry } = await import('@/db/outbox-repository');
  await discardEntry(appDb(), entry.id);
}
