// The hand-offs a server recorded (the integration log, kept in Appwrite), read as staff see them on /home.
import { expect } from 'vitest';
import { withEnv } from '../../netlify/lib/env';
import { readIntegrationLog, type LogEntry } from '../../netlify/lib/integration-log';
import type { TestServer } from './server';

export function handOffs(server: TestServer): Promise<LogEntry[]> {
  return withEnv(
    { APPWRITE_ENDPOINT: server.endpoint, APPWRITE_PROJECT_ID: server.config.projectId, APPWRITE_API_KEY: server.secrets.apiKey },
    () => readIntegrationLog(),
  );
}

/** The registration's hand-offs, sorted by action, once `count` have come (within `timeout`) and another would have come too. */
export async function settledHandOffs(server: TestServer, registrationId: string, count: number, timeout: number): Promise<LogEntry[]> {
  const handedOn = async () => (await handOffs(server)).filter((e) => e.registrationId === registrationId);
  await expect.poll(handedOn, { timeout }).toHaveLength(count);
  await new Promise((r) => setTimeout(r, 1500)); // one more would have come by now
  return (await handedOn()).sort((a, b) => a.action.localeCompare(b.action));
}
