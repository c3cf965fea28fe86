// The outbox flush as the service worker runs it on a `sync` event, with what the page left for it
// (src/sync/worker-share.ts): the runtime config and the customer's session, from the device database.
import { Account, Client, Databases, Storage } from 'appwrite';
import type { AppDb } from '@/db/schema';
import { settingsRepository } from '@/db/settings-repository';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { appwriteOutboxBackend } from './appwrite-backend';
import { counterSender } from './counter-backend';
import { counterTokenOf } from './counter-sender';
import { flushOutbox, type FlushOptions, type FlushReport } from './outbox';

export { SYNC_TAG } from './worker-share';

export async function flushFromWorker(db: AppDb, options: FlushOptions = {}): Promise<FlushReport | null> {
  const settings = settingsRepository(db);
  const config = (await settings.workerConfig()) as RuntimeConfig | undefined;
  if (!config) return null;
  const session = await settings.workerSession();
  const client = new Client().setEndpoint(config.appwriteEndpoint).setProject(config.appwriteProjectId);
  if (session) client.setSession(session);
  const clients = { client, account: new Account(client), databases: new Databases(client), storage: new Storage(client), config };
  const report = await flushOutbox(
    db,
    { ...appwriteOutboxBackend(clients, undefined, '', counterTokenOf(db)), counter: counterSender(db) },
    options,
  );
  if (report.sessionEnded) await settings.forgetWorkerSession();
  return report;
}
