// The hand-offs a server recorded (the integration log, kept in Appwrite), read as staff see them on /home.
import { withEnv } from '../../netlify/lib/env';
import { readIntegrationLog, type LogEntry } from '../../netlify/lib/integration-log';
import type { TestServer } from './server';

export function handOffs(server: TestServer): Promise<LogEntry[]> {
  return withEnv(
    { APPWRITE_ENDPOINT: server.endpoint, APPWRITE_PROJECT_ID: server.config.projectId, APPWRITE_API_KEY: server.secrets.apiKey },
    () => readIntegrationLog(),
  );
}
