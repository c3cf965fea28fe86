// Settings for the functions. On Netlify they are the site's environment; the embedded
// server runs the same functions inside `withEnv`, giving each server instance its own endpoint and keys.
import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpError } from './http';

type Env = Record<string, string | undefined>;
const scoped = new AsyncLocalStorage<Env>();

export const withEnv = <T>(env: Env, fn: () => T): T => scoped.run(env, fn);

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
