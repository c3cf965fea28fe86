// The embedded server's settings, read once from the environment (see .env.example), with the combinations that
// would be unsafe refused at start.
import { resolve } from 'node:path';
import { z } from 'zod';
import { counterTimingsFromEnv, type CounterTimings } from '../src/shared/counter-timings';
import type { RateLimits } from './appwrite/backend';

const bool = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((v) => ['1', 'true', 'on', 'yes'].includes(v));
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8888),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  STATIC_DIR: z.string().default('./dist'),
  PUBLIC_URL: z.url().optional(),
  APPWRITE_PROJECT_ID: z
    .string()
    .regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/)
    .default('warranty'),
  APPWRITE_API_KEY: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Warranty Registration <no-reply@localhost>'),
  PRODUCT_NAME: z.string().min(1).max(80).default('Warranty Registration'),
  BRAND_ACCENT: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#9a7b4f'),
  CARE_TIPS_URL: z.url().default('https://example.com/pages/jewelry-care'),
  OTP_TTL_MINUTES: positiveInt.max(60).default(10),
  RATE_LIMITS: bool.default(true),
  OTP_EMAIL_LIMIT: positiveInt.default(10),
  OTP_IP_LIMIT: positiveInt.default(100),
  SESSION_ATTEMPT_LIMIT: positiveInt.default(10),
  USER_ATTEMPT_LIMIT: positiveInt.default(20),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z
    .string()
    .regex(/^(?:[0-9]|true|false|on|off|yes|no)$/, 'must be false, true (one proxy) or the number of trusted proxies (0-9)')
    .default('0')
    .transform((v) => (/^\d$/.test(v) ? Number(v) : ['true', 'on', 'yes'].includes(v) ? 1 : 0)),
  DEV_MAILBOX: z.enum(['on', 'off', 'auto']).default('auto'),
  LOG_REQUESTS: bool.default(false),
  SESSION_TTL_HOURS: positiveInt.max(24 * 365).default(24),
  UPLOAD_TTL_HOURS: positiveInt.max(24 * 30).default(24),
  DAILY_DOCUMENT_LIMIT: positiveInt.default(20),
  DAILY_FILE_LIMIT: positiveInt.default(100),
  DAILY_UPLOAD_MB: positiveInt.default(1000),
  STAFF_EMAIL: z
    .string()
    .trim()
    .regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')
    .max(254)
    .optional(),
  STAFF_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(1024).optional(),
});

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  staticDir: string;
  publicUrl?: string;
  projectId: string;
  apiKey?: string;
  smtpUrl?: string;
  mailFrom: string;
  productName: string;
  brandAccent: string;
  careTipsUrl: string;
  counter: CounterTimings;
  otpTtlMs: number;
  rateLimits: RateLimits | null;
  corsOrigins: string[];
  /** How many reverse proxies in front of this server append to X-Forwarded-For (0: none, trust no header). */
  trustProxy: number;
  /** Codes readable at GET /_dev/mail (and printed): only on a machine that no proxy or public URL exposes. */
  devMailbox: boolean;
  sessionTtlMs: number;
  /** One line per request: method, path, status, milliseconds. */
  logRequests: boolean;
  /** An unfinished chunked upload is swept after this long. */
  uploadTtlMs: number;
  /** What one customer account may create in a day (API keys are exempt). */
  quotas: { documentsPerDay: number; filesPerDay: number; bytesPerDay: number };
  /** With staffPassword: the staff account ensured at start (created, or given this password). */
  staffEmail?: string;
  staffPassword?: string;
  quiet?: boolean;
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings in the environment:\n${lines}`);
  }
  const e = parsed.data;
  const invalid = (line: string) => new Error(`Invalid settings in the environment:\n  ${line}`);
  if (!e.STAFF_EMAIL !== !e.STAFF_PASSWORD) throw invalid('Set both STAFF_EMAIL and STAFF_PASSWORD, or neither.');
  const exposed = e.PUBLIC_URL !== undefined || e.TRUST_PROXY > 0;
  if (exposed && !e.SMTP_URL)
    throw invalid(
      `${e.PUBLIC_URL ? 'PUBLIC_URL' : 'TRUST_PROXY'} is set, so this server is reachable from other machines: set SMTP_URL so one-time codes go out by email (the dev mailbox is for a single machine only).`,
    );
  if (exposed && e.DEV_MAILBOX === 'on')
    throw invalid("DEV_MAILBOX=on is refused while PUBLIC_URL or TRUST_PROXY is set: it would let anyone read every customer's code.");
  const devMailbox = e.DEV_MAILBOX === 'on' || (e.DEV_MAILBOX === 'auto' && !e.SMTP_URL && !exposed);
  if (!devMailbox && !e.SMTP_URL) throw invalid('DEV_MAILBOX=off leaves one-time codes nowhere to go: set SMTP_URL.');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    staticDir: resolve(e.STATIC_DIR),
    publicUrl: e.PUBLIC_URL,
    projectId: e.APPWRITE_PROJECT_ID,
    apiKey: e.APPWRITE_API_KEY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    productName: e.PRODUCT_NAME,
    brandAccent: e.BRAND_ACCENT,
    careTipsUrl: e.CARE_TIPS_URL,
    counter: counterTimings(env, invalid),
    otpTtlMs: e.OTP_TTL_MINUTES * 60_000,
    rateLimits: e.RATE_LIMITS
      ? {
          emailTokenPerEmail: e.OTP_EMAIL_LIMIT,
          emailTokenPerIp: e.OTP_IP_LIMIT,
          sessionPerIpUser: e.SESSION_ATTEMPT_LIMIT,
          sessionPerUser: e.USER_ATTEMPT_LIMIT,
        }
      : null,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    devMailbox,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    logRequests: e.LOG_REQUESTS,
    uploadTtlMs: e.UPLOAD_TTL_HOURS * 3_600_000,
    quotas: { documentsPerDay: e.DAILY_DOCUMENT_LIMIT, filesPerDay: e.DAILY_FILE_LIMIT, bytesPerDay: e.DAILY_UPLOAD_MB * 1_000_000 },
    staffEmail: e.STAFF_EMAIL,
    staffPassword: e.STAFF_PASSWORD,
  };
}

function counterTimings(env: NodeJS.ProcessEnv, invalid: (line: string) => Error): CounterTimings {
  try {
    return counterTimingsFromEnv(env);
  } catch (err) {
    throw invalid((err as Error).message);
  }
}
