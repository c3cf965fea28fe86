// The one place an error becomes a Response. Every function answers JSON; failures carry
// {error, code}: `error` is the message SPEC.md's screens show, `code` a snake_case reason for programs.
import { dropRest } from './drain';

/** An expected failure with its HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, details?: unknown, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }
}

export type Handler = (req: Request, context?: unknown) => Promise<Response>;

declare const carried: unique symbol;
/** A Response whose body is the JSON of a T: a function's typed answer with a status or headers of its own. */
export type JsonResponse<T> = Response & { readonly [carried]: T };
/** The JSON text of a T, made ahead (to answer again, with its ETag). */
export type JsonText<T> = string & { readonly [carried]: T };

export const jsonText = <T>(value: T) => JSON.stringify(value) as JsonText<T>;

/** Answers JSON text made ahead; `Cache-Control: no-store` unless `headers` say otherwise. */
export const jsonOfText = <T>(text: JsonText<T>, status: number, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  }) as JsonResponse<T>;

const json = <T>(body: T, status: number, headers: Record<string, string> = {}) => jsonOfText(jsonText(body), status, headers);

/** 304 Not Modified: no body, so it stands for any answer. */
export const notModified = (headers: Record<string, string>) => new Response(null, { status: 304, headers }) as JsonResponse<never>;

/**
 * Wraps a function body: HttpError becomes its status with {error, code} (functions say 502 themselves when an
 * upstream failed); anything else is logged and answered 500, a bug, never the caller's input.
 * @example export default handle(async (req) => Response.json(await listThings()));
 */
export const handle =
  (fn: Handler): Handler =>
  async (req, context) => {
    try {
      return await fn(req, context);
    } catch (err) {
      if (err instanceof HttpError)
        return json({ error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) }, err.status, err.headers);
      console.error('[functions]', err);
      return json({ error: 'Something went wrong on our side. Please try again.', code: 'internal' }, 500);
    }
  };

export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, 'method_not_allowed', `Use ${allowed.join(' or ')} for this endpoint.`);

export function requireMethod(req: Request, ...allowed: string[]) {
  if (!allowed.includes(req.method)) throw methodNotAllowed(allowed);
}

const tooLarge = (limit: number) => new HttpError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`);

/** How much of an oversize body is still read (and dropped) so the client, still sending, hears the 413. */
const DRAIN_CAP = 16 * 1024 * 1024;

/**
 * The body's bytes, counted while they arrive (chunked or not, whatever Content-Length claims): past `limit` the
 * answer is a 413 at once and nothing beyond the limit is kept (the rest is read and dropped in the background).
 */
export async function readBodyBytes(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      void dropRest(reader, DRAIN_CAP);
      throw tooLarge(limit);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Reads a JSON body of at most `limit` bytes: 413 above it, 400 when it is not JSON. */
export async function readJsonBody(req: Request, limit = 1024 * 1024): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyBytes(req, limit));
  if (!text.trim()) throw new HttpError(400, 'invalid_body', 'The request body is empty; send JSON.');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_body', 'The request body is not valid JSON.');
  }
}

export { json };
