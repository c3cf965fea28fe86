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

/** The registration's hand-offs, once its first has come (within `timeout`) and a second would have come too. */
export async function settledHandOffs(server: TestServer, registrationId: string, timeout: number): Promise<LogEntry[]> {
  const handedOn = async () => (await handOffs(server)).filter((e) => e.registrationId === registrationId);
  await expect.poll(handedOn, { timeout }).toHaveLength(1);
  await new Promise((r) => setTimeout(r, 1500));
  return handedOn();
}
