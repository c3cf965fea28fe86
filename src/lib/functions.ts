// The one browser client of the functions: the only place that makes a /.netlify/functions address or an
// Authorization header. Names and methods come from the contract (function-names.ts); the types of bodies, queries
// and answers come from its schemas (functions.ts) as types only, so customer pages stay light (no zod). Answers are
// not checked here: staff code checks them with the schemas (./staff-functions.ts).
//
// A new function, end to end:
//   function-names.ts  lookUpSerial: { method: 'GET', caller: 'staff' },
//   functions.ts       lookUpSerial: { query: query({ serial: z.string() }), response: z.object({ sku: z.string() }) },
//   netlify/functions/lookUpSerial.ts
//                      export default defineFunction('lookUpSerial', async ({ query }) => ({ sku: await skuOf(query.serial) }));
//   a screen           const r = await callStaffFunction('lookUpSerial', { staffToken, query: { serial } });
//                      if (r.ok) show(r.data.sku); else say(r.error);
import { FUNCTIONS, functionPath, type FileFunctionName, type FunctionName } from '@/shared/contracts/function-names';
import type { FunctionAnswer, FunctionBody, FunctionErrorDetails, FunctionQuery } from '@/shared/contracts/functions';

export type FunctionCall<N extends FunctionName = FunctionName> = {
  /** Query parameters (values are stringified; undefined ones left out). */
  query?: FunctionQuery<N>;
  /** The JSON body (POST functions). */
  body?: FunctionBody<N>;
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

/** What a function's success brings: its contract's answer, or the file's bytes. */
export type FunctionData<N extends FunctionName> = N extends FileFunctionName ? Blob : FunctionAnswer<N>;

/**
 * A function that did not do what was asked. `error` is a sentence for a person: the server's own, or a plain one
 * ("The server answered 502.") when its answer gave none. `code` is the server's snake_case reason, 'http_error'
 * when it gave a text without one, NO_REASON when it gave neither, or UNEXPECTED_ANSWER (./staff-functions.ts) when
 * a success did not match the contract. `details` is what the refusal carries (a conflict's current copy).
 */
export type FunctionFailure<N extends FunctionName = FunctionName> = {
  ok: false;
  status: number;
  code: string;
  error: string;
  details?: FunctionErrorDetails<N>;
};

export type FunctionResult<N extends FunctionName, D = FunctionData<N>> = { ok: true; data: D } | FunctionFailure<N>;

export const NO_REASON = 'no_reason';

/** The function's address with its query, relative to `base` (the page's origin when empty). */
export function functionUrl(name: FunctionName, query: Record<string, string | number | undefined> = {}, base = ''): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${base}${functionPath(name)}${qs ? `?${qs}` : ''}`;
}

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * Calls a function and reads its answer. It rejects only where fetch does (the network is down, the host
 * unreachable, the call aborted); every answer resolves, a refusal as `{ ok: false, ... }`. A JSON answer that
 * carries an `error` text is a refusal whatever its status, and one that cannot be read is one too (NO_REASON).
 * @example const r = await callFunction('confirmRegistration', { customerJwt, body: { id } });
 *          if (!r.ok) return r.status >= 500 ? 'failed' : 'broken';
 */
export async function callFunction<N extends FunctionName>(name: N, call: FunctionCall<N> = {}): Promise<FunctionResult<N>> {
  const { method } = FUNCTIONS[name];
  const headers: Record<string, string> = {};
  if (call.staffToken !== undefined) headers.Authorization = `Bearer ${call.staffToken}`;
  if (call.counterToken !== undefined) headers.Authorization = `Bearer ${call.counterToken}`;
  if (call.customerJwt !== undefined) headers['X-Appwrite-JWT'] = call.customerJwt;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const doFetch = call.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const res = await doFetch(functionUrl(name, call.query as Record<string, string | number | undefined>, call.base), {
    method,
    headers,
    ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
    ...(call.signal ? { signal: call.signal } : {}),
    ...call.init,
  });
  if (res.ok && 'file' in FUNCTIONS[name]) return { ok: true, data: (await res.blob()) as FunctionData<N> };
  const body: unknown = await res.json().catch(() => undefined);
  const said = Object(body) as { error?: unknown; code?: unknown; details?: unknown };
  const error = isText(said.error) ? said.error : '';
  if (res.ok && body !== undefined && !error) return { ok: true, data: body as FunctionData<N> };
  return {
    ok: false,
    status: res.status,
    code: isText(said.code) ? said.code : error ? 'http_error' : NO_REASON,
    error: error || (res.ok ? "The server's answer could not be read." : `The server answered ${res.status}.`),
    ...(said.details !== undefined && { details: said.details as FunctionErrorDetails<N> }),
  };
}
