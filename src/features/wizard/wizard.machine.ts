// The registration wizard: steps, session, address lookup, catalog, photos and draft as parallel regions.
import { and, assign, enqueueActions, fromCallback, fromPromise, not, or, raise, sendTo, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { CatalogEntry } from '@/db/types';
import { digitsOnly, sanitizeCode } from '@/lib/customer-sign-in/sign-in-texts';
import { signInAction, signInGuard, signInSteps } from '@/lib/customer-sign-in/sign-in.steps';
import { COUNTER_TIMING_SETTINGS } from '@/shared/counter-timings';
import { createAddressMachine, type AddressEvent } from './address.machine';
import { DEFAULT_COUNTRY } from './countries';
import { searchProducts } from './products';
import { isAuthFailure, isFilled, LIMITS, MESSAGES, draftValues, restorableStep, submitErrorMessage, toRegistration } from './wizard.rules';
import type { ActorIO, Step, SubmitOutcome, TextField, WizardContext, WizardEvent, WizardFields } from './wizard.types';

export type { WizardContext, WizardEvent } from './wizard.types';

const emptyFields = (): WizardFields => ({
  fullName: '',
  email: '',
  code: '',
  phoneCountry: DEFAULT_COUNTRY,
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zip: '',
  productQuery: '',
  category: 'all',
});

/** The state of the flow that shows each step: the one table from step numbers to states. */
export const STEP_STATES = {
  1: 'enteringName',
  2: 'enteringEmail',
  3: 'enteringCode',
  4: 'enteringPhone',
  5: 'enteringAddress',
  6: 'choosingProducts',
  7: 'registered',
} as const satisfies Record<Step, string>;
type StepState = (typeof STEP_STATES)[Step];

const stepOf = (state: StepState) => Number(Object.keys(STEP_STATES).find((n) => STEP_STATES[Number(n) as Step] === state)) as Step;
const enterStep = (state: StepState) => ({ type: 'enterStep' as const, params: { step: stepOf(state) } });

/** The fields each step asks for; typing in one of them clears that step's error. */
const STEP_FIELDS: Partial<Record<Step, TextField[]>> = {
  1: ['fullName'],
  2: ['email'],
  3: ['code'],
  4: ['phone'],
  5: ['addressLine1', 'addressLine2', 'city', 'state', 'zip'],
};

const placeholder = <K extends keyof ActorIO>(name: K) =>
  fromPromise<ActorIO[K]['output'], ActorIO[K]['input']>(() => Promise.reject(new Error(`The ${name} actor is not provided.`)));

/** Events that are not the customer's doing: they do not keep a counter's wizard awake. */
const CALM_EVENTS = new Set([
  'address.chosen',
  'address.filled',
  'address.choosing',
  'counter.set',
  'session.start',
  'session.check',
  'session.lost',
  'session.end',
  'catalog.retry',
  'draft.flush',
  'wizard.reset',
  'idle.continue',
]);

const defaultTimings = () =>
  Object.fromEntries(
    Object.entries(COUNTER_TIMING_SETTINGS).map(([k, [, seconds]]) => [k, seconds]),
  ) as WizardContext['counter']['timings'];

/** Shows one of the wizard's fixed messages. */
const showError = (message: string) => ({ type: 'showError' as const, params: { message } });

const releasePreview = (url: string) => URL.revokeObjectURL(url);

/** The calls the machine makes, named; the app gives the real ones (wizard.actors.ts), tests give fakes. */
const placeholders = {
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

/** Builds the machine with `actors`. Building one is not free: build it once per screen, not per render. */
export function createWizardMachine(calls: WizardActors = placeholders) {
  const { lookupAddresses, placeDetails, ...rest } = calls;
  const actors = { ...rest, address: createAddressMachine({ lookupAddresses, placeDetails }) };
  // Steps 2 and 3 are the customer's sign-in, as /warranties has it.
  const signIn = signInSteps<WizardContext, WizardEvent>({ email: '#enteringEmail', code: '#wizard.flow.enteringCode' });
  return setup({
    types: {} as { context: WizardContext; events: WizardEvent },
    actors,
    guards: {
      isNameGiven: ({ context }) => isFilled(context.fields.fullName),
      // Steps 2 and 3: the sign-in's checks.
      isEmailGiven: signInGuard('isEmailGiven'),
      isEmailValid: signInGuard('isEmailValid'),
      isCodeGiven: signInGuard('isCodeGiven'),
      isCodeComplete: signInGuard('isCodeComplete'),
      hasPendingLogin: signInGuard('hasPendingLogin'),
      isCodeExpired: signInGuard('isCodeExpired'),
      isVerified: ({ context }) => context.isVerified,
      isSignedIn: ({ context }) => context.isVerified && context.userId !== null,
      isCounter: ({ context }) => context.counter.store !== null,
      canConfirmLater: ({ context }) => context.counter.store !== null && context.codeUnsendable,
      isConfirmLater: ({ context }) => context.confirmLater,
      isOnFormStep: ({ context }) => context.step <= LIMITS.lastFormStep,
      isPhoneGiven: ({ context }) => context.fields.phone.length > 0,
      isPhoneDigits: ({ context }) => /^\d+$/.test(context.fields.phone),
      isPhoneComplete: ({ context }) => new RegExp(`^\\d{${LIMITS.phoneLength}}$`).test(context.fields.phone),
      isAddressGiven: ({ context }) => isFilled(context.fields.addressLine1),
      hasProductOrPhoto: ({ context }) => context.selected.length > 0 || context.photos.length > 0,
      hasQueuedEntry: ({ context }) => context.queuedEntryId !== null,
      hasQueuedPhotos: ({ context }) => context.photoQueue.length > 0,
      isDraftDirty: ({ context }) => context.draftDirty,
      isStoringPhotos: stateIn('#wizard.photos.storing'),
      isChoosingSuggestion: ({ context }) => context.addressChoosing,
      isDraftActive: not(stateIn('#wizard.flow.restoring')),
      /** Events that may change what the draft keeps (not the idle clock's, the lookup's reports or the counter's). */
      isDraftChange: and([
        'isDraftActive',
        ({ event }) => !['activity', 'idle.continue', 'address.choosing', 'counter.set', 'wizard.reset'].includes(event.type),
      ]),
      /** What the customer does (not timers, calls or reports). */
      isCustomerInput: ({ event }) => !event.type.startsWith('xstate.') && !CALM_EVENTS.has(event.type),
      isCustomerOnForm: not(or([stateIn('#wizard.flow.registered'), stateIn('#wizard.flow.left')])),
      isPastFirstStep: ({ context }) => context.step > LIMITS.firstStep,
      isRestoredStep: ({ context }, params: { step: Step }) => context.step === params.step,
      isAddressEdit: ({ event }) => event.type === 'field.change' && event.field === 'addressLine1',
      isSessionGone: (_, params: { status: string }) => params.status === 'gone',
      isSignInNeeded: (_, params: { outcome: SubmitOutcome }) => params.outcome === 'needs-sign-in',
      isAuthFailure: (_, params: { error: unknown }) => isAuthFailure(params.error),
    },
    actions: {
      enterStep: assign((_, params: { step: Step }) => ({ step: params.step })),
      changeField: assign(({ context, event }) => {
        if (event.type !== 'field.change') return {};
        const fields = { ...context.fields };
        const ownField = STEP_FIELDS[context.step]?.includes(event.field) ?? false;
        let error = ownField ? null : context.error;
        let placeChosen = context.placeChosen;
        if (event.field === 'code') fields.code = sanitizeCode(event.value);
        else if (event.field === 'phone') {
          fields.phone = digitsOnly(event.value).slice(0, LIMITS.phoneMaxDigits);
          if (/\D/.test(event.value)) error = MESSAGES.phoneDigits;
        } else {
          fields[event.field] = event.value;
          if (event.field === 'addressLine1' && placeChosen) {
            Object.assign(fields, { city: '', state: '', zip: '' });
            placeChosen = false;
          }
        }
        const results =
          event.field === 'productQuery' ? searchProducts(context.catalog, fields.productQuery, fields.category) : context.results;
        return { fields, error, placeChosen, results };
      }),
      setCountry: assign(({ context, event }) =>
        event.type === 'phone.country' ? { fields: { ...context.fields, phoneCountry: event.code } } : {},
      ),
      setCategory: assign(({ context, event }) => {
        if (event.type !== 'category.change') return {};
        const fields = { ...context.fields, category: event.category };
        return { fields, results: searchProducts(context.catalog, fields.productQuery, fields.category) };
      }),
      restoreDraft: assign(({ context }, d: ActorIO['loadDraft']['output']) => ({
        draftId: d.draftId,
        step: restorableStep(d.step) as Step,
        fields: { ...context.fields, ...Object.fromEntries(Object.entries(d.values).filter(([k]) => k in context.fields)) },
        placeChosen: d.values.placeChosen ?? false,
        selected: d.values.selected ?? [],
        queuedEntryId: d.values.queuedEntryId ?? null,
        photos: d.photos,
        userId: d.userId,
        sessionId: d.sessionId,
        isVerified: d.isVerified,
      })),
      requestSessionCheck: enqueueActions(({ context, enqueue }) => {
        if (context.isVerified) enqueue.raise({ type: 'session.check' });
      }),
      markLoggedOut: assign({ isVerified: false, sessionId: null }),
      forwardToAddress: sendTo('address', ({ event }) => event as AddressEvent),
      forwardAddressInput: sendTo('address', ({ event }) => ({
        type: 'address.input' as const,
        value: event.type === 'field.change' ? event.value : '',
      })),
      takeChosenAddress: assign(({ context, event }) =>
        event.type === 'address.chosen' ? { fields: { ...context.fields, addressLine1: event.line1 }, error: null } : {},
      ),
      fillAddress: assign(({ context, event }) => {
        if (event.type !== 'address.filled') return {};
        const { line1, city, state, zip } = event;
        return { fields: { ...context.fields, addressLine1: line1, city, state, zip }, placeChosen: true };
      }),
      setAddressChoosing: assign(({ event }) => (event.type === 'address.choosing' ? { addressChoosing: event.choosing } : {})),
      storeCatalog: assign(({ context }, params: { catalog: CatalogEntry[] }) => ({
        catalog: params.catalog,
        catalogError: null,
        results: searchProducts(params.catalog, context.fields.productQuery, context.fields.category),
      })),
      selectProduct: assign(({ context, event }) => {
        if (event.type !== 'product.select' || context.selected.some((p) => p.id === event.id)) return {};
        const p = context.catalog.find((x) => x.id === event.id);
        if (!p) return {};
        return { selected: [...context.selected, { id: p.id, title: p.title, sku: p.sku, image: p.images[0]?.src ?? '' }], error: null };
      }),
      removeProduct: assign(({ context, event }) =>
        event.type === 'product.remove' ? { selected: context.selected.filter((p) => p.id !== event.id) } : {},
      ),
      queuePhotos: assign(({ context, event }) =>
        event.type === 'photos.add' ? { photoQueue: [...context.photoQueue, ...event.files] } : {},
      ),
      takeQueuedPhotos: assign(({ context }) => ({ storingFiles: context.photoQueue, photoQueue: [] })),
      addPhotos: assign(({ context }, params: ActorIO['storePhotos']['output']) => ({
        photos: [...context.photos, ...params.added],
        storingFiles: [],
        error: params.errors.length ? params.errors.join(' ') : params.added.length && context.step === 6 ? null : context.error,
      })),
      dropPhoto: enqueueActions(({ context, event, enqueue }) => {
        if (event.type !== 'photo.remove') return;
        const photo = context.photos.find((p) => p.id === event.id);
        if (!photo) return;
        enqueue(() => releasePreview(photo.url));
        enqueue.spawnChild('removePhoto', { input: { id: photo.id } });
        enqueue.assign({ photos: context.photos.filter((p) => p.id !== event.id) });
      }),
      rememberEntry: assign((_, params: { entryId: string | null }) => ({ queuedEntryId: params.entryId })),
      /** Nothing of this customer stays in the wizard: fields, photos (those not queued are erased), lookup, session. */
      forgetCustomer: enqueueActions(({ context, enqueue }, params: { keepPhotos: boolean }) => {
        const keepFileIds = params.keepPhotos ? context.photos.map((p) => p.id) : [];
        enqueue.spawnChild('clearDraft', { input: { draftId: context.draftId, keepFileIds } });
        for (const p of context.photos) enqueue(() => releasePreview(p.url));
        enqueue.assign({
          fields: emptyFields(),
          placeChosen: false,
          selected: [],
          photos: [],
          results: [],
          addressChoosing: false,
          userId: null,
          sessionId: null,
          isVerified: false,
          queuedEntryId: null,
          codeUnsendable: false,
          error: null,
          notice: null,
        });
        enqueue.sendTo('address', { type: 'address.reset' });
        enqueue.raise({ type: 'session.end' });
      }),
      endCustomerSession: enqueueActions(({ context, enqueue }) => {
        if (context.userId !== null || context.isVerified) enqueue.spawnChild('endSession');
      }),
      setCounter: assign(({ event }) => (event.type === 'counter.set' ? { counter: event.counter } : {})),
      markDraftDirty: assign({ draftDirty: true }),
      markDraftClean: assign({ draftDirty: false }),
      // The sign-in's (steps 2 and 3; the messages of every step).
      clearMessages: signInAction('clearMessages'),
      showError: signInAction('showError'),
      showNotice: signInAction('showNotice'),
      storeLogin: signInAction('storeLogin'),
      storeSession: signInAction('storeSession'),
      forgetLogin: signInAction('forgetLogin'),
      noteUnsendable: signInAction('noteUnsendable'),
      // A first code on its way; a counter's customer no longer goes on without it.
      codeSent: assign({ codeUnsendable: false, confirmLater: false }),
    },
    delays: {
      verifiedAdvance: LIMITS.verifiedAdvanceMs,
      draftDebounce: LIMITS.draftDebounceMs,
      counterThanks: ({ context }) => context.counter.timings.thanksSeconds * 1000,
      counterIdle: ({ context }) => context.counter.timings.idleSeconds * 1000,
      counterWarning: ({ context }) => context.counter.timings.warningSeconds * 1000,
    },
  }).createMachine({
    id: 'wizard',
    type: 'parallel',
    invoke: { id: 'address', src: 'address' },
    context: {
      step: 1,
      fields: emptyFields(),
      placeChosen: false,
      selected: [],
      photos: [],
      photoQueue: [],
      storingFiles: [],
      error: null,
      notice: null,
      userId: null,
      sessionId: null,
      isVerified: false,
      draftId: '',
      draftDirty: false,
      addressChoosing: false,
      catalog: [],
      catalogError: null,
      results: [],
      queuedEntryId: null,
      outcome: null,
      codeUnsendable: false,
      confirmLater: false,
      counter: { store: null, timings: defaultTimings() },
    },
    states: {
      flow: {
        initial: 'restoring',
        // Region-level, not machine-level: a parallel machine's own transitions only run when no region takes the event.
        on: {
          'field.change': [{ guard: 'isAddressEdit', actions: ['changeField', 'forwardAddressInput'] }, { actions: 'changeField' }],
          'counter.set': { actions: 'setCounter' },
          // A counter's customer walked away: everything of theirs is erased, then the start page.
          'wizard.reset': {
            guard: 'isCounter',
            target: '.left',
            actions: ['endCustomerSession', { type: 'forgetCustomer', params: { keepPhotos: false } }, assign({ confirmLater: false })],
          },
          'address.focus': { actions: 'forwardToAddress' },
          'address.blur': { actions: 'forwardToAddress' },
          'suggestions.next': { actions: 'forwardToAddress' },
          'suggestions.prev': { actions: 'forwardToAddress' },
          'suggestions.dismiss': { actions: 'forwardToAddress' },
          'suggestion.choose': { actions: 'forwardToAddress' },
          'address.chosen': { actions: 'takeChosenAddress' },
          'address.filled': { actions: 'fillAddress' },
          'address.choosing': { actions: 'setAddressChoosing' },
          'phone.country': { actions: 'setCountry' },
          'category.change': { actions: 'setCategory' },
          'product.select': { actions: 'selectProduct' },
          'product.remove': { actions: 'removeProduct' },
          'photo.remove': { actions: 'dropPhoto' },
        },
        states: {
          restoring: {
            invoke: {
              id: 'loadDraft',
              src: 'loadDraft',
              onDone: { target: 'routing', actions: { type: 'restoreDraft', params: ({ event }) => event.output } },
              onError: { target: 'enteringName', actions: assign({ draftId: () => crypto.randomUUID() }) },
            },
          },
          routing: {
            entry: 'requestSessionCheck',
            // A draft reopens on its step (restorableStep keeps 1-6), through the step table.
            always: [
              ...([2, 3, 4, 5, 6] as const).map((step) => ({
                guard: { type: 'isRestoredStep' as const, params: { step } },
                target: STEP_STATES[step],
              })),
              { target: STEP_STATES[1] },
            ],
          },
          enteringName: {
            entry: enterStep('enteringName'),
            exit: 'clearMessages',
            on: {
              'step.next': [{ guard: 'isNameGiven', target: 'enteringEmail' }, { actions: showError(MESSAGES.nameRequired) }],
              'key.enter': { actions: raise({ type: 'step.next' }) },
            },
          },
          enteringEmail: {
            id: 'enteringEmail',
            entry: enterStep('enteringEmail'),
            exit: 'clearMessages',
            ...signIn.email,
            states: {
              ...signIn.email.states,
              editing: {
                on: {
                  ...signIn.email.states.editing.on,
                  'step.back': '#wizard.flow.enteringName',
                  // On a counter whose code cannot go out: on without it, confirmed by the e-mailed link.
                  'code.later': {
                    guard: and(['canConfirmLater', 'isEmailValid']),
                    target: '#wizard.flow.enteringPhone',
                    actions: assign({ confirmLater: true, codeUnsendable: false, userId: null, isVerified: false, sessionId: null }),
                  },
                },
              },
            },
          },
          enteringCode: {
            entry: enterStep('enteringCode'),
            exit: 'clearMessages',
            ...signIn.code,
            states: {
              ...signIn.code.states,
              editing: {
                on: {
                  ...signIn.code.states.editing.on,
                  'code.verify': [
                    { guard: 'isVerified', target: '#wizard.flow.enteringPhone' },
                    ...signIn.code.states.editing.on['code.verify'],
                  ],
                  'step.next': [
                    { guard: 'isVerified', target: '#wizard.flow.enteringPhone' },
                    { guard: not('isCodeGiven'), actions: showError(MESSAGES.codeRequired) },
                    { actions: raise({ type: 'code.verify' }) },
                  ],
                },
              },
              verified: {
                after: {
                  verifiedAdvance: [
                    { guard: 'hasQueuedEntry', target: '#wizard.flow.choosingProducts.submitting' },
                    { target: '#wizard.flow.enteringPhone' },
                  ],
                },
              },
            },
          },
          enteringPhone: {
            entry: enterStep('enteringPhone'),
            exit: 'clearMessages',
            on: {
              'step.next': [
                { guard: not('isPhoneGiven'), actions: showError(MESSAGES.phoneRequired) },
                { guard: not('isPhoneDigits'), actions: showError(MESSAGES.phoneDigits) },
                { target: 'enteringAddress' },
              ],
              'key.enter': [
                { guard: not('isPhoneGiven'), actions: showError(MESSAGES.phoneRequired) },
                { guard: not('isPhoneComplete'), actions: showError(MESSAGES.phoneLength) },
                { actions: raise({ type: 'step.next' }) },
              ],
              'step.back': [{ guard: 'isConfirmLater', target: 'enteringEmail' }, { target: 'enteringCode' }],
            },
          },
          enteringAddress: {
            entry: enterStep('enteringAddress'),
            exit: 'clearMessages',
            on: {
              'step.next': [{ guard: 'isAddressGiven', target: 'choosingProducts' }, { actions: showError(MESSAGES.addressRequired) }],
              'key.enter': [{ guard: 'isChoosingSuggestion', actions: 'forwardToAddress' }, { actions: raise({ type: 'step.next' }) }],
              'step.back': 'enteringPhone',
            },
          },
          choosingProducts: {
            entry: [enterStep('choosingProducts'), raise({ type: 'catalog.retry' })],
            exit: 'clearMessages',
            initial: 'editing',
            states: {
              editing: {
                on: {
                  'registration.submit': [
                    { guard: 'isStoringPhotos' },
                    { guard: not('hasProductOrPhoto'), actions: showError(MESSAGES.productOrPhoto) },
                    {
                      guard: and([not('isSignedIn'), not('isConfirmLater')]),
                      target: '#enteringEmail',
                      actions: ['markLoggedOut', raise({ type: 'session.end' }), showError(MESSAGES.sessionExpired)],
                    },
                    { target: 'submitting', actions: 'clearMessages' },
                  ],
                  'key.enter': { actions: raise({ type: 'registration.submit' }) },
                  'step.back': '#wizard.flow.enteringAddress',
                },
              },
              submitting: {
                invoke: {
                  id: 'submitRegistration',
                  src: 'submitRegistration',
                  input: ({ context }) => ({
                    userId: context.userId ?? '',
                    fields: toRegistration(context),
                    photoIds: context.photos.map((p) => p.id),
                    draftId: context.draftId,
                    entryId: context.queuedEntryId,
                    via: context.confirmLater ? ('counter' as const) : ('customer' as const),
                    store: context.counter.store,
                  }),
                  onDone: [
                    {
                      guard: { type: 'isSignInNeeded', params: ({ event }) => ({ outcome: event.output.outcome }) },
                      target: '#enteringEmail',
                      actions: [
                        { type: 'rememberEntry', params: ({ event }) => ({ entryId: event.output.entryId ?? null }) },
                        'markLoggedOut',
                        raise({ type: 'session.end' }),
                        showError(MESSAGES.sessionExpired),
                      ],
                    },
                    {
                      target: '#wizard.flow.registered',
                      actions: [
                        { type: 'forgetCustomer', params: { keepPhotos: true } },
                        assign({ outcome: ({ event }) => (event.output.outcome === 'sent' ? 'sent' : 'queued') }),
                      ],
                    },
                  ],
                  onError: [
                    {
                      guard: { type: 'isAuthFailure', params: ({ event }) => ({ error: event.error }) },
                      target: '#enteringEmail',
                      actions: ['markLoggedOut', raise({ type: 'session.end' }), showError(MESSAGES.authExpired)],
                    },
                    {
                      target: 'editing',
                      actions: { type: 'showError', params: ({ event }) => ({ message: submitErrorMessage(event.error) }) },
                    },
                  ],
                },
              },
            },
          },
          registered: {
            entry: enterStep('registered'),
            // A counter returns to its start page for the next customer.
            after: { counterThanks: { guard: 'isCounter', target: 'left' } },
            on: {
              'wizard.restart': {
                target: 'enteringName',
                actions: assign({ draftId: () => crypto.randomUUID(), outcome: null, confirmLater: false }),
              },
            },
          },
          // The wizard is done with this customer; the page goes to the start page.
          left: { type: 'final' },
        },
      },
      session: {
        initial: 'signedOut',
        states: {
          signedOut: { on: { 'session.start': 'signedIn', 'session.check': 'checking' } },
          checking: {
            invoke: {
              id: 'checkSession',
              src: 'checkSession',
              onDone: [
                {
                  guard: { type: 'isSessionGone', params: ({ event }) => ({ status: event.output.status }) },
                  target: 'signedOut',
                  actions: 'markLoggedOut',
                },
                { target: 'signedIn' },
              ],
              onError: 'signedIn',
            },
          },
          signedIn: {
            invoke: { id: 'pollSession', src: 'pollSession', input: { intervalMs: LIMITS.sessionPollMs } },
            on: {
              'session.lost': { target: 'signedOut', actions: 'markLoggedOut' },
              'session.end': 'signedOut',
              'session.start': { target: 'signedIn', reenter: true },
            },
          },
        },
      },
      catalog: {
        initial: 'waiting',
        states: {
          // Not during step 1: its screen comes up alone. From step 2 on (by step 3 the device is online: the code is checked there).
          waiting: { always: { guard: 'isPastFirstStep', target: 'loading' } },
          loading: {
            invoke: {
              id: 'loadCatalog',
              src: 'loadCatalog',
              onDone: { target: 'ready', actions: { type: 'storeCatalog', params: ({ event }) => ({ catalog: event.output }) } },
              onError: {
                target: 'failed',
                actions: assign({
                  catalogError: ({ event }) => (event.error instanceof Error ? event.error.message : 'Failed to load products.'),
                }),
              },
            },
          },
          ready: {},
          failed: { on: { 'catalog.retry': 'loading' } },
        },
      },
      photos: {
        initial: 'idle',
        on: { 'photos.add': { actions: 'queuePhotos' } },
        states: {
          idle: { always: { guard: 'hasQueuedPhotos', target: 'storing' } },
          storing: {
            entry: 'takeQueuedPhotos',
            invoke: {
              id: 'storePhotos',
              src: 'storePhotos',
              input: ({ context }) => ({ draftId: context.draftId, files: context.storingFiles }),
              onDone: { target: 'idle', actions: { type: 'addPhotos', params: ({ event }) => event.output } },
              // The photo code could not be loaded (no network, no service worker): nothing was kept; the customer is told.
              onError: { target: 'idle', actions: { type: 'addPhotos', params: { added: [], errors: [MESSAGES.photosNotAdded] } } },
            },
          },
        },
      },
      // A counter's privacy: no input for a while on steps 1-6 asks "Are you still there?", then the wizard resets.
      idle: {
        initial: 'off',
        states: {
          off: { always: { guard: and(['isCounter', 'isOnFormStep', 'isCustomerOnForm', 'isDraftActive']), target: 'watching' } },
          watching: {
            always: { guard: not(and(['isCounter', 'isOnFormStep', 'isCustomerOnForm'])), target: 'off' },
            after: { counterIdle: 'warning' },
            on: { '*': { guard: 'isCustomerInput', target: 'watching', reenter: true } },
          },
          warning: {
            always: { guard: not(and(['isCounter', 'isOnFormStep', 'isCustomerOnForm'])), target: 'off' },
            after: { counterWarning: { target: 'off', actions: raise({ type: 'wizard.reset' }) } },
            on: { 'idle.continue': 'watching' },
          },
        },
      },
      draft: {
        initial: 'idle',
        states: {
          idle: { on: { '*': { guard: 'isDraftChange', target: 'waiting' } } },
          // Not restarted by later events: internal ones (timers, lookups) would keep postponing the save.
          waiting: {
            after: { draftDebounce: [{ guard: 'isCustomerOnForm', target: 'saving' }, { target: 'idle' }] },
            on: { 'draft.flush': [{ guard: 'isCustomerOnForm', target: 'saving' }, { target: 'idle' }] },
          },
          saving: {
            entry: 'markDraftClean',
            invoke: {
              id: 'saveDraft',
              src: 'saveDraft',
              input: ({ context }) => ({
                draftId: context.draftId,
                step: context.step,
                values: draftValues(context),
                userId: context.userId,
                sessionId: context.sessionId,
                isVerified: context.isVerified,
              }),
              onDone: [{ guard: 'isDraftDirty', target: 'waiting' }, { target: 'idle' }],
              onError: 'idle',
            },
            on: { '*': { actions: 'markDraftDirty' } },
          },
        },
      },
    },
  });
}

/** The machine with placeholder actors, for tests and types (`provide` the actors, or use createWizardMachine). */
export const wizardMachine = /* @__PURE__ */ createWizardMachine();

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;
