// server/app.ts: the single-machine backend in one process: the PWA, the Appwrite protocol at /v1,
// the dev mailbox and the runtime configuration the app reads at start.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Hono, type Context } from 'hono';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { parseProjectFile } from '../src/shared/project-file';
import { appwriteApi, toErrorResponse } from './appwrite';
import { routeNotFound } from './appwrite/errors';
import { authApi, ensureStaffAccount } from './auth';
import { seedProject } from './appwrite/seed';
import type { AppwriteBackend } from './appwrite/backend';
import type { ServerConfig } from './config';
import { createMailer, type Mailer } from './mail';
import { loadSecrets, type Secrets } from './secrets';
import { loadStaticSite } from './static';
import { loadFunctions, mountFunctions } from './functions-host';
import { join } from 'node:path';
import { openDb, type Db } from './store/sqlite';

const PROJECT_FILE = new URL('../appwrite.json', import.meta.url);

export type RunningServer = {
  url: string;
  port: number;
  db: Db;
  mailer: Mailer;
  secrets: Secrets;
  config: ServerConfig;
  /** The staff account this start generated (no STAFF_EMAIL/STAFF_PASSWORD and no staff yet), to show once. */
  createdStaff?: { email: string; password: string };
  close(): Promise<void>;
};

const isLoopback = (addr: string | undefined) => !!addr && (addr === '::1' || addr.startsWith('127.') || addr === '::ffff:127.0.0.1');

export function originOf(c: Context, config: ServerConfig): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  const proto = config.trustProxy ? (c.req.header('x-forwarded-proto') ?? 'http') : new URL(c.req.url).protocol.replace(':', '');
  return `${proto}://${c.req.header('host') ?? 'localhost'}`;
}

export function buildApp(
  config: ServerConfig,
  deps: { db: Db; mailer: Mailer; secrets: Secrets; functions?: Awaited<ReturnType<typeof loadFunctions>>; internalUrl?: () => string },
) {
  const project = parseProjectFile(JSON.parse(readFileSync(PROJECT_FILE, 'utf8')));
  const be: AppwriteBackend = {
    db: deps.db,
    dataDir: config.dataDir,
    projectId: config.projectId,
    apiKey: config.apiKey ?? deps.secrets.apiKey,
    jwtSecret: new TextEncoder().encode(deps.secrets.jwtSecret),
    otpPepper: deps.secrets.otpPepper,
    otpTtlMs: config.otpTtlMs,
    sessionTtlMs: 365 * 24 * 3_600_000,
    rateLimits: config.rateLimits,
    trustProxy: config.trustProxy,
    allowedOrigins: config.corsOrigins,
    productName: config.productName,
    mailer: deps.mailer,
  };

  const isAllowedOrigin = (origin: string, c: Context) => {
    if (origin === originOf(c, config) || config.corsOrigins.includes(origin)) return true;
    try {
      const host = new URL(origin).hostname;
      return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
    } catch {
      return false;
    }
  };
  const api = appwriteApi(be, isAllowedOrigin);
  seedProject(be, api.admin, api.schema, { ...project, projectId: config.projectId });
  const site = loadStaticSite(config.staticDir, config.corsOrigins);

  const app = new Hono();
  app.onError((err, c) => toErrorResponse(c, err));
  app.use('*', async (c, next) => {
    await next();
    // Set on the finished response directly: c.header() here would make Hono rebuild every response.
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  });

  app.route('/v1', api.app);
  app.all('/v1/*', (c) => toErrorResponse(c, routeNotFound()));

  app.route(
    '/auth/v1',
    authApi({
      db: deps.db,
      signingKey: deps.secrets.authSigningKey,
      anonKey: deps.secrets.anonKey,
      rateLimits: config.rateLimits !== null,
      trustProxy: config.trustProxy,
      issuer: (c) => `${originOf(c, config)}/auth/v1`,
      totpIssuer: config.productName,
    }),
  );

  app.get('/app-config.json', (c) => {
    const origin = originOf(c, config);
    c.header('Cache-Control', 'no-cache');
    return c.json({
      appwriteEndpoint: `${origin}/v1`,
      appwriteProjectId: config.projectId,
      databaseId: project.databases[0]!.$id,
      collectionId: project.collections[0]!.$id,
      bucketId: project.buckets[0]!.$id,
      supabaseUrl: origin,
      supabaseAnonKey: deps.secrets.anonKey,
      brand: { productName: config.productName, accent: config.brandAccent, careTipsUrl: config.careTipsUrl },
    });
  });

  // The dev mailbox exists only without SMTP, and only for this machine: codes must not leak to the network.
  app.get('/_dev/mail', (c) => {
    const inbox = deps.mailer.inbox();
    let remote: string | undefined;
    try {
      remote = getConnInfo(c).remote.address;
    } catch {
      remote = undefined;
    }
    if (!inbox || !isLoopback(remote)) return c.json({ message: 'Not found.' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json(inbox.map(({ to, subject, text, code, sentAt }) => ({ to, subject, text, ...(code ? { code } : {}), sentAt })));
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  if (deps.functions && deps.internalUrl) {
    const internal = deps.internalUrl;
    mountFunctions(app, deps.functions, () => ({
      ...process.env,
      APPWRITE_ENDPOINT: `${internal()}/v1`,
      APPWRITE_PROJECT_ID: config.projectId,
      APPWRITE_API_KEY: be.apiKey,
      APPWRITE_DATABASE_ID: project.databases[0]!.$id,
      APPWRITE_COLLECTION_ID: project.collections[0]!.$id,
      APPWRITE_BUCKET_ID: project.buckets[0]!.$id,
      SUPABASE_URL: internal(),
      SUPABASE_ANON_KEY: deps.secrets.anonKey,
      INTEGRATION_LOG_FILE: join(config.dataDir, 'integration-log.jsonl'),
    }));
  }

  app.all('*', (c) => {
    const res = site.serve(c);
    if (res) return res;
    return c.json({ message: 'Not found.' }, 404);
  });

  return { app, be, site };
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = openDb(config.dataDir);
  const secrets = loadSecrets(config.dataDir);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: config.quiet ? () => {} : undefined });
  const createdStaff = (await ensureStaffAccount(db, { email: config.staffEmail, password: config.staffPassword })) ?? undefined;
  let internalUrl = '';
  const functions = await loadFunctions();
  const { app } = buildApp(config, { db, mailer, secrets, functions, internalUrl: () => internalUrl });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const loopback = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  internalUrl = `http://${loopback}:${port}`;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  return {
    url,
    port,
    db,
    mailer,
    secrets,
    config,
    createdStaff,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      db.close();
    },
  };
}
