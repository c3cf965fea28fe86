// One function, defined from its contract (src/shared/contracts/function-names.ts and functions.ts): the method
// is checked, the caller is known before any body is read (staff token, customer JWT or counter token), the body is read within
// its limit and parsed, the query parsed, the answer is of the contract's type (checked by tsc), and failures become
// the usual {error, code} answers.
import { AppwriteException } from 'node-appwrite';
import type { z } from 'zod';
import { FUNCTIONS, type FileFunctionName, type FunctionName, type FunctionSpec } from '../../src/shared/contracts/function-names';
import { functionSchemas, type FunctionAnswer } from '../../src/shared/contracts/functions';
import { firstIssue } from '../../src/shared/contracts/submission';
import { customerAccount } from './appwrite';
import { requireCounter, type CounterIdentity } from './counters/devices';
import { handle, HttpError, json, readJsonBody, requireMethod, type Handler, type JsonResponse } from './http';
import { requireStaff, type StaffIdentity } from './staff-auth';

type Schemas = typeof functionSchemas;
type Parsed<N extends FunctionName, K extends 'query' | 'body'> =
  Schemas[N] extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

/**
 * What a handler returns: its contract's answer (sent as JSON with status 200), or that answer as a JsonResponse
 * (`json(...)` from ./http, for headers of its own); a function that answers a file returns its Response.
 */
export type HandlerAnswer<N extends FunctionName> = N extends FileFunctionName
  ? Response
  : FunctionAnswer<N> | JsonResponse<FunctionAnswer<N>>;

/** The signed-in customer: their account, its address, and whether Appwrite holds that address as verified. */
export type Customer = { id: string; email: string; emailVerified: boolean };

export type FunctionInput<N extends FunctionName> = {
  req: Request;
  context: unknown;
  query: Parsed<N, 'query'>;
  body: Parsed<N, 'body'>;
  /** The signed-in staff member (caller 'staff'). */
  staff: StaffIdentity;
  /** The signed-in customer (caller 'customer'). */
  customer: Customer;
  /** The enrolled counter device (caller 'counter'). */
  counter: CounterIdentity;
};

async function signedInCustomer(req: Request): Promise<Customer> {
  const jwt = req.headers.get('x-appwrite-jwt');
  if (!jwt) throw new HttpError(401, 'unauthorized', 'Sign in with your email code to continue.');
  try {
    const account = await customerAccount(jwt).get();
    return { id: account.$id, email: account.email, emailVerified: account.emailVerification };
  } catch (err) {
    if (err instanceof AppwriteException && err.code === 401)
      throw new HttpError(401, 'unauthorized', 'Your sign-in has expired. Please verify your email again.');
    throw new HttpError(502, 'upstream_error', 'Sign-in could not be checked right now.');
  }
}

type Issue = z.core.$ZodIssue;
const depth = (issues: readonly Issue[]) => Math.max(0, ...issues.map((i) => i.path.length));

/**
 * The first problem of a body, said for a person. Of a body that matches none of a union's shapes (submitFromCounter
 * takes {photo} or {registration}), the shape it came closest to is named: "photo.type: Photos must be JPEG, PNG or
 * WebP." rather than the union's general message, which stays for a body that is neither.
 */
function bodyIssue(err: z.ZodError): string {
  const first = err.issues[0];
  if (first?.code === 'invalid_union' && first.path.length === 0 && first.errors.length > 1) {
    const ranked = first.errors.map((issues) => ({ issues, depth: depth(issues) })).sort((a, b) => b.depth - a.depth);
    const [best, next] = ranked;
    if (best && next && best.depth > 1 && best.depth > next.depth && best.issues[0]) {
      const i = best.issues.find((x) => x.path.length === best.depth) ?? best.issues[0];
      return `${i.path.join('.')}: ${i.message}`;
    }
  }
  return firstIssue(err);
}

/**
 * @example export default defineFunction('getSubmissions', async () => submissionsRepo().all());
 * The handler returns its contract's answer (HandlerAnswer).
 */
export function defineFunction<N extends FunctionName>(name: N, handler: (input: FunctionInput<N>) => Promise<HandlerAnswer<N>>): Handler {
  const spec: FunctionSpec = FUNCTIONS[name];
  const schemas = functionSchemas[name] as { query?: z.ZodType; body?: z.ZodType };
  return handle(async (req, context) => {
    requireMethod(req, spec.method);
    const input = { req, context } as FunctionInput<N>;
    if (spec.caller === 'staff') input.staff = await requireStaff(req);
    if (spec.caller === 'customer') input.customer = await signedInCustomer(req);
    if (spec.caller === 'counter') input.counter = await requireCounter(req, context);
    if (schemas.query) {
      const params = Object.fromEntries(new URL(req.url).searchParams);
      const parsed = schemas.query.safeParse(params);
      if (!parsed.success) throw new HttpError(400, 'invalid_query', firstIssue(parsed.error).replace(/^[^:]+: /, ''));
      input.query = parsed.data as Parsed<N, 'query'>;
    }
    if (spec.bodyLimit !== undefined) {
      const raw = await readJsonBody(req, spec.bodyLimit);
      if (schemas.body) {
        const parsed = schemas.body.safeParse(raw);
        if (!parsed.success) throw new HttpError(422, 'invalid_body', bodyIssue(parsed.error));
        input.body = parsed.data as Parsed<N, 'body'>;
      } else {
        input.body = raw as Parsed<N, 'body'>;
      }
    }
    const out = await handler(input);
    return out instanceof Response ? out : json(out, 200);
  });
}
