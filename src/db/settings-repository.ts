// Small settings this device keeps for itself: whether the browser was asked to keep the site's storage, and what the
// page leaves for the service worker's outbox flush (the worker has no localStorage: the runtime config and the
// customer's session go here).
import type { AppDb } from './schema';

export const PERSIST_KEY = 'storagePersist';
export const CONFIG_KEY = 'runtimeConfig';
export const SESSION_KEY = 'customerSession';

/** When persistent storage was asked for, and the browser's answer (null until it answered, or when it cannot). */
export type PersistAnswer = { askedAt: number; granted: boolean | null };

export const settingsRepository = (db: AppDb) => ({
  /**
   * Notes that persistent storage is being asked for, unless it was asked before (or another tab is asking now):
   * true when this call is the first.
   */
  firstPersistRequest: (): Promise<boolean> =>
    db.transaction('rw', db.meta, async () => {
      if (await db.meta.get(PERSIST_KEY)) return false;
      await db.meta.put({ key: PERSIST_KEY, value: { askedAt: Date.now(), granted: null } satisfies PersistAnswer });
      return true;
    }),
  /** The browser's answer to the request for persistent storage. */
  notePersistAnswer: (answer: PersistAnswer) => db.meta.update(PERSIST_KEY, { value: answer }).then(() => undefined),

  /** Leaves the runtime config and the customer's session (none: the one left before goes) for the worker. */
  shareWithWorker: (config: unknown, session: string | null): Promise<void> =>
    db.transaction('rw', db.meta, async () => {
      await db.meta.put({ key: CONFIG_KEY, value: config });
      if (session) await db.meta.put({ key: SESSION_KEY, value: session });
      else await db.meta.delete(SESSION_KEY);
    }),
  /** The runtime config the page left, as it was stored (undefined when the page never left one). */
  workerConfig: async (): Promise<unknown> => (await db.meta.get(CONFIG_KEY))?.value,
  /** The customer's session the page left, if any. */
  workerSession: async (): Promise<string | undefined> => (await db.meta.get(SESSION_KEY))?.value as string | undefined,
  /** Forgets the customer's session left for the worker (the session has ended). */
  forgetWorkerSession: (): Promise<void> => db.meta.delete(SESSION_KEY),
});
