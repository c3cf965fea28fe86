// The single-machine backend in one process: the PWA, the Appwrite protocol at /v1, Supabase Auth at /auth/v1,
// the functions, the dev mailbox and the runtime configuration the app reads at start.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Hono } from 'hono';
import { appwriteApi, toErrorResponse } from './appwrite';
import type { AppwriteBackend } from './appwrite/backend';
import { routeNotFound } from './appwrite/errors';
import { parseProjectFile } from './appwrite/project-file';
import { seedProject } from './appwrite/seed';
import { appConfigRoutes, type StoreIds } from './app-config';
import { authApi, ensureStaffAccount } from './auth';
import type { ServerConfig } from './config';
import { devMailboxRoutes } from './dev-mailbox';
import { loadFunctions, mountFunctions } from './functions-host';
import { functionsEnvOf, type FunctionsEnv } from './functions-env';
import { createMailer, type Mailer } from './mail';
import { mailRelayRoutes } from './mail-relay';
import { clientIp } from './net/client-ip';
import { answerInProcess } from './net/in-process';
import { httpServer } from './net/request-target';
import { allowedOrigins, originOf } from './origins';
import { loadSecrets, type Secrets } from './secrets';
import { securityHeaders } from './security-headers';
import { closeGracefully, requestsInFlight } from './shutdown';
import { loadStaticSite } from './static';
import { openDb, type Db } from './store/sqlite';
import { startMailSweeps, startStoreSweeps } from './sweeps';

const PROJECT_FILE = new URL('../appwrite.json', import.meta.url);

export type RunningServer = {
  url: string;
  port: number;
  db: Db;
  mailer: Mailer;
  secrets: Secrets;
  config: ServerConfig;
  /**
   * The staff account this start generated (no STAFF_EMAIL/STAFF_PASSWORD and no staff yet). Its password is
   * written to `file` (mode 0600 in DATA_DIR), never to the log.
   */
  createdStaff?: { email: string; password: string; file: string };
  /** The environment this server's functions run with (its endpoint, keys and mail relay). */
  functionsEnv: FunctionsEnv;
  /** Stops accepting, lets requests in flight finish (up to 10 s), then closes the database. */
  close(): Promise<void>;
};

export function buildApp(
  config: ServerConfig,
  deps: {
    db: Db;
    mailer: Mailer;
    secrets: Secrets;
    functions?: Awaited<ReturnType<typeof loadFunctions>>;
    internalUrl?: () => string;
    /** The URL this server prints (used for links in e-mails when PUBLIC_URL is unset). */
    ownUrl?: () => string;
  },
) {
  const project = parseProjectFile(JSON.parse(readFileSync(PROJECT_FILE, 'utf8')));
  const ids: StoreIds = {
    databaseId: project.databases[0]!.$id,
    collectionId: project.collections.find((c) => c.$id === 'submissions')!.$id,
    bucketId: project.buckets[0]!.$id,
  };
  const be: AppwriteBackend = {
    db: deps.db,
    dataDir: config.dataDir,
    projectId: config.projectId,
    apiKey: config.apiKey ?? deps.secrets.apiKey,
    jwtSecret: new TextEncoder().encode(deps.secrets.jwtSecret),
    otpPepper: deps.secrets.otpPepper,
    otpTtlMs: config.otpTtlMs,
    sessionTtlMs: config.sessionTtlMs,
    rateLimits: config.rateLimits,
    trustProxy: config.trustProxy,
    quotas: config.quotas,
    uploadTtlMs: config.uploadTtlMs,
    isHttps: (c) => originOf(c, config).startsWith('https:'),
    allowedOrigins: config.corsOrigins,
    productName: config.productName,
    mailer: deps.mailer,
  };

  const isAllowedOrigin = allowedOrigins(config);
  const api = appwriteApi(be, isAllowedOrigin);
  seedProject(be, api.admin, api.schema, { ...project, projectId: config.projectId });
  const site = loadStaticSite(config.staticDir, config.corsOrigins, config.productName);

  const app = new Hono();
  app.onError((err, c) => toErrorResponse(c, err));

  const traffic = requestsInFlight(config.logRequests);
  app.use('*', traffic.middleware);
  app.use('*', securityHeaders(be.isHttps));

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
      isAllowedOrigin,
      issuer: (c) => `${originOf(c, config)}/auth/v1`,
      totpIssuer: config.productName,
    }),
  );

  app.route('/', appConfigRoutes(config, ids, deps.secrets.anonKey));
  app.route('/', devMailboxRoutes(config, deps.mailer));
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.route('/', mailRelayRoutes(be.apiKey, deps.mailer));

  const functionsEnv = deps.internalUrl
    ? functionsEnvOf(config, { apiKey: be.apiKey, anonKey: deps.secrets.anonKey, ids, internalUrl: deps.internalUrl, ownUrl: deps.ownUrl })
    : undefined;
  if (deps.functions && functionsEnv) mountFunctions(app, deps.functions, (c) => clientIp(c, config.trustProxy), functionsEnv);

  app.all('*', (c) => {
    const res = site.serve(c);
    if (res) return res;
    return c.json({ message: 'Not found.' }, 404);
  });

  return { app, be, site, drain: traffic.drain, functionsEnv };
}

function writeStaffCredentials(dataDir: string, staff: { email: string; password: string }): string {
  const file = join(dataDir, 'staff-credentials.txt');
  writeFileSync(file, `Staff sign-in at /login/staff\nEmail: ${staff.email}\nPassword: ${staff.password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // an older file keeps its mode through writeFileSync
  return file;
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const db = openDb(config.dataDir);
  const secrets = loadSecrets(config.dataDir);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    devMailbox: config.devMailbox,
    log: config.quiet ? () => {} : undefined,
  });
  const generated = await ensureStaffAccount(db, { email: config.staffEmail, password: config.staffPassword });
  const createdStaff = generated ? { ...generated, file: writeStaffCredentials(config.dataDir, generated) } : undefined;
  let internalUrl = '';
  let ownUrl = '';
  const functions = await loadFunctions();
  const { app, be, drain, functionsEnv } = buildApp(config, {
    db,
    mailer,
    secrets,
    functions,
    internalUrl: () => internalUrl,
    ownUrl: () => ownUrl,
  });
  const storeSweeps = await startStoreSweeps(be);

  const server = httpServer(app.fetch, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(config.port, config.host);
  });
  const port = (server.address() as AddressInfo).port;
  const loopback =
    config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  internalUrl = `http://${loopback}:${port}`;
  // The functions' calls to this server skip the loopback socket (./net/in-process.ts).
  const stopAnswering = answerInProcess(internalUrl, (req, bindings) => app.fetch(req, bindings));
  const url = config.publicUrl ?? `http://localhost:${port}`;
  ownUrl = url;
  const mailSweeps = startMailSweeps(config, functionsEnv!);
  return {
    url,
    port,
    db,
    mailer,
    secrets,
    config,
    createdStaff,
    functionsEnv: functionsEnv!,
    async close() {
      stopAnswering();
      storeSweeps.stop();
      mailSweeps.stop();
      await closeGracefully(server, drain, mailSweeps.settled);
      db.close();
    },
  };
}
