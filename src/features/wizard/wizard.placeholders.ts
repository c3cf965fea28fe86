// The wizard's calls as placeholders that fail when run: the machine's types come from them, and a machine built
// without its calls (tests that provide their own, types) still has each one named.
import { fromCallback, fromPromise } from 'xstate';
import type { ActorIO, WizardEvent } from './wizard.types';

const placeholder = <K extends keyof ActorIO>(name: K) =>
  fromPromise<ActorIO[K]['output'], ActorIO[K]['input']>(() => Promise.reject(new Error(`The ${name} actor is not provided.`)));

/** The calls the machine makes, named; the app gives the real ones (wizard.actors.ts), tests give fakes. */
export const placeholders = {
  loadDraft: placeholder('loadDraft'),
  saveDraft: placeholder('saveDraft'),
  clearDraft: placeholder('clearDraft'),
  sendCode: placeholder('sendCode'),
  verifyCode: placeholder('verifyCode'),
  checkSession: placeholder('checkSession'),
  lookupAddresses: placeholder('lookupAddresses'),
  placeDetails: placeholder('placeDetails'),
  loadCatalog: placeholder('loadCatalog'),
  storePhotos: placeholder('storePhotos'),
  removePhoto: placeholder('removePhoto'),
  submitRegistration: placeholder('submitRegistration'),
  endSession: placeholder('endSession'),
  pollSession: fromCallback<WizardEvent, { intervalMs: number }>(() => undefined),
};
export type WizardActors = typeof placeholders;
