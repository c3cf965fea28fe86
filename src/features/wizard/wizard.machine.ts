// The registration wizard: steps, session, address lookup, catalog, photos and draft as parallel regions.
import { and, assign, enqueueActions, not, or, raise, sendTo, setup, stateIn, type SnapshotFrom } from 'xstate';
import { signInAction, signInGuard, signInSteps } from '@/lib/customer-sign-in/sign-in.steps';
import { createAddressMachine, type AddressEvent } from './address.machine';
import { catalogRegion, catalogUpdates } from './wizard.catalog';
import { draftGuards, draftRegion } from './wizard.draft';
import { answerUpdates, emptyFields, initialContext } from './wizard.fields';
import { idleGuards, idleRegion } from './wizard.idle';
import { photosRegion, photoUpdates } from './wizard.photos';
import { placeholders, type WizardActors } from './wizard.placeholders';
import { isAuthFailure, isFilled, LIMITS, MESSAGES, submitErrorMessage } from './wizard.rules';
import { showProblem, stepProblems } from './wizard.checks';
import { sessionRegion } from './wizard.session';
import { enterStep, overLimit, showError, STEP_STATES, submitInput, wizardDelays } from './wizard.steps';
import { limitedFields, limitErrorAt } from './wizard.limits';
import type { Step, SubmitOutcome, WizardContext, WizardEvent } from './wizard.types';
import { wizardUpdate } from './wizard.update';

export type { WizardContext, WizardEvent } from './wizard.types';
export type { WizardActors } from './wizard.placeholders';
export { STEP_STATES } from './wizard.steps';

const releasePreview = (url: string) => URL.revokeObjectURL(url);

