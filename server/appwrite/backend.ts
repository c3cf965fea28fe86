// What every Appwrite route needs, built once per server.
import type { Db } from '../store/sqlite';
import type { Mailer } from '../mail';

export type RateLimits = {
  /** code emails per address per hour (Appwrite: 10) */
  emailTokenPerEmail: number;
  /** code emails per client IP per hour (Appwrite: 10; a store's devices share one IP, so this is configurable) */
  emailTokenPerIp: number;
  /** code attempts per IP and user per hour, reset by a success (Appwrite: 10) */
  sessionPerIpUser: number;
  /** code attempts per user per hour from all addresses together, reset by a success */
  sessionPerUser: number;
};

/** What one customer account may create in a day; API keys are exempt. */
export type Quotas = { documentsPerDay: number; filesPerDay: number; bytesPerDay: number };

export type AppwriteBackend = {
  db: Db;
  dataDir: string;
  projectId: string;
  apiKey: string;
  jwtSecret: Uint8Array;
  otpPepper: string;
  otpTtlMs: number;
  sessionTtlMs: number;
  rateLimits: RateLimits | null;
  /** Reverse proxies trusted to append to X-Forwarded-For (0: none). */
  trustProxy: number;
  quotas: Quotas;
  uploadTtlMs: number;
  /** Cookies are Secure when the public origin is https. */
  isHttps: (c: import('hono').Context) => boolean;
  allowedOrigins: string[];
  productName: string;
  mailer: Mailer;
};
