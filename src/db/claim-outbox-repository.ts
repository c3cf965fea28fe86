// Problem reports and replies kept on this device until the server confirms them (the claims' own small outbox, apart
// from the registrations'): queueing one with its photos' file ids made up front, the steps of its delivery, and
// forgetting it with its photos once sent or discarded.
import { uniqueId } from '@/shared/unique-id';
import type { AppDb } from './schema';
import type { ClaimOutboxEntry, ClaimOutboxStatus } from './types';

type Queued = ClaimOutboxEntry['kind'] extends infer K
  ? K extends ClaimOutboxEntry['kind']
    ? Omit<Extract<ClaimOutboxEntry, { kind: K }>, 'files' | 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'createdAt'>
    : never
  : never;

export const claimOutboxRepository = (db: AppDb) => ({
  /**
   * Queues a report or reply whose photos (`draftFileIds`) are already kept under its id. Each photo's file id is made
   * now, so every attempt uploads under the same id. Queueing the same id again keeps the first.
   */
  async enqueue(input: Queued, draftFileIds: readonly string[]): Promise<ClaimOutboxEntry> {
    return db.transaction('rw', db.claimOutbox, db.draftFiles, async () => {
      const held = await db.claimOutbox.get(input.id);
      if (held) return held;
      const photos = await db.draftFiles.bulkGet([...draftFileIds]);
      if (photos.some((p) => !p)) throw new Error('A photo of this report is no longer on this device.');
      const entry = {
        ...input,
        files: draftFileIds.map((draftFileId) => ({ fileId: uniqueId(), draftFileId, uploaded: false })),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: 0,
        lastError: null,
        createdAt: Date.now(),
      } as ClaimOutboxEntry;
      await db.claimOutbox.add(entry);
      return entry;
    });
  },
  /** Every kept report and reply, oldest first. */
  all: () => db.claimOutbox.orderBy('createdAt').toArray(),
  /** The ones due to send at `now`, oldest first. */
  due: (now: number) =>
    db.claimOutbox
      .orderBy('createdAt')
      .filter((e) => e.status === 'pending' && e.nextAttemptAt <= now)
      .toArray(),
  /** When the next waiting one is due (Infinity when none waits). */
  async soonestAttemptAt(): Promise<number> {
    const waiting = await db.claimOutbox.filter((e) => e.status === 'pending').toArray();
    return Math.min(Infinity, ...waiting.map((e) => e.nextAttemptAt));
  },
  /** A kept photo, or undefined when it is gone. */
  photo: (draftFileId: string) => db.draftFiles.get(draftFileId),
  notePhotosUp: (id: string, files: ClaimOutboxEntry['files']) => db.claimOutbox.update(id, { files }),
  /** Records a failed attempt: tried again at `nextAttemptAt`, held for sign-in, or set aside with the server's words. */
  noteFailure: (id: string, change: { status: ClaimOutboxStatus; lastError: string; attempts: number; nextAttemptAt: number }) =>
    db.claimOutbox.update(id, change),
  /** After the customer signed in again: what waited for it is due now. */
  async releaseSignIn(userId: string): Promise<void> {
    await db.claimOutbox.filter((e) => e.userId === userId && e.status === 'needs-sign-in').modify({ status: 'pending', nextAttemptAt: 0 });
  },
  /** Forgets one (sent, or discarded by its customer) with its photos. */
  forget: (id: string) =>
    db.transaction('rw', db.claimOutbox, db.draftFiles, async () => {
      await db.claimOutbox.delete(id);
      await db.draftFiles.where('draftId').equals(id).delete();
    }),
});

export type ClaimOutboxRepository = ReturnType<typeof claimOutboxRepository>;