/** Builds the machine with `actors`. Building one is not free: build it once per screen, not per render. */
export function createWizardMachine(calls: WizardActors = placeholders) {
  const { lookupAddresses, placeDetails, ...rest } = calls;
  const actors = { ...rest, address: createAddressMachine({ lookupAddresses, placeDetails }) };
  // Steps 2 and 3 are the customer's sign-in, as /warranties has it.
  const signIn = signInSteps<WizardContext, WizardEvent>({ email: '#enteringEmail', code: '#wizard.flow.enteringCode' });
  return setup({
    types: {} as { context: WizardContext; events: WizardEvent },
    actors,
    // The regions' guards and actions are bound one line each: XState infers the setup's types from what is written here.
    guards: {
      isNameGiven: ({ context }) => isFilled(context.fields.fullName),
      isOverLimit: ({ context }, params: { step: Step }) => limitErrorAt(params.step, limitedFields(context)) !== null,
      // Steps 2 and 3: the sign-in's checks.
      isEmailGiven: signInGuard('isEmailGiven'),
      isEmailValid: signInGuard('isEmailValid'),
      isEmailWithinLimit: signInGuard('isEmailWithinLimit'),
      isCodeGiven: signInGuard('isCodeGiven'),
      isCodeComplete: signInGuard('isCodeComplete'),
      hasPendingLogin: signInGuard('hasPendingLogin'),
      isCodeExpired: signInGuard('isCodeExpired'),
      isCodeWrong: signInGuard('isCodeWrong'),
      isCodeLive: signInGuard('isCodeLive'),
      isVerified: ({ context }) => context.isVerified,
      isSignedIn: ({ context }) => context.isVerified && context.userId !== null,
      isCounter: ({ context }) => idleGuards.isCounter({ context }),
      canConfirmLater: ({ context }) => context.counter.store !== null && context.codeUnsendable,
      isConfirmLater: ({ context }) => context.confirmLater,
      isOnFormStep: ({ context }) => context.step <= LIMITS.lastFormStep,
      isPhoneAccepted: ({ context }) => stepProblems.phone(context) === null,
      isAddressAccepted: ({ context }) => stepProblems.address(context) === null,
      hasProductOrPhoto: ({ context }) => context.selected.length > 0 || context.photos.length > 0,
      hasQueuedEntry: ({ context }) => context.queuedEntryId !== null,
      hasQueuedPhotos: ({ context }) => context.photoQueue.length > 0,
      isDraftDirty: ({ context }) => draftGuards.isDraftDirty({ context }),
      isStoringPhotos: stateIn('#wizard.photos.storing'),
      isChoosingSuggestion: ({ context }) => context.addressChoosing,
      isDraftActive: not(stateIn('#wizard.flow.restoring')),
      isDraftChange: and(['isDraftActive', draftGuards.isDraftEvent]),
      isCustomerInput: ({ event }) => idleGuards.isCustomerInput({ event }),
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
      showLimitError: assign(({ context }, params: { step: Step }) => ({ error: limitErrorAt(params.step, limitedFields(context)) })),
      changeField: wizardUpdate(answerUpdates.changeField),
      setCountry: wizardUpdate(answerUpdates.setCountry),
      setCategory: wizardUpdate(answerUpdates.setCategory),
      restoreDraft: wizardUpdate(answerUpdates.restoreDraft),
      requestSessionCheck: enqueueActions(({ context, enqueue }) => {
        if (context.isVerified) enqueue.raise({ type: 'session.check' });
      }),
      markLoggedOut: assign({ isVerified: false, sessionId: null }),
      forwardToAddress: sendTo('address', ({ event }) => event as AddressEvent),
      forwardAddressInput: sendTo('address', ({ event }) => ({
        type: 'address.input' as const,
        value: event.type === 'field.change' ? event.value : '',
      })),
      takeChosenAddress: wizardUpdate(answerUpdates.takeChosenAddress),
      fillAddress: wizardUpdate(answerUpdates.fillAddress),
      setAddressChoosing: wizardUpdate(answerUpdates.setAddressChoosing),
      storeCatalog: wizardUpdate(catalogUpdates.storeCatalog),
      noteCatalogFailure: wizardUpdate(catalogUpdates.noteCatalogFailure),
      selectProduct: wizardUpdate(answerUpdates.selectProduct),
      removeProduct: wizardUpdate(answerUpdates.removeProduct),
      queuePhotos: wizardUpdate(photoUpdates.queuePhotos),
      takeQueuedPhotos: wizardUpdate(photoUpdates.takeQueuedPhotos),
      addPhotos: wizardUpdate(photoUpdates.addPhotos),
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
          fixingEntryId: null,
          wrongCodes: 0,
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
      noteWrongCode: signInAction('noteWrongCode'),
      // A first code on its way; a counter's customer no longer goes on without it.
      codeSent: assign({ codeUnsendable: false, confirmLater: false }),
    },
    delays: wizardDelays,
  }).createMachine({
    id: 'wizard',
    type: 'parallel',
    invoke: { id: 'address', src: 'address' },
    context: initialContext(),
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
              'step.next': [
                { guard: not('isNameGiven'), actions: showError(MESSAGES.nameRequired) },
                overLimit(1),
                { target: 'enteringEmail' },
              ],
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
                  'step.forward': { guard: 'hasPendingLogin', target: '#wizard.flow.enteringCode' },
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
              'step.next': [{ guard: 'isPhoneAccepted', target: 'enteringAddress' }, { actions: showProblem(stepProblems.phone) }],
              'key.enter': { actions: raise({ type: 'step.next' }) },
              'step.back': [{ guard: 'isConfirmLater', target: 'enteringEmail' }, { target: 'enteringCode' }],
            },
          },
          enteringAddress: {
            entry: enterStep('enteringAddress'),
            exit: 'clearMessages',
            on: {
              'step.next': [
                { guard: not('isAddressAccepted'), actions: showProblem(stepProblems.address) },
                overLimit(5),
                { target: 'choosingProducts' },
              ],
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
                    overLimit(6),
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
                  input: submitInput,
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
                        // Step 7 names the address the certificate goes to; everything else of the customer goes.
                        assign({ registeredEmail: ({ context }) => context.fields.email.trim() }),
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
                actions: assign({ draftId: () => crypto.randomUUID(), outcome: null, confirmLater: false, registeredEmail: '' }),
              },
            },
          },
          // The wizard is done with this customer; the page goes to the start page.
          left: { type: 'final' },
        },
      },
      session: sessionRegion,
      catalog: catalogRegion,
      photos: photosRegion,
      idle: idleRegion,
      draft: draftRegion,
    },
  });
}

/** The machine with placeholder actors, for tests and types (`provide` the actors, or use createWizardMachine). */
export const wizardMachine = /* @__PURE__ */ createWizardMachine();

export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;
