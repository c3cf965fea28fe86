// The staff functions as the staff cache calls them: the staff token on every call, the network's absence and the
// server's refusals as one error type the screens can read.
import { callFunction, type FunctionCall } from '@/lib/functions';
import type { FunctionName } from '@/shared/contracts/function-names';
import type { Submission } from '@/shared/contracts/submission';

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

export async function request(opts: StaffFetch, name: FunctionName, call: Pick<FunctionCall, 'query' | 'body'> = {}): Promise<Response> {
  try {
    return await callFunction(name, {
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

export type ErrorBody = { error?: string; code?: string; details?: { current?: Submission } };

export async function failure(res: Response): Promise<StaffSyncError & { body: ErrorBody }> {
  const body = (await res.json().catch(() => ({}))) as ErrorBody;
  const err = new StaffSyncError(res.status, body.code ?? 'http_error', body.error ?? `The server answered ${res.status}.`);
  return Object.assign(err, { body });
}
