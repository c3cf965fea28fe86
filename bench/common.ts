// The row every benchmark returns, percentiles, the customer sign-in by emailed code and the staff sign-in by password.
import type { BenchServer } from './server-process';
/** `before`: the figure this measure had before the change it tracks (same machine), printed beside the result. */
export type Row = { name: string; value: number | string; unit: string; target?: string; pass?: boolean; before?: string };

export const PROJECT = 'warranty';
export const DOCUMENTS_PATH = '/v1/databases/warranty/collections/submissions/documents';

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const keyHeaders = (apiKey: string) => ({
  'Content-Type': 'application/json',
  'X-Appwrite-Project': PROJECT,
  'X-Appwrite-Key': apiKey,
});

async function call(base: string, path: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(base + path, { ...init, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Signs a customer in through tokens/email and sessions/token; returns the headers a signed-in client sends. */
export async function signInCustomer(base: string, email: string): Promise<Record<string, string>> {
  const json = { 'Content-Type': 'application/json', 'X-Appwrite-Project': PROJECT };
  const token = (await (
    await call(base, '/v1/account/tokens/email', { method: 'POST', headers: json, body: JSON.stringify({ userId: 'unique()', email }) })
  ).json()) as {
    userId: string;
  };
  const mails = (await (await call(base, '/_dev/mail')).json()) as { to: string; code?: string }[];
  const code = mails.find((m) => m.to === email && m.code)?.code;
  if (!code) throw new Error(`no code was mailed to ${email}`);
  const session = await call(base, '/v1/account/sessions/token', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ userId: token.userId, secret: code }),
  });
  const fallback = session.headers.get('x-fallback-cookies');
  if (!fallback) throw new Error('sessions/token sent no X-Fallback-Cookies');
  return { 'X-Appwrite-Project': PROJECT, 'X-Fallback-Cookies': fallback };
}

export async function post(base: string, path: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  return (await call(base, path, { method: 'POST', headers, body: JSON.stringify(body) })).json();
}

/** A staff account's access token, signed in with its password as the staff screens do (Supabase Auth's token grant). */
export async function staffToken(
  server: Pick<BenchServer, 'base' | 'anonKey'>,
  staff: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${server.base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: server.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(staff),
  });
  if (!res.ok) throw new Error(`staff sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
