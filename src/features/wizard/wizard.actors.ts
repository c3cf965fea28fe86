// The wizard's calls as named actors: the customer's sign-in (src/lib/customer-sign-in), places, products, drafts and
// photos.
import { fromCallback, fromPromise } from 'xstate';
import type { AppDb } from '@/db/schema';
import { checkSession, endSession, openSession, requestCode, type CustomerAccount } from '@/lib/customer-sign-in/account';
import { callFunction } from '@/lib/functions';
import type { FunctionName } from '@/shared/contracts/function-names';
import { readPlaceDetails, readPredictions } from './answers';
import { clearDraft, loadDraft, removePhoto, saveDraft, type KeyStore } from './drafts';
import { loadCatalog } from './products';
import type { ActorIO } from './wizard.types';
import type { WizardEvent } from './wizard.machine';

export type WizardDeps = {
  account: CustomerAccount;
  db: AppDb;
  keys: KeyStore;
  fetch: typeof fetch;
  submitRegistration: (input: ActorIO['submitRegistration']['input']) => Promise<ActorIO['submitRegistration']['output']>;
};

/** A promise actor with the input and output the machine expects of `K`. */
const call = <K extends keyof ActorIO>(_name: K, fn: (input: ActorIO[K]['input'], signal: AbortSignal) => Promise<ActorIO[K]['output']>) =>
  fromPromise<ActorIO[K]['output'], ActorIO[K]['input']>(({ input, signal }) => fn(input, signal));
/** One Places session per typed address, ended by the details call (Google bills them together). */
function placesSession() {
  let token: string | null = null;
  return { current: () => (token ??= crypto.randomUUID()), end: () => void (token = null) };
}

/** A function's answer, or an error naming the function and its status (the machine shows its own text for it). */
async function answerOf(name: FunctionName, answer: Awaited<ReturnType<typeof callFunction>>): Promise<unknown> {
  if (!answer.ok) throw new Error(`${name} answered ${answer.status}`);
  return answer.data;
}

export function createWizardActors(deps: WizardDeps) {
  const places = placesSession();
  return {
    loadDraft: call('loadDraft', () => loadDraft(deps.db, deps.keys)),
    saveDraft: call('saveDraft', (input) => saveDraft(deps.db, deps.keys, input)),
    clearDraft: call('clearDraft', (input) => clearDraft(deps.db, deps.keys, input)),
    sendCode: call('sendCode', (input) => requestCode(deps.account, input.email)),
    verifyCode: call('verifyCode', (input) => openSession(deps.account, input)),
    checkSession: call('checkSession', () => checkSession(deps.account)),
    pollSession: fromCallback<WizardEvent, { intervalMs: number }>(({ sendBack, input }) => {
      const id = setInterval(() => {
        void checkSession(deps.account).then((s) => s.status === 'gone' && sendBack({ type: 'session.lost' }));
      }, input.intervalMs);
      return () => clearInterval(id);
    }),
    lookupAddresses: call('lookupAddresses', async (input, signal) => {
      const query = { input: input.text, sessiontoken: places.current() };
      return readPredictions(await answerOf('googleplaces', await callFunction('googleplaces', { query, signal, fetchImpl: deps.fetch })));
    }),
    placeDetails: call('placeDetails', async (input) => {
      const query = { place_id: input.placeId, sessiontoken: places.current() };
      places.end();
      return readPlaceDetails(
        await answerOf('googleplacesdetails', await callFunction('googleplacesdetails', { query, fetchImpl: deps.fetch })),
      );
    }),
    loadCatalog: call('loadCatalog', () => loadCatalog(deps.db, deps.fetch)),
    // The photo code (and its worker) loads with the first photo chosen, not with the wizard.
    storePhotos: call('storePhotos', async (input) => (await import('./photos')).storePhotos(deps.db, input.draftId, input.files)),
    removePhoto: call('removePhoto', async (input) => {
      await removePhoto(deps.db, input.id);
    }),
    submitRegistration: call('submitRegistration', (input) => deps.submitRegistration(input)),
    // The device forgets the session either way.
    endSession: call('endSession', () => endSession(deps.account)),
  };
}
