// Settings for the functions. On Netlify they are the site's environment; the embedded
// server runs the same functions inside `withEnv`, giving each server instance its own endpoint and keys. The app's
// public address (appOrigin), which links in e-mails lead to, is one of them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpError } from './http';

type Env = Record<string, string | undefined>;
const scoped = new AsyncLocalStorage<Env>();

export const withEnv = <T>(env: Env, fn: () => T): T => scoped.run(env, fn);

/** The environment of the function running now, when one runs inside withEnv (the embedded server's). */
export const currentEnv = (): Readonly<Env> | undefined => scoped.getStore();

export function env(name: string): string | undefined {
  const v = (scoped.getStore() ?? process.env)[name];
  return v === '' ? undefined : v;
}

/** A setting the function cannot work without: its absence is the deployment's fault, said plainly. */
export function requiredEnv(name: string): string {
  const v = env(name);
  if (!v) throw new HttpError(503, 'not_configured', `This service is not configured: ${name} is not set.`);
  return v;
}

/**
 * The app's address for links: PUBLIC_URL (the embedded server sets it for its functions, to its own URL when
 * no PUBLIC_URL is configured), else Netlify's URL (the site's main address), else the site URL Netlify gives the
 * function.
 */
export function appOrigin(context?: unknown): string {
  const site = (context as { site?: { url?: unknown } } | undefined)?.site?.url;
  for (const candidate of [env('PUBLIC_URL'), env('URL'), typeof site === 'string' ? site : undefined]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password) return candidate;
    } catch {
      /* not a URL: try the next */
    }
  }
  throw new HttpError(503, 'not_configured', 'This service is not configured: PUBLIC_URL is not set.');
}
