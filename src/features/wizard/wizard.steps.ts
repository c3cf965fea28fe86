// The flow region's table of steps and the small action objects its states are written with.
import { LIMITS, toRegistration } from './wizard.rules';
import type { Step, SubmitInput, WizardContext } from './wizard.types';

type Args = { context: WizardContext };

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
export type StepState = (typeof STEP_STATES)[Step];

const stepOf = (state: StepState) => Number(Object.keys(STEP_STATES).find((n) => STEP_STATES[Number(n) as Step] === state)) as Step;

/** The entry action of a step's state. */
export const enterStep = (state: StepState) => ({ type: 'enterStep' as const, params: { step: stepOf(state) } });

/** Shows one of the wizard's fixed messages. */
export const showError = (message: string) => ({ type: 'showError' as const, params: { message } });

/** The step's fields checked against the server's limits: over one, the step says so and stays. */
export const overLimit = (step: Step) => ({ guard: { type: 'isOverLimit' as const, params: { step } }, actions: showLimit(step) });
const showLimit = (step: Step) => ({ type: 'showLimitError' as const, params: { step } });

/** The flow's timers: SPEC's pauses, and a counter's pacing from its settings. */
export const wizardDelays = {
  verifiedAdvance: LIMITS.verifiedAdvanceMs,
  draftDebounce: LIMITS.draftDebounceMs,
  counterThanks: ({ context }: Args) => context.counter.timings.thanksSeconds * 1000,
  counterIdle: ({ context }: Args) => context.counter.timings.idleSeconds * 1000,
  counterWarning: ({ context }: Args) => context.counter.timings.warningSeconds * 1000,
};

/** What Submit hands to the outbox: the registration, its photos, and the records it continues or replaces. */
export const submitInput = ({ context }: Args): SubmitInput => ({
  userId: context.userId ?? '',
  fields: toRegistration(context),
  photoIds: context.photos.map((p) => p.id),
  draftId: context.draftId,
  entryId: context.queuedEntryId,
  ...(context.fixingEntryId ? { replaces: context.fixingEntryId } : {}),
  via: context.confirmLater ? 'counter' : 'customer',
  store: context.counter.store,
});
