// Where registrations were handed on to, kept in Appwrite (collection `integration_log`) so both ways of running
// share one record: a hand-off without Shopify configured is written here instead, once per registration and
// action (the document id is made from both, so a repeat is Appwrite's 409 and changes nothing).
import { createHash } from 'node:crypto';
import { AppwriteException, Query } from 'node-appwrite';
import { adminClient } from './appwrite';

export type LogEntry = { at: string; registrationId: string; email: string; action: string; result: string };

const COLLECTION = 'integration_log';
const idFor = (registrationId: string, action: string) =>
  createHash('sha256').update(`${registrationId}|${action}`).digest('hex').slice(0, 32);

/** The newest entries first, at most `limit`. */
export async function readIntegrationLog(limit = 100): Promise<LogEntry[]> {
  const { databases, settings } = adminClient();
  const page = await databases.listDocuments({
    databaseId: settings.databaseId,
    collectionId: COLLECTION,
    queries: [Query.orderDesc('at'), Query.limit(limit)],
  });
  return page.documents.map((d) => ({
    at: String(d.at),
    registrationId: String(d.registration_id),
    email: String(d.email ?? ''),
    action: String(d.action),
    result: String(d.result ?? ''),
  }));
}

/** Records the hand-off once per registration and action; returns false when it was already recorded. */
export async function recordOnce(entry: Omit<LogEntry, 'at'>): Promise<boolean> {
  const { databases, settings } = adminClient();
  try {
    await databases.createDocument({
      databaseId: settings.databaseId,
      collectionId: COLLECTION,
      documentId: idFor(entry.registrationId, entry.action),
      data: {
        registration_id: entry.registrationId,
        email: entry.email,
        action: entry.action,
        result: entry.result.slice(0, 1024),
        at: new Date().toISOString(),
      },
    });
    return true;
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 409) return false;
    throw err;
  }
}
