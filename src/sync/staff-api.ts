// The staff functions as the staff cache calls them: the staff token on every call, answers checked against the
// contract, and the network's absence and the server's refusals as one error type the screens can read.
import type { FunctionCall, FunctionFailure } from '@/lib/functions';
import { callStaffFunction, type StaffResult } from '@/lib/staff-functions';
import type { StaffFunctionName } from '@/shared/contracts/function-names';

export type StaffFetch = { token: string; base?: string; fetchImpl?: typeof fetch };
/** A sync or send that could not finish: `status` 0 when the network is down, else the server's answer. */
export class StaffSyncError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'StaffSyncError';
    this.status = status;
    this.code = code;
  }
}

const offline = () => new StaffSyncError(0, 'offline', 'The network is unavailable. The copy on this device is shown.');

/** Calls a staff function with the staff token, never from the HTTP cache; the network's absence rejects (offline). */
export async function request<N extends StaffFunctionName>(
  opts: StaffFetch,
  name: N,
  call: Pick<FunctionCall<N>, 'query' | 'body'> = {},
): Promise<StaffResult<N>> {
  try {
    return await callStaffFunction(name, {
      ...call,
      staffToken: opts.token,
      base: opts.base,
      fetchImpl: opts.fetchImpl,
      init: { cache: 'no-store' },
    });
  } catch {
    throw offline();
  }
}

/** A refusal as the error the screens read. */
export const failure = (refused: FunctionFailure) => new StaffSyncError(refused.status, refused.code, refused.error);
