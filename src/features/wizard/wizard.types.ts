// The shapes the wizard machine, its actors and its screens share.
import type { CatalogEntry, RegistrationFields } from '@/db/types';
import type { SessionCheck } from '@/lib/customer-sign-in/account';
import type { SignInCalls } from '@/lib/customer-sign-in/sign-in.steps';
import type { PlaceDetails, PlacePrediction } from '@/shared/contracts/places';
import type { CounterTimings } from '@/shared/counter-timings';
import type { Category } from './categories';

export type Step = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type WizardFields = {
  fullName: string;
  email: string;
  code: string;
  phoneCountry: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  zip: string;
  productQuery: string;
  category: Category;
};

/** The fields typed into a text input; each `field.change` names one. */
export type TextField = Exclude<keyof WizardFields, 'phoneCountry' | 'category'>;

export type SelectedProduct = { id: string; title: string; sku: string; image: string };
export type PhotoRef = { id: string; name: string; url: string };

/** What a draft keeps: everything typed except the one-time code. */
export type DraftValues = Omit<WizardFields, 'code'> & {
  placeChosen: boolean;
  selected: SelectedProduct[];
  queuedEntryId: string | null;
  /** On a counter: the customer goes on without the code and confirms by the e-mailed link. */
  confirmLater: boolean;
  /** A registration the server set aside, reopened to be fixed: submitting replaces it (same id, never a second copy). */
  fixingEntryId?: string | null;
  /** Wrong tries of the code on its way (after a reload the server still counts them). */
  wrongCodes?: number;
};

export type LoadedDraft = {
  draftId: string;
  step: number;
  values: Partial<DraftValues>;
  photos: PhotoRef[];
  userId: string | null;
  sessionId: string | null;
  isVerified: boolean;
};

export type DraftSave = {
  draftId: string;
  step: number;
  values: DraftValues;
  userId: string | null;
  sessionId: string | null;
  isVerified: boolean;
};
export type DraftClear = { draftId: string; keepFileIds: string[] };

export type SubmitInput = {
  userId: string;
  fields: RegistrationFields;
  photoIds: string[];
  draftId: string;
  entryId: string | null;
  /** The set-aside registration this one fixes and replaces. */
  replaces?: string;
  /** "counter": sent with the counter's token, confirmed later by the customer's link. */
  via: 'customer' | 'counter';
  /** The counter's store, when registered on one. */
  store: string | null;
};
export type SubmitOutcome = 'sent' | 'queued' | 'needs-sign-in';
export type SubmitOutput = { outcome: SubmitOutcome; entryId?: string };

export type StoredPhotos = { added: PhotoRef[]; errors: string[] };

/** The I/O of every named actor, so machine.provide() swaps them with the right types. */
export type ActorIO = {
  loadDraft: { input: void; output: LoadedDraft };
  saveDraft: { input: DraftSave; output: void };
  clearDraft: { input: DraftClear; output: void };
  sendCode: SignInCalls['sendCode'];
  verifyCode: SignInCalls['verifyCode'];
  checkSession: { input: void; output: SessionCheck };
  lookupAddresses: { input: { text: string }; output: PlacePrediction[] };
  placeDetails: { input: { placeId: string }; output: PlaceDetails };
  loadCatalog: { input: void; output: CatalogEntry[] };
  storePhotos: { input: { draftId: string; files: File[] }; output: StoredPhotos };
  removePhoto: { input: { id: string }; output: void };
  submitRegistration: { input: SubmitInput; output: SubmitOutput };
  /** Ends the customer's session on this device and the server (a counter's next customer must not inherit it). */
  endSession: { input: void; output: void };
};

/** This device as a store counter: its store and pacing (null store: a customer's own phone). */
export type CounterSetting = { store: string | null; timings: CounterTimings };

export type WizardContext = {
  step: Step;
  fields: WizardFields;
  placeChosen: boolean;
  selected: SelectedProduct[];
  photos: PhotoRef[];
  photoQueue: File[];
  storingFiles: File[];
  error: string | null;
  notice: string | null;
  userId: string | null;
  sessionId: string | null;
  isVerified: boolean;
  draftId: string;
  draftDirty: boolean;
  /** The address lookup's list is open with a suggestion highlighted: Enter chooses it instead of moving on. */
  addressChoosing: boolean;
  catalog: CatalogEntry[];
  catalogError: string | null;
  results: CatalogEntry[];
  queuedEntryId: string | null;
  /** See DraftValues. */
  fixingEntryId: string | null;
  wrongCodes: number;
  outcome: 'sent' | 'queued' | null;
  /** On step 7: the address the warranty certificate is e-mailed to. */
  registeredEmail: string;
  /** The code could not be sent (offline, server unreachable): on a counter the customer may confirm later. */
  codeUnsendable: boolean;
  /** Going on without the code; kept after Submit so step 7 can say a link is coming. */
  confirmLater: boolean;
  counter: CounterSetting;
};

/** What the address lookup (address.machine.ts) tells the wizard. */
export type AddressReport =
  | { type: 'address.chosen'; line1: string }
  | { type: 'address.filled'; line1: string; city: string; state: string; zip: string }
  | { type: 'address.choosing'; choosing: boolean };

export type WizardEvent =
  | { type: 'field.change'; field: TextField; value: string }
  | { type: 'phone.country'; code: string }
  | { type: 'category.change'; category: Category }
  | { type: 'step.next' }
  | { type: 'step.back' }
  /** Browser Forward on step 2: back to the code already sent, without sending another. */
  | { type: 'step.forward' }
  | { type: 'key.enter' }
  | { type: 'code.send' }
  | { type: 'code.verify' }
  | { type: 'code.resend' }
  | { type: 'address.focus' }
  | { type: 'address.blur' }
  | { type: 'suggestions.next' }
  | { type: 'suggestions.prev' }
  | { type: 'suggestions.dismiss' }
  | { type: 'suggestion.choose'; index: number }
  | { type: 'product.select'; id: string }
  | { type: 'product.remove'; id: string }
  | { type: 'photos.add'; files: File[] }
  | { type: 'photo.remove'; id: string }
  | { type: 'registration.submit' }
  | { type: 'wizard.restart' }
  | { type: 'catalog.retry' }
  | { type: 'draft.flush' }
  | { type: 'session.start' }
  | { type: 'session.check' }
  | { type: 'session.lost' }
  | { type: 'session.end' }
  | { type: 'counter.set'; counter: CounterSetting }
  | { type: 'code.later' }
  | { type: 'activity' }
  | { type: 'idle.continue' }
  | { type: 'wizard.reset' }
  | AddressReport;
