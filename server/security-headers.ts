// Headers every answer carries, whoever made it (the APIs, a function, a static file).
import type { Context, MiddlewareHandler } from 'hono';

export function securityHeaders(isHttps: (c: Context) => boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Set on the finished response directly: c.header() here would make Hono rebuild every response.
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (isHttps(c)) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
