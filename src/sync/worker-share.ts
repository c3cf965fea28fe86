// What the page leaves in the device database for the service worker's outbox flush (src/sync/worker-flush.ts): the
// worker has no localStorage, so the runtime config and the customer's session go there.
import type { AppDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';

export const SYNC_TAG = 'warranty-outbox';
export const CONFIG_KEY = 'runtimeConfig';
export const SESSION_KEY = 'customerSession';

/** Called by the page: what the worker needs to send on its own. */
export async function shareWithWorker(db: AppDb, config: RuntimeConfig, cookieFallback: string | null) {
  let session: string | null = null;
  try {
    const parsed = cookieFallback ? (JSON.parse(cookieFallback) as Record<string, unknown>) : null;
    const value = parsed?.[`a_session_${config.appwriteProjectId}`];
    session = typeof value === 'string' ? value : null;
  } catch {
    session = null;
  }
  await db.transaction('rw', db.meta, async () => {
    await db.meta.put({ key: CONFIG_KEY, value: config });
    if (session) await db.meta.put({ key: SESSION_KEY, value: session });
    else await db.meta.delete(SESSION_KEY);
  });
}
