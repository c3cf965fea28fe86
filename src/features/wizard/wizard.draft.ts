// The wizard's draft region: what the customer has given is saved a moment after each change, and on demand.
import type { EventObject } from 'xstate';
import { draftValues } from './wizard.rules';
import type { WizardContext } from './wizard.types';

/** Events that do not change what the draft keeps: the idle clock's, the lookup's reports, the counter's. */
const UNCHANGING = ['activity', 'idle.continue', 'address.choosing', 'counter.set', 'wizard.reset'];

/** The draft's guards. */
export const draftGuards = {
  isDraftDirty: ({ context }: { context: WizardContext }) => context.draftDirty,
  /** With the draft active (see the machine's isDraftChange): an event that may change what it keeps. */
  isDraftEvent: ({ event }: { event: EventObject }) => !UNCHANGING.includes(event.type),
};

/** The draft region's state config. */
export const draftRegion = {
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
        input: ({ context }: { context: WizardContext }) => ({
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
} as const;
