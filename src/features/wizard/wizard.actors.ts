// The wizard's calls as named actors: Appwrite sign-in, places, products, drafts and photos.
import { fromCallback, fromPromise } from 'xstate';
import type { AppDb } from '@/db/schema';
import { readPlaceDetails, readPredictions } from './answers';
import { clearDraft, loadDraft, removePhoto, saveDraft, type KeyStore } from './drafts';
import { loadCatalog } from './products';
import type { ActorIO, SessionCheck } from './wizard.types';
import type { WizardEvent } from './wizard.machine';
import { functionUrl } from '@/lib/functions';

/** The calls the wizard makes on the customer's account; the web SDK's Account has them. */
export type WizardAccount = {
  createEmailToken(params: { userId: string; email: string }): Promise<{ userId: string }>;
  createSession(params: { userId: string; secret: string }): Promise<{ userId: string; $id: string }>;
  getSession(params: { sessionId: string }): Promise<{ userId: string; $id: string }>;
  deleteSession(params: { sessionId: string }): Promise<unknown>;
};

export type WizardDeps = {
  account: WizardAccount;
  db: AppDb;
  keys: KeyStore;
  fetch: typeof fetch;
  submitRegistration: (input: ActorIO['submitRegistration']['input']) => Promise<ActorIO['submitRegistration']['output']>;
};

/** A promise actor with the input and output the machine expects of `K`. */
const call = <K extends keyof ActorIO>(_name: K, fn: (input: ActorIO[K]['input'], signal: AbortSignal) => Promise<ActorIO[K]['output']>) =>
  fromPromise<ActorIO[K]['output'], ActorIO[K]['input']>(({ input, signal }) => fn(input, signal));
const statusOf = (err: unknown) => (typeof err === 'object' && err !== null && 'code' in err ? Number((err as { code: unknown }).code) : 0);
const typeOf = (err: unknown) => (typeof err === 'object' && err !== null && 'type' in err ? String((err as { type: unknown }).type) : '');

/** Whether this device still holds a live session: 401 means gone; no answer (offline) means unknown. */
export async function checkSession(account: WizardDeps['account']): Promise<SessionCheck> {
  try {
    const s = await account.getSession({ sessionId: 'current' });
    return { status: 'active', userId: s.userId, sessionId: s.$id };
  } catch (err) {
    const status = statusOf(err);
    return status === 401 || status === 404 ? { status: 'gone' } : { status: 'unknown' };
  }
}

/** One Places session per typed address, ended by the details call (Google bills them together). */
function placesSession() {
  let token: string | null = null;
  return { current: () => (token ??= crypto.randomUUID()), end: () => void (token = null) };
}

async function getJson(fetchImpl: (url: string) => Promise<Response>, url: string): Promise<unknown> {
  const res = await fetchImpl(url);
  if (!res.ok) throw new Error(`${url.split('?')[0]} answered ${res.status}`);
  return res.json();
}

export function createWizardActors(deps: WizardDeps) {
  const places = placesSession();
  return {
    loadDraft: call('loadDraft', () => loadDraft(deps.db, deps.keys)),
    saveDraft: call('saveDraft', (input) => saveDraft(deps.db, deps.keys, input)),
    clearDraft: call('clearDraft', (input) => clearDraft(deps.db, deps.keys, input)),
    sendCode: call('sendCode', async (input) => {
      const token = await deps.account.createEmailToken({ userId: 'unique()', email: input.email }); // the server makes the user's id;
      return { userId: token.userId };
    }),
    verifyCode: call('verifyCode', async (input) => {
      const create = async () => {
        const s = await deps.account.createSession({ userId: input.userId, secret: input.code });
        return { userId: s.userId, sessionId: s.$id };
      };
      try {
        return await create();
      } catch (err) {
        // A session left on this device (an earlier customer) blocks a new one: end it and try once more.
        if (typeOf(err) !== 'user_session_already_exists') throw err;
        await deps.account.deleteSession({ sessionId: 'current' });
        return create();
      }
    }),
    checkSession: call('checkSession', () => checkSession(deps.account)),
    pollSession: fromCallback<WizardEvent, { intervalMs: number }>(({ sendBack, input }) => {
      const id = setInterval(() => {
        void checkSession(deps.account).then((s) => s.status === 'gone' && sendBack({ type: 'session.lost' }));
      }, input.intervalMs);
      return () => clearInterval(id);
    }),
    lookupAddresses: call('lookupAddresses', async (input, signal) => {
      const url = functionUrl('googleplaces', { input: input.text, sessiontoken: places.current() });
      const body = await getJson((u) => deps.fetch(u, { signal }), url);
      return readPredictions(body);
    }),
    placeDetails: call('placeDetails', async (input) => {
      const url = functionUrl('googleplacesdetails', { place_id: input.placeId, sessiontoken: places.current() });
      places.end();
      return readPlaceDetails(await getJson((u) => deps.fetch(u), url));
    }),
    loadCatalog: call('loadCatalog', () => loadCatalog(deps.db, deps.fetch)),
    // The photo code (and its worker) loads with the first photo chosen, not with the wizard.
    storePhotos: call('storePhotos', async (input) => (await import('./photos')).storePhotos(deps.db, input.draftId, input.files)),
    removePhoto: call('removePhoto', async (input) => {
      await removePhoto(deps.db, input.id);
    }),
    submitRegistration: call('submitRegistration', (input) => deps.submitRegistration(input)),
    endSession: call('endSession', async () => {
      // Best effort: offline, the session lapses on the server by itself; the device forgets it either way.
      await deps.account.deleteSession({ sessionId: 'current' }).catch(() => undefined);
    }),
  };
}
