// Where the app is reached, and which browsers may call its APIs (the origins /v1 and /auth/v1 answer with CORS).
import type { Context } from 'hono';
import type { ServerConfig } from './config';

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

/** Browsers on this origin and CORS_ORIGINS; any localhost origin only while no PUBLIC_URL says where the app lives. */
export function allowedOrigins(config: ServerConfig) {
  return (origin: string, c: Context) => {
    if (origin === originOf(c, config) || config.corsOrigins.includes(origin)) return true;
    if (config.publicUrl) return false;
    try {
      const host = new URL(origin).hostname;
      return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
    } catch {
      return false;
    }
  };
}
