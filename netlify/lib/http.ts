// netlify/lib/http.ts: the one place an error becomes a Response. Every function answers JSON; failures carry
// {error, code}: `error` is the message SPEC.md's screens show, `code` a snake_case reason for programs.

/** An expected failure with its HTTP status. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;
  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export type Handler = (req: Request, context?: unknown) => Promise<Response>;

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers } });

/**
 * Wraps a function body: HttpError becomes its status with {error, code}; anything else is logged and answered
 * 502 when an upstream failed, 500 otherwise (a bug, never the caller's input).
 * @example export default handle(async (req) => Response.json(await listThings()));
 */
export const handle =
  (fn: Handler): Handler =>
  async (req, context) => {
    try {
      return await fn(req, context);
    } catch (err) {
      if (err instanceof HttpError) return json({ error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) }, err.status);
      console.error('[functions]', err);
      return json({ error: 'Something went wrong on our side. Please try again.', code: 'internal' }, 500);
    }
  };

export const methodNotAllowed = (allowed: string[]) =>
  new HttpError(405, 'method_not_allowed', `Use ${allowed.join(' or ')} for this endpoint.`);

export function requireMethod(req: Request, ...allowed: string[]) {
  if (!allowed.includes(req.method)) throw methodNotAllowed(allowed);
}

/** Reads a JSON body of at most `limit` bytes: 413 above it, 400 when it is not JSON. */
export async function readJsonBody(req: Request, limit = 1024 * 1024): Promise<unknown> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw new HttpError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`);
  const buf = new Uint8Array(await req.arrayBuffer());
  if (buf.length > limit) throw new HttpError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`);
  const text = new TextDecoder().decode(buf);
  if (!text.trim()) throw new HttpError(400, 'invalid_body', 'The request body is empty; send JSON.');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'invalid_body', 'The request body is not valid JSON.');
  }
}

export { json };
