// server/config.ts: the embedded server's settings, read once from the environment (see .env.example).
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).transform((v) => ['1', 'true', 'on', 'yes'].includes(v));
const positiveInt = z.coerce.number().int().positive();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8888),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  STATIC_DIR: z.string().default('./dist'),
  PUBLIC_URL: z.url().optional(),
  APPWRITE_PROJECT_ID: z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9._-]{0,35}$/).default('warranty'),
  APPWRITE_API_KEY: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Warranty Registration <no-reply@localhost>'),
  PRODUCT_NAME: z.string().min(1).max(80).default('Warranty Registration'),
  BRAND_ACCENT: z.string().regex(/^#[0-9a-fA-F]{6}$/).default('#9a7b4f'),
  CARE_TIPS_URL: z.url().default('https://example.com/pages/jewelry-care'),
  OTP_TTL_MINUTES: positiveInt.max(60).default(10),
  RATE_LIMITS: bool.default(true),
  OTP_EMAIL_LIMIT: positiveInt.default(10),
  OTP_IP_LIMIT: positiveInt.default(100),
  SESSION_ATTEMPT_LIMIT: positiveInt.default(10),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool.default(false),
  STAFF_EMAIL: z.string().trim().regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address').max(254).optional(),
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
  otpTtlMs: number;
  rateLimits: { emailTokenPerEmail: number; emailTokenPerIp: number; sessionPerIpUser: number } | null;
  corsOrigins: string[];
  trustProxy: boolean;
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
  if (!e.STAFF_EMAIL !== !e.STAFF_PASSWORD) throw new Error('Invalid settings in the environment:\n  Set both STAFF_EMAIL and STAFF_PASSWORD, or neither.');
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
    otpTtlMs: e.OTP_TTL_MINUTES * 60_000,
    rateLimits: e.RATE_LIMITS
      ? { emailTokenPerEmail: e.OTP_EMAIL_LIMIT, emailTokenPerIp: e.OTP_IP_LIMIT, sessionPerIpUser: e.SESSION_ATTEMPT_LIMIT }
      : null,
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    staffEmail: e.STAFF_EMAIL,
    staffPassword: e.STAFF_PASSWORD,
  };
}
