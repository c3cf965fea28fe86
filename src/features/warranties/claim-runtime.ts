// The device side of claims on /warranties, loaded once the list is up: the reports and replies kept on this device
// for the signed-in customer, and the runner that sends them (at start, back online, on a timer).
import { claimOutboxRepository } from '@/db/claim-outbox-repository';
import { appDb } from '@/db/schema';
import type { ClaimOutboxEntry } from '@/db/types';
import { appwrite } from '@/lib/appwrite';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { appwriteClaimBackend } from '@/sync/claim-backend';
import { startClaimTriggers } from '@/sync/claim-triggers';

export type ClaimRuntime = Awaited<ReturnType<typeof startClaimRuntime>>;

/**
 * Starts sending `userId`'s kept reports and replies. `onKept` hears what is still kept after every change, and
 * whether something reached the server (the list is then read again: the server's number and status show).
 */
export async function startClaimRuntime(config: RuntimeConfig, userId: string, onKept: (kept: ClaimOutboxEntry[], sent: boolean) => void) {
  const db = appDb();
  const repo = claimOutboxRepository(db);
  // Signed in again: what waited for this customer's sign-in goes now.
  await repo.releaseSignIn(userId);
  let before = new Set<string>();
  const tell = async (sent: boolean) => {
    const kept = (await repo.all()).filter((e) => e.userId === userId);
    // One gone since the last look was sent by another runner (the app's, another tab's): the list is read again too.
    const gone = [...before].some((id) => !kept.some((e) => e.id === id));
    before = new Set(kept.map((e) => e.id));
    onKept(kept, sent || gone);
  };
  const stop = startClaimTriggers(db, appwriteClaimBackend(appwrite(config)), (report) => void tell(report.sent.length > 0));
  return {
    db,
    stop,
    /** Read the kept ones again (at first, and after one was queued). */
    refresh: () => tell(false),
    /** Forgets a report or reply the server refused, with its photos. */
    discard: async (id: string) => {
      await repo.forget(id);
      await tell(false);
    },
  };
}
