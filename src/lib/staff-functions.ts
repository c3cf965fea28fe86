// Staff code's calls to the staff functions: the one client's (./functions.ts), with every answer checked against
// the contract's schemas. A success that does not match its schema becomes a refusal (UNEXPECTED_ANSWER) saying what
// did not match; a refusal's `details` are kept only when they match theirs. The schemas (and zod with them) load with
// the first call, alongside its request, so a staff screen that shows the device's copy does not wait for them.
import type { z } from 'zod';
import type { FileFunctionName, StaffFunctionName } from '@/shared/contracts/function-names';
import type { FunctionErrorDetails, ParsedAnswer } from '@/shared/contracts/functions';
import { callFunction, type FunctionCall, type FunctionResult } from './functions';

/** The code of a success whose answer did not match its schema. */
export const UNEXPECTED_ANSWER = 'unexpected_answer';

/** What a staff function's success brings, once checked: its parsed answer, or the file's bytes. */
export type StaffData<N extends StaffFunctionName> = N extends FileFunctionName ? Blob : ParsedAnswer<N>;
export type StaffResult<N extends StaffFunctionName> = FunctionResult<N, StaffData<N>>;

const contract = () => import('@/shared/contracts/functions');

/** Where an answer first differs from its schema, e.g. "submissions: Invalid input: expected array, received undefined". */
function mismatch(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'it does not match';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/**
 * Calls a staff function with the staff token and checks its answer. Rejects only where fetch does (offline).
 * @example const r = await callStaffFunction('listCounters', { staffToken });
 *          if (r.ok) show(r.data.counters); else say(r.error);
 */
export async function callStaffFunction<N extends StaffFunctionName>(
  name: N,
  call: FunctionCall<N> & { staffToken: string },
): Promise<StaffResult<N>> {
  const [result, { functionSchemas }] = await Promise.all([callFunction(name, call), contract()]);
  const schemas = functionSchemas[name] as { response?: z.ZodType; errorDetails?: z.ZodType };
  if (!result.ok) {
    if (result.details === undefined || !schemas.errorDetails) return result;
    const { details, ...rest } = result;
    const parsed = schemas.errorDetails.safeParse(details);
    return parsed.success ? { ...rest, details: parsed.data as FunctionErrorDetails<N> } : rest;
  }
  // A file: its bytes are all there is to check.
  if (!schemas.response) return result as StaffResult<N>;
  const parsed = schemas.response.safeParse(result.data);
  if (parsed.success) return { ok: true, data: parsed.data as StaffData<N> };
  return {
    ok: false,
    // Functions answer 200 when they succeed.
    status: 200,
    code: UNEXPECTED_ANSWER,
    error: `The server's answer to ${name} is not what this app expects (${mismatch(parsed.error)}).`,
  };
}
