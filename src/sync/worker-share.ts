// What the page leaves in the device database for the service worker's outbox flush (src/sync/worker-flush.ts): the
// worker has no localStorage, so the runtime config and the customer's session go there.
import type { AppDb } from '@/db/schema';
import { settingsRepository } from '@/db/settings-repository';
import type { RuntimeConfig } from '@/lib/runtime-config';

export const SYNC_TAG = 'warranty-outbox';

/** The customer's session from the Appwrite SDK's cookie fallback, or null when there is none (or it is unreadable). */
function sessionOf(config: RuntimeConfig, cookieFallback: string | null): string | null {
  try {
    const parsed = cookieFallback ? (JSON.parse(cookieFallback) as Record<string, unknown>) : null;
    const value = parsed?.[`a_session_${config.appwriteProjectId}`];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Called by the page: what the worker needs to send on its own. */
export async function shareWithWorker(db: AppDb, config: RuntimeConfig, cookieFallback: string | null) {
  await settingsRepository(db).shareWithWorker(config, sessionOf(config, cookieFallback));
}
