// The wizard's real calls against a fake Appwrite account and fetch.
import 'fake-indexeddb/auto';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { openAppDb } from '@/db/schema';
import { createWizardActors, type WizardDeps } from '@/features/wizard/wizard.actors';
import { checkSession } from '@/lib/customer-sign-in/account';
import { wizardMachine } from '@/features/wizard/wizard.machine';
import { DETAILS, emptyDraft, PREDICTIONS } from './fakes';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

const appwriteError = (code: number, type: string) => Object.assign(new Error(type), { code, type });

function deps(over: Partial<WizardDeps['account']> = {}, fetchImpl?: typeof fetch): WizardDeps {
  const account = {
    createEmailToken: vi.fn(async () => ({ userId: 'u1' })),
    createSession: vi.fn(async () => ({ userId: 'u1', $id: 's1' })),
    getSession: vi.fn(async () => ({ userId: 'u1', $id: 's1' })),
    deleteSession: vi.fn(async () => ({})),
    ...over,
  } as unknown as WizardDeps['account'];
  const data = new Map<string, string>();
  return {
    account,
    db: openAppDb(crypto.randomUUID()),
    keys: { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) },
    fetch: fetchImpl ?? (vi.fn() as unknown as typeof fetch),
    submitRegistration: async () => ({ outcome: 'sent' }),
  };
}

describe('wizard actors', () => {
  fakeTimersInEachTest();

  it('polls the session every 900000 ms and marks the customer logged out when it is gone', async () => {
    const getSession = vi.fn(async () => ({ userId: 'u1', $id: 's1' }));
    const d = deps({ getSession } as never);
    const actors = createWizardActors(d);
    const machine = wizardMachine.provide({
      actors: { ...actors, loadDraft: fromPromise(async () => emptyDraft({ step: 4, userId: 'u1', sessionId: 's1', isVerified: true })) },
    });
    const actor = createActor(machine).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(getSession).toHaveBeenCalledTimes(1); // the recheck on load
    await vi.advanceTimersByTimeAsync(899_999);
    expect(getSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(getSession).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.isVerified).toBe(true);

    getSession.mockRejectedValue(appwriteError(401, 'general_unauthorized_scope'));
    await vi.advanceTimersByTimeAsync(900_000);
    expect(actor.getSnapshot().context.isVerified).toBe(false);
    expect(actor.getSnapshot().matches({ session: 'signedOut' })).toBe(true);
    await vi.advanceTimersByTimeAsync(900_000);
    expect(getSession).toHaveBeenCalledTimes(3);
    actor.stop();
  });
});

describe('wizard actors (real timers)', () => {
  it('reads a session check: 401 is gone, no answer is unknown', async () => {
    expect(await checkSession(deps().account)).toEqual({ status: 'active', userId: 'u1', sessionId: 's1' });
    expect(await checkSession(deps({ getSession: vi.fn(() => Promise.reject(appwriteError(401, 'x'))) } as never).account)).toEqual({
      status: 'gone',
    });
    expect(
      await checkSession(deps({ getSession: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) } as never).account),
    ).toEqual({ status: 'unknown' });
  });

  it('ends a session left on the device before signing the customer in', async () => {
    const createSession = vi
      .fn()
      .mockRejectedValueOnce(appwriteError(401, 'user_session_already_exists'))
      .mockResolvedValueOnce({ userId: 'u2', $id: 's2' });
    const d = deps({ createSession } as never);
    const out = await createActor(createWizardActors(d).verifyCode, { input: { userId: 'u2', code: '123456' } }).start();
    await vi.waitFor(() => expect(out.getSnapshot().status).toBe('done'));
    expect(out.getSnapshot().output).toEqual({ userId: 'u2', sessionId: 's2' });
    expect(d.account.deleteSession).toHaveBeenCalledWith({ sessionId: 'current' });
  });

  it('asks the places functions with one session token and reads their answers', async () => {
    const fetchImpl = vi.fn(async (url: string) =>
      Response.json(url.includes('details') ? { result: DETAILS, status: 'OK' } : { predictions: PREDICTIONS, status: 'OK' }),
    );
    const actors = createWizardActors(deps({}, fetchImpl as unknown as typeof fetch));
    const lookup = createActor(actors.lookupAddresses, { input: { text: '12 Elm' } }).start();
    await vi.waitFor(() => expect(lookup.getSnapshot().status).toBe('done'));
    expect(lookup.getSnapshot().output).toEqual(PREDICTIONS);
    const details = createActor(actors.placeDetails, { input: { placeId: 'p1' } }).start();
    await vi.waitFor(() => expect(details.getSnapshot().status).toBe('done'));
    expect(details.getSnapshot().output).toEqual(DETAILS);
    const [first, second] = fetchImpl.mock.calls.map(([u]) => new URL(u, 'http://x'));
    expect(first!.pathname).toBe('/.netlify/functions/googleplaces');
    expect(first!.searchParams.get('input')).toBe('12 Elm');
    expect(second!.pathname).toBe('/.netlify/functions/googleplacesdetails');
    expect(second!.searchParams.get('place_id')).toBe('p1');
    expect(second!.searchParams.get('sessiontoken')).toBe(first!.searchParams.get('sessiontoken'));
  });
});
