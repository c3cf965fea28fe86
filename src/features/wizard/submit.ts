// Submit queues the registration in the outbox, then asks the sync engine to send it.
import { appDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { requestFlush } from '@/sync/flush-request';
import type { ActorIO } from './wizard.types';

type Input = ActorIO['submitRegistration']['input'];
type Output = ActorIO['submitRegistration']['output'];

export function submitThroughOutbox(config: RuntimeConfig) {
  return async (input: Input): Promise<Output> => {
    const [
      { outboxRepository },
      { flushOutbox },
      { appwriteOutboxBackend },
      { askPersistentStorageOnce },
      { appwrite },
      { lazyCounterSender, counterTokenOf },
      { withOutboxLock },
    ] = await Promise.all([
      import('@/db/outbox-repository'),
      import('@/sync/outbox'),
      import('@/sync/appwrite-backend'),
      import('@/sync/persist-storage'),
      import('@/lib/appwrite'),
      import('@/sync/counter-sender'),
      import('@/sync/lock'),
    ]);
    const db = appDb();
    const outbox = outboxRepository(db);
    let entryId = input.entryId;
    if (entryId) {
      // Queued before the customer signed in again: send that record, never a second copy.
      if (!(await outbox.get(entryId))) return { outcome: 'sent', entryId };
    } else {
      const enqueue = () =>
        outbox.enqueue({
          userId: input.userId,
          fields: input.fields,
          draftFileIds: input.photoIds,
          draftId: input.draftId,
          store: input.store,
          via: input.via,
          replaces: input.replaces,
        });
      // A fix replaces its set-aside record under the lock, so no runner holds that record meanwhile.
      entryId = (input.replaces ? await withOutboxLock(enqueue) : await enqueue()).id;
      void askPersistentStorageOnce(db).catch(() => undefined);
    }
    if (input.via === 'customer') await outbox.releaseNeedsSignIn(input.userId, input.fields.email);
    const report = await flushOutbox(db, {
      ...appwriteOutboxBackend(appwrite(config), undefined, '', counterTokenOf(db)),
      counter: lazyCounterSender(db),
    });
    // The page's runner plans the next attempt (and the worker's Background Sync) for whatever is still waiting.
    requestFlush();
    if (report.sent.includes(entryId)) return { outcome: 'sent', entryId };
    const entry = await outbox.get(entryId);
    // 'sent' means the server has the registration; only the Shopify hand-off may still be waiting.
    if (!entry || entry.status === 'sent') return { outcome: 'sent', entryId };
    return { outcome: entry.status === 'needs-sign-in' ? 'needs-sign-in' : 'queued', entryId };
  };
}

/** After the customer verified their email: their registrations held for sign-in go now. */
export async function sendHeldRegistrations(userId: string, email: string): Promise<void> {
  const { outboxRepository } = await import('@/db/outbox-repository');
  if ((await outboxRepository(appDb()).releaseNeedsSignIn(userId, email)) > 0) requestFlush(true);
}
