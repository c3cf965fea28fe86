// The one claim state machine: which actions each status allows, and where each leads. The staff screen offers
// exactly the actions it allows, and the functions refuse any other (the browser's word is a claim).
import { getNextSnapshot, setup } from 'xstate';
import { CLAIM_MESSAGE_MAX, RESOLUTIONS, type ClaimStatus } from './claim-texts';

export type ClaimActor = 'staff' | 'customer';
export type ClaimEvent =
  | { type: 'ask'; by: ClaimActor; message: string }
  | { type: 'reply'; by: ClaimActor; message: string }
  | { type: 'approve'; by: ClaimActor; resolution: string }
  | { type: 'deny'; by: ClaimActor; message: string }
  | { type: 'ready'; by: ClaimActor }
  | { type: 'close'; by: ClaimActor }
  | { type: 'note'; by: ClaimActor; message: string };
export type ClaimAction = ClaimEvent['type'];

const hasMessage = (e: ClaimEvent) => 'message' in e && e.message.trim() !== '' && e.message.length <= CLAIM_MESSAGE_MAX;
const staffWith =
  (check: (e: ClaimEvent) => boolean) =>
  ({ event }: { event: ClaimEvent }) =>
    event.by === 'staff' && check(event);

export const claimMachine = setup({
  types: {} as { events: ClaimEvent },
  guards: {
    staff: staffWith(() => true),
    staffMessage: staffWith(hasMessage),
    staffResolution: staffWith((e) => e.type === 'approve' && Object.hasOwn(RESOLUTIONS, e.resolution)),
    customerMessage: ({ event }) => event.by === 'customer' && hasMessage(event),
  },
  // The timeline records the note; the machine has nothing to change, but a transition that does nothing at all is
  // one XState's `can` denies.
  actions: { noted: () => undefined },
}).createMachine({
  id: 'claim',
  initial: 'submitted',
  // An internal note is for staff, in every status, and changes none.
  on: { note: { guard: 'staffMessage', actions: 'noted' } },
  states: {
    submitted: {
      on: {
        ask: { guard: 'staffMessage', target: 'needs_information' },
        approve: { guard: 'staffResolution', target: 'approved' },
        deny: { guard: 'staffMessage', target: 'denied' },
      },
    },
    needs_information: {
      on: {
        reply: { guard: 'customerMessage', target: 'submitted' },
        approve: { guard: 'staffResolution', target: 'approved' },
        deny: { guard: 'staffMessage', target: 'denied' },
      },
    },
    approved: { on: { ready: { guard: 'staff', target: 'ready_for_pickup' }, close: { guard: 'staff', target: 'closed' } } },
    ready_for_pickup: { on: { close: { guard: 'staff', target: 'closed' } } },
    denied: { on: { close: { guard: 'staff', target: 'closed' } } },
    closed: {},
  },
});

const at = (status: ClaimStatus) => claimMachine.resolveState({ value: status });

/** Where `event` takes a claim at `status`, or null when the machine does not allow it there (or its input is short). */
export function nextClaimStatus(status: ClaimStatus, event: ClaimEvent): ClaimStatus | null {
  const snapshot = at(status);
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(claimMachine, snapshot, event).value as ClaimStatus;
}

/** A stand-in for each action's input, to ask the machine whether the action exists at a status. */
const SAMPLES: { [A in ClaimAction]: Omit<Extract<ClaimEvent, { type: A }>, 'by'> } = {
  ask: { type: 'ask', message: '?' },
  reply: { type: 'reply', message: '?' },
  approve: { type: 'approve', resolution: 'repair' },
  deny: { type: 'deny', message: '?' },
  ready: { type: 'ready' },
  close: { type: 'close' },
  note: { type: 'note', message: '?' },
};

/** The actions `by` may take on a claim at `status` (the buttons a screen shows). */
export function claimActions(status: ClaimStatus, by: ClaimActor): ClaimAction[] {
  const snapshot = at(status);
  return (Object.keys(SAMPLES) as ClaimAction[]).filter((a) => snapshot.can({ ...SAMPLES[a], by } as ClaimEvent));
}

export { isOpenClaim } from './claim-texts';

/** Whether the customer sees this step of the claim (and is e-mailed about it when staff took it). */
export const customerSees = (action: ClaimAction) => action !== 'note';
