// The single-machine backend in one process: the PWA, the Appwrite protocol at /v1, Supabase Auth at /auth/v1,
// the functions, the dev mailbox and the runtime configuration the app reads at start.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { serve } from '@hono/node-server';
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
import { withEnv } from '../netlify/lib/env';
import { runMailSweep } from '../netlify/lib/mail-sweep';
import { sweepUnjoinedPhotos } from '../netlify/lib/photo-sweep';
import { join } from 'node:path';
import { openDb, type Db } from './store/sqlite';
import { clientIp, peerAddress } from './net/client-ip';
import { sweepLimits } from './net/rate-limit';
import { sweepUploads } from './appwrite/storage';
import { firstIssue } from '../src/shared/contracts/submission';
import { MAIL_RELAY_BODY_LIMIT, MAIL_RELAY_KEY_HEADER, MAIL_RELAY_PATH, relayedMailSchema } from '../src/shared/contracts/mail-relay';

const PROJECT_FILE = new URL('../appwrite.json', import.meta.url);
/** How long a stop waits for requests in flight. */
const STOP_GRACE_MS = 10_000;

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
  functionsEnv(): Record<string, string | undefined>;
  close(): Promise<void>;
};

const isLoopback = (addr: string | undefined) => !!addr && (addr === '::1' || addr.startsWith('127.') || addr === '::ffff:127.0.0.1');
const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const hostnameOf = (host: string | undefined) => {
  try {
    return new URL(`http://${host ?? ''}`).hostname;
  } catch {
    return '';
  }
};

/**
 * The origin the app is reached at. With PUBLIC_URL it is that and nothing a request says; behind trusted proxies
 * the scheme comes from X-Forwarded-Proto; otherwise from the connection and its Host header.
 */
export function originOf(c: Context, config: ServerConfig): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  const proto = config.trustProxy > 0 ? (forwarded === 'https' ? 'https' : 'http') : new URL(c.req.url).protocol.replace(':', '');
  return `${proto}://${c.req.header('host') ?? 'localhost'}`;
}

/**
 * The dev mailbox answers only a browser or tool on this very machine talking to it directly: never through a
 * proxy (any forwarding header), never under another Host name (DNS rebinding), never from another address.
 */
