// The customer's Appwrite clients (unmodified web SDK), made once from the runtime config.
import { Account, Client, Databases, Storage } from 'appwrite';
import type { RuntimeConfig } from './runtime-config';

export type AppwriteClients = { client: Client; account: Account; databases: Databases; storage: Storage; config: RuntimeConfig };

let made: AppwriteClients | null = null;

export function appwrite(config: RuntimeConfig): AppwriteClients {
  if (made && made.config === config) return made;
  const client = new Client().setEndpoint(config.appwriteEndpoint).setProject(config.appwriteProjectId);
  made = { client, account: new Account(client), databases: new Databases(client), storage: new Storage(client), config };
  return made;
}
