// The one browser client of the functions: the only place that makes a /.netlify/functions address or an
// Authorization header. Names and methods come from the contract (zod-free, so customer pages stay light).
import { FUNCTIONS, functionPath, type FunctionName } from '@/shared/contracts/function-names';

export type FunctionCall = {
  /** Query parameters (values are stringified; undefined ones left out). */
  query?: Record<string, string | number | undefined>;
  /** A JSON body (POST functions). */
  body?: unknown;
  /** Staff: the Supabase access token. */
  staffToken?: string;
  /** Customer: an Appwrite JWT (account.createJWT). */
  customerJwt?: string;
  /** A counter device: its counter token. */
  counterToken?: string;
  /** An origin to call other than the page's own (tests, workers). */
  base?: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  init?: Pick<RequestInit, 'cache'>;
};

/** The function's address with its query, relative to `base` (the page's origin when empty). */
export function functionUrl(name: FunctionName, query: FunctionCall['query'] = {}, base = ''): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${base}${functionPath(name)}${qs ? `?${qs}` : ''}`;
}

/** Calls a function; the Response is the caller's to read (a network failure rejects, as fetch does). */
export function callFunction(name: FunctionName, call: FunctionCall = {}): Promise<Response> {
  const { method } = FUNCTIONS[name];
  const headers: Record<string, string> = {};
  if (call.staffToken !== undefined) headers.Authorization = `Bearer ${call.staffToken}`;
  if (call.counterToken !== undefined) headers.Authorization = `Bearer ${call.counterToken}`;
  if (call.customerJwt !== undefined) headers['X-Appwrite-JWT'] = call.customerJwt;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const doFetch = call.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return doFetch(functionUrl(name, call.query, call.base), {
    method,
    headers,
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
    ...call.init,
  });
}
