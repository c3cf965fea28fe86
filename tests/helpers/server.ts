// The real embedded server on port 0 with a fresh DATA_DIR, as every integration test uses it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppwriteException, Client, Databases, Storage } from 'node-appwrite';
import { configFromEnv, type ServerConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/app';

export type TestServer = RunningServer & { endpoint: string; dispose(): Promise<void> };

export async function startTestServer(overrides: Partial<ServerConfig> = {}, dataDir?: string): Promise<TestServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'warranty-test-'));
  const config: ServerConfig = {
    ...configFromEnv({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    staticDir: join(dir, 'no-static'),
    rateLimits: null,
    quiet: true,
    // As DEV_MAILBOX=auto decides: off once mail goes out by SMTP or the server is exposed.
    devMailbox: !overrides.smtpUrl && !overrides.publicUrl && !overrides.trustProxy,
    ...overrides,
  };
  const server = await startServer(config);
  const url = `http://127.0.0.1:${server.port}`;
  return {
    ...server,
    url,
    endpoint: `${url}/v1`,
    async dispose() {
      await server.close();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What `request` answers, or null when Appwrite says there is no such document or file (404). */
export const orMissing = <T>(request: Promise<T>): Promise<T | null> =>
  request.catch((err: unknown) => {
    if (err instanceof AppwriteException && err.code === 404) return null;
    throw err;
  });

/** node-appwrite with the server's API key, as staff tools and scripts reach it. */
export function adminClient(server: Pick<TestServer, 'endpoint' | 'secrets'>) {
  const client = new Client().setEndpoint(server.endpoint).setProject('warranty').setKey(server.secrets.apiKey);
  return { databases: new Databases(client), storage: new Storage(client) };
}

/** The newest one-time code sent to `email`, read from the dev mailbox over HTTP as a person's tool would. */
export async function latestCode(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/_dev/mail`);
  const mails = (await res.json()) as { to: string; code?: string }[];
  const mail = mails.find((m) => m.to === email.toLowerCase() && m.code);
  if (!mail?.code) throw new Error(`no code was mailed to ${email}`);
  return mail.code;
}

/** Waits for a code mailed to `email` (a newer one than `notBefore` when given), polling the dev mailbox. */
export async function codeFor(server: TestServer, email: string, notBefore?: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const code = await latestCode(server.url, email).catch(() => undefined);
    if (code && code !== notBefore) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no new code for ${email}`);
}
