// The outbox flushes as the service worker runs them on a `sync` event, with what the page left for it
// (src/sync/worker-share.ts): the runtime config and the customer's session, from the device database. Registrations
// go through the registrations' outbox; problem reports and replies kept on the device through the claims' one, with
// the same exactly-once rules as on the page (device-made ids, photos first, one runner at a time by Web Lock).
import { Account, Client, Databases, Storage } from 'appwrite';
import type { AppDb } from '@/db/schema';
import { settingsRepository } from '@/db/settings-repository';
import type { AppwriteClients } from '@/lib/appwrite';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { appwriteOutboxBackend } from './appwrite-backend';
import { appwriteClaimBackend } from './claim-backend';
import { flushClaims, type ClaimFlushReport } from './claim-outbox';
import { counterSender } from './counter-backend';
import { counterTokenOf } from './counter-sender';
import { flushOutbox, type FlushOptions, type FlushReport } from './outbox';

export { SYNC_TAG } from './worker-share';

/** The Appwrite clients of the customer the page left the session of, or null before the page left a config. */
async function workerClients(db: AppDb): Promise<AppwriteClients | null> {
  const settings = settingsRepository(db);
  const config = (await settings.workerConfig()) as RuntimeConfig | undefined;
  if (!config) return null;
  const session = await settings.workerSession();
  const client = new Client().setEndpoint(config.appwriteEndpoint).setProject(config.appwriteProjectId);
  if (session) client.setSession(session);
  return { client, account: new Account(client), databases: new Databases(client), storage: new Storage(client), config };
}

export async function flushFromWorker(db: AppDb, options: FlushOptions = {}): Promise<FlushReport | null> {
  const clients = await workerClients(db);
  if (!clients) return null;
  const report = await flushOutbox(
    db,
    { ...appwriteOutboxBackend(clients, undefined, '', counterTokenOf(db)), counter: counterSender(db) },
    options,
  );
  if (report.sessionEnded) await settingsRepository(db).forgetWorkerSession();
  return report;
}

/** Sends the problem reports and replies kept on this device; null before the page left a config. */
export async function flushClaimsFromWorker(db: AppDb, options: { ignoreBackoff?: boolean } = {}): Promise<ClaimFlushReport | null> {
  const clients = await workerClients(db);
  if (!clients) return null;
  return flushClaims(db, appwriteClaimBackend(clients), options);
}
