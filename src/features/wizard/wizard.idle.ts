// The wizard's idle region, a counter's privacy: no input for a while on steps 1-6 asks "Are you still there?", then
// the wizard resets.
import { and, not, raise, type EventObject } from 'xstate';
import type { WizardContext, WizardEvent } from './wizard.types';

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

/** The idle clock's guards. */
export const idleGuards = {
  isCounter: ({ context }: { context: WizardContext }) => context.counter.store !== null,
  /** What the customer does (not timers, calls or reports). */
  isCustomerInput: ({ event }: { event: EventObject }) => !event.type.startsWith('xstate.') && !CALM_EVENTS.has(event.type),
};

const stillOnForm = not(and(['isCounter', 'isOnFormStep', 'isCustomerOnForm']));
const reset = raise<WizardContext, EventObject, WizardEvent, undefined>({ type: 'wizard.reset' });

/** The idle region's state config. */
export const idleRegion = {
  initial: 'off',
  states: {
    off: { always: { guard: and(['isCounter', 'isOnFormStep', 'isCustomerOnForm', 'isDraftActive']), target: 'watching' } },
    watching: {
      always: { guard: stillOnForm, target: 'off' },
      after: { counterIdle: 'warning' },
      on: { '*': { guard: 'isCustomerInput', target: 'watching', reenter: true } },
    },
    warning: {
      always: { guard: stillOnForm, target: 'off' },
      after: { counterWarning: { target: 'off', actions: reset } },
      on: { 'idle.continue': 'watching' },
    },
  },
} as const;
