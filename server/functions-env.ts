// The environment the functions run with (and the hourly mail sweep, which runs their module): this server's
// endpoint, keys, mailer and limits, as a Netlify site's variables would give them.
import { MAIL_RELAY_PATH } from '../src/shared/contracts/mail-relay';
import type { StoreIds } from './app-config';
import type { ServerConfig } from './config';

export type FunctionsEnv = () => Record<string, string | undefined>;

export function functionsEnvOf(
  config: ServerConfig,
  server: {
    apiKey: string;
    anonKey: string;
    ids: StoreIds;
    /** This server's own address, for calls that never leave the machine. */
    internalUrl: () => string;
    /** The URL this server prints. */
    ownUrl?: () => string;
  },
): FunctionsEnv {
  const { apiKey, anonKey, ids, internalUrl: internal } = server;
  return () => ({
    ...process.env,
    APPWRITE_ENDPOINT: `${internal()}/v1`,
    APPWRITE_PROJECT_ID: config.projectId,
    APPWRITE_API_KEY: apiKey,
    APPWRITE_DATABASE_ID: ids.databaseId,
    APPWRITE_COLLECTION_ID: ids.collectionId,
    APPWRITE_BUCKET_ID: ids.bucketId,
    SUPABASE_URL: internal(),
    SUPABASE_ANON_KEY: anonKey,
    // Links in e-mails point at the app: PUBLIC_URL, else the URL this server prints.
    PUBLIC_URL: config.publicUrl ?? server.ownUrl?.() ?? internal(),
    // E-mail goes through this server's one mailer (SMTP or the dev mailbox), never around it.
    SMTP_URL: '',
    MAIL_RELAY_URL: `${internal()}${MAIL_RELAY_PATH}`,
    // This server's limits, which the functions mirror: the switch, a day's photos (a counter's as a customer's)
    // and how long an upload may wait for its registration.
    RATE_LIMITS: config.rateLimits ? 'on' : 'off',
    DAILY_FILE_LIMIT: String(config.quotas.filesPerDay),
    DAILY_UPLOAD_MB: String(config.quotas.bytesPerDay / 1_000_000),
    UPLOAD_TTL_HOURS: String(config.uploadTtlMs / 3_600_000),
  });
}
