// Node-appwrite clients with the server's API key, from the environment.
import { Client, Databases, Storage, Account, Users, Query, type Models } from 'node-appwrite';
import { env, requiredEnv } from './env';

export function appwriteSettings() {
  return {
    endpoint: requiredEnv('APPWRITE_ENDPOINT'),
    projectId: requiredEnv('APPWRITE_PROJECT_ID'),
    apiKey: requiredEnv('APPWRITE_API_KEY'),
    databaseId: env('APPWRITE_DATABASE_ID') ?? 'warranty',
    collectionId: env('APPWRITE_COLLECTION_ID') ?? 'submissions',
    bucketId: env('APPWRITE_BUCKET_ID') ?? 'images',
  };
}

export function adminClient() {
  const s = appwriteSettings();
  const client = new Client().setEndpoint(s.endpoint).setProject(s.projectId).setKey(s.apiKey);
  return { settings: s, databases: new Databases(client), storage: new Storage(client), users: new Users(client) };
}

/** The customer behind an Appwrite JWT (made in the browser by account.createJWT). */
export function customerAccount(jwt: string) {
  const s = appwriteSettings();
  return new Account(new Client().setEndpoint(s.endpoint).setProject(s.projectId).setJWT(jwt));
}

/** The database as the customer behind an Appwrite JWT reads it: only the documents their permissions give them. */
export function customerDatabases(jwt: string) {
  const s = appwriteSettings();
  return new Databases(new Client().setEndpoint(s.endpoint).setProject(s.projectId).setJWT(jwt));
}

type Where = { databaseId: string; collectionId: string };

/** The documents `list` answers for `queries`, one page at a time (each after the last id of the one before). */
export async function* pagesOf(
  list: (queries: string[]) => Promise<Models.Document[]>,
  queries: string[],
  pageSize = 100,
): AsyncGenerator<Models.Document[]> {
  for (let cursor: string | undefined; ;) {
    const documents = await list([...queries, Query.limit(pageSize), ...(cursor ? [Query.cursorAfter(cursor)] : [])]);
    yield documents;
    if (documents.length < pageSize) return;
    cursor = documents.at(-1)!.$id;
  }
}

/** The documents a list matches, one page at a time (each after the last id of the one before). */
export function listPages(databases: Databases, where: Where, queries: string[], pageSize = 100): AsyncGenerator<Models.Document[]> {
  const list = async (page: string[]) => (await databases.listDocuments({ ...where, queries: page, total: false })).documents;
  return pagesOf(list, queries, pageSize);
}

/** Every document a list matches, page after page. */
export async function listEvery(databases: Databases, where: Where, queries: string[], pageSize = 100): Promise<Models.Document[]> {
  const out: Models.Document[] = [];
  for await (const documents of listPages(databases, where, queries, pageSize)) out.push(...documents);
  return out;
}
