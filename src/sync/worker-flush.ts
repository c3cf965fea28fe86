// The outbox flush as the service worker runs it on a `sync` event. The worker has
// no localStorage, so the page leaves the runtime config and the customer's session in the device database.
import { Account, Client, Databases, Storage } from 'appwrite';
import type { AppDb } from '@/db/schema';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { appwriteOutboxBackend } from './appwrite-backend';
import { counterSender } from './counter-backend';
import { flushOutbox, type FlushOptions, type FlushReport } from './outbox';

export const SYNC_TAG = 'warranty-outbox';
const CONFIG_KEY = 'runtimeConfig';
const SESSION_KEY = 'customerSession';

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

export async function flushFromWorker(db: AppDb, options: FlushOptions = {}): Promise<FlushReport | null> {
  const config = (await db.meta.get(CONFIG_KEY))?.value as RuntimeConfig | undefined;
  if (!config) return null;
  const session = (await db.meta.get(SESSION_KEY))?.value as string | undefined;
  const client = new Client().setEndpoint(config.appwriteEndpoint).setProject(config.appwriteProjectId);
  if (session) client.setSession(session);
  const clients = { client, account: new Account(client), databases: new Databases(client), storage: new Storage(client), config };
  const report = await flushOutbox(db, { ...appwriteOutboxBackend(clients), counter: counterSender(db) }, options);
  if (report.sessionEnded) await db.meta.delete(SESSION_KEY);
  return report;
}