function isDirectLocalRequest(c: Context): boolean {
  let forwarded = false;
  c.req.raw.headers.forEach((_, name) => {
    if (name.startsWith('x-forwarded-') || name === 'forwarded' || name === 'x-real-ip') forwarded = true;
  });
  return !forwarded && LOCAL_HOSTNAMES.has(hostnameOf(c.req.header('host'))) && isLoopback(peerAddress(c));
}

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
  const submissionsCollection = project.collections.find((c) => c.$id === 'submissions')!;
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

  // Browsers on this origin and CORS_ORIGINS; any localhost origin only while no PUBLIC_URL says where the app lives.
  const isAllowedOrigin = (origin: string, c: Context) => {
    if (origin === originOf(c, config) || config.corsOrigins.includes(origin)) return true;
    if (config.publicUrl) return false;
    try {
      const host = new URL(origin).hostname;
      return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
    } catch {
      return false;
    }
  };
  const api = appwriteApi(be, isAllowedOrigin);
  seedProject(be, api.admin, api.schema, { ...project, projectId: config.projectId });
  const site = loadStaticSite(config.staticDir, config.corsOrigins, config.productName);

  const app = new Hono();
  app.onError((err, c) => toErrorResponse(c, err));

  // Requests in flight, so a stop can let them finish before the database closes; once stopping, new ones are
  // told to come back (the outbox and the SDKs retry a 503).
  const traffic = { inFlight: 0, stopping: false, idle: [] as (() => void)[] };
  app.use('*', async (c, next) => {
    if (traffic.stopping) {
      c.header('Connection', 'close');
      c.header('Retry-After', '2');
      return c.json({ message: 'The server is restarting. Please try again in a moment.', code: 503, type: 'general_server_error' }, 503);
    }
    traffic.inFlight++;
    const started = performance.now();
    try {
      await next();
    } finally {
      if (--traffic.inFlight === 0) for (const done of traffic.idle.splice(0)) done();
    }
    // Method, path (never the query or a body: no code or token reaches the log), status and time.
    if (config.logRequests) console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  });

  app.use('*', async (c, next) => {
    await next();
    // Set on the finished response directly: c.header() here would make Hono rebuild every response.
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (be.isHttps(c)) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
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
      isAllowedOrigin,
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
      collectionId: submissionsCollection.$id,
      bucketId: project.buckets[0]!.$id,
      supabaseUrl: origin,
      supabaseAnonKey: deps.secrets.anonKey,
      brand: { productName: config.productName, accent: config.brandAccent, careTipsUrl: config.careTipsUrl },
      counter: config.counter,
    });
  });

  // The dev mailbox exists only when the configuration allows it, and only for this machine: codes must not leak.
  app.get('/_dev/mail', (c) => {
    const inbox = config.devMailbox ? deps.mailer.inbox() : null;
    if (!inbox || !isDirectLocalRequest(c)) return c.json({ message: 'Not found.' }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json(
      inbox.map(({ to, subject, text, html, code, attachments, links, sentAt }) => ({
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(code ? { code } : {}),
        attachments,
        links,
        sentAt,
      })),
    );
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  // The mailer, for the functions (this server's own, or ones run by Netlify's emulator in another process): a
  // message in, sent as the codes are (SMTP, or the dev mailbox). Only with this server's API key; others hear
  // that nothing is here, before any body is read.
  const keyMatches = (given: string | undefined) => {
    if (!given) return false;
    const a = Buffer.from(given);
    const b = Buffer.from(be.apiKey);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  app.post(
    MAIL_RELAY_PATH,
    async (c, next) => (keyMatches(c.req.header(MAIL_RELAY_KEY_HEADER)) ? next() : c.json({ message: 'Not found.' }, 404)),
    bodyLimit({
      maxSize: MAIL_RELAY_BODY_LIMIT,
      onError: (c) => c.json({ message: `The message is larger than ${MAIL_RELAY_BODY_LIMIT} bytes.` }, 413),
    }),
    async (c) => {
      let raw: unknown;
      try {
        raw = JSON.parse(await c.req.text());
      } catch {
        return c.json({ message: 'The message is not valid JSON.' }, 400);
      }
      const parsed = relayedMailSchema.safeParse(raw);
      if (!parsed.success) return c.json({ message: firstIssue(parsed.error) }, 400);
      const m = parsed.data;
      try {
        await deps.mailer.send({
          to: m.to,
          subject: m.subject,
          text: m.text,
          ...(m.html ? { html: m.html } : {}),
          attachments: (m.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: new Uint8Array(Buffer.from(a.content, 'base64')),
          })),
        });
      } catch (err) {
        console.error('[mail] sending failed:', err instanceof Error ? err.message : err);
        return c.json({ message: 'The e-mail could not be sent.' }, 502);
      }
      return c.json({ status: 'sent' }, 202);
    },
  );

  // The environment the functions run with (and the hourly mail sweep, which runs their module).
  const internal = deps.internalUrl;
  const functionsEnv = internal
    ? (): Record<string, string | undefined> => ({
        ...process.env,
        APPWRITE_ENDPOINT: `${internal()}/v1`,
        APPWRITE_PROJECT_ID: config.projectId,
        APPWRITE_API_KEY: be.apiKey,
        APPWRITE_DATABASE_ID: project.databases[0]!.$id,
        APPWRITE_COLLECTION_ID: submissionsCollection.$id,
        APPWRITE_BUCKET_ID: project.buckets[0]!.$id,
        SUPABASE_URL: internal(),
        SUPABASE_ANON_KEY: deps.secrets.anonKey,
        // Links in e-mails point at the app: PUBLIC_URL, else the URL this server prints.
        PUBLIC_URL: config.publicUrl ?? deps.ownUrl?.() ?? internal(),
        // E-mail goes through this server's one mailer (SMTP or the dev mailbox), never around it.
        SMTP_URL: '',
        MAIL_RELAY_URL: `${internal()}${MAIL_RELAY_PATH}`,
        // This server's limits, which the functions mirror: the switch, a day's photos (a counter's as a customer's)
        // and how long an upload may wait for its registration.
        RATE_LIMITS: config.rateLimits ? 'on' : 'off',
        DAILY_FILE_LIMIT: String(config.quotas.filesPerDay),
        DAILY_UPLOAD_MB: String(config.quotas.bytesPerDay / 1_000_000),
        UPLOAD_TTL_HOURS: String(config.uploadTtlMs / 3_600_000),
      })
    : undefined;
  if (deps.functions && functionsEnv) mountFunctions(app, deps.functions, (c) => clientIp(c, config.trustProxy), functionsEnv);

  app.all('*', (c) => {
    const res = site.serve(c);
    if (res) return res;
    return c.json({ message: 'Not found.' }, 404);
  });

  /** Refuses new requests, then resolves once those in flight have finished (or after `maxWaitMs`). */
  const drain = (maxWaitMs: number) => {
    traffic.stopping = true;
    if (traffic.inFlight === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      traffic.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  };

  return { app, be, site, drain, functionsEnv };
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
  // Unfinished uploads, ended rate-limit windows and expired sessions go at start and every hour.
  const sweep = () => {
    sweepLimits(db);
    db.prepare('DELETE FROM sessions WHERE expire_ms <= ?').run(Date.now());
    return sweepUploads(be).catch((err: unknown) => console.error('[storage] sweeping unfinished uploads failed:', err));
  };
  await sweep();
  const sweeper = setInterval(sweep, 3_600_000);
  sweeper.unref();

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const loopback =
    config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  internalUrl = `http://${loopback}:${port}`;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  ownUrl = url;
  // The mail sweep (confirmation e-mails to retry, reminders before coverage ends) and then the sweep of counter photos
  // nobody joined, as Netlify's scheduled function sendReminders runs them: soon after the start (so a restart after a
  // long stop catches up soon), then every hour.
  const startedAt = Date.now();
  let mailSweep: Promise<unknown> = Promise.resolve();
  const sweepMail = () => {
    mailSweep = mailSweep
      // A send this server's functions claimed before it started died with the previous process: taken up at once.
      .then(() => withEnv(functionsEnv!(), () => runMailSweep(Date.now(), startedAt)))
      .catch((err: unknown) => {
        if (!config.quiet) console.error('[mail] the mail sweep failed:', err instanceof Error ? err.message : err);
      })
      .then(() => withEnv(functionsEnv!(), () => sweepUnjoinedPhotos(Date.now())))
      .catch((err: unknown) => {
        if (!config.quiet) console.error('[photos] the photo sweep failed:', err instanceof Error ? err.message : err);
      });
  };
  const firstMailSweep = setTimeout(sweepMail, 3_000);
  firstMailSweep.unref();
  const mailSweeper = setInterval(sweepMail, 3_600_000);
  mailSweeper.unref();
  return {
    url,
    port,
    db,
    mailer,
    secrets,
    config,
    createdStaff,
    /** Stops accepting, lets requests in flight finish (up to 10 s), then closes the database. */
    functionsEnv: functionsEnv!,
    async close() {
      clearInterval(sweeper);
      clearTimeout(firstMailSweep);
      clearInterval(mailSweeper);
      const http = server as unknown as { closeIdleConnections(): void; closeAllConnections(): void };
      let allClosed = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve())).then(() => void (allClosed = true));
      // Idle keep-alive connections go now and as requests end; busy ones finish their request first.
      const sweepIdle = setInterval(() => http.closeIdleConnections(), 50);
      http.closeIdleConnections();
      await drain(STOP_GRACE_MS);
      await mailSweep;
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1_000))]);
      clearInterval(sweepIdle);
      if (!allClosed) http.closeAllConnections();
      await closed;
      db.close();
    },
  };
}
