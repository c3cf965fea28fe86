// @xstate/graph's shortest paths over the step graph, each replayed on a running wizard.
import { getShortestPaths } from '@xstate/graph';
import { getInitialSnapshot, getNextSnapshot, getStateNodes, type AnyEventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { wizardMachine, type WizardEvent, type WizardSnapshot } from '@/features/wizard/wizard.machine';
import { CATALOG, emptyDraft, settle, startWizard } from './fakes';
import { fakeTimersInEachTest } from '../../../../helpers/fake-timers';

/** What each call answers in the model (the fakes answer the same). */
const OUTPUTS: Record<string, unknown> = {
  loadDraft: emptyDraft(),
  loadCatalog: CATALOG,
  sendCode: { userId: 'u1' },
  resendCode: { userId: 'u1' },
  verifyCode: { userId: 'u1', sessionId: 's1' },
  submitRegistration: { outcome: 'sent', entryId: 'e1' },
};

/** The customer answers the question of the step on screen, or moves. */
const ANSWERS: Record<number, WizardEvent[]> = {
  1: [{ type: 'field.change', field: 'fullName', value: 'Ada Lovelace' }],
  2: [{ type: 'field.change', field: 'email', value: 'ada@example.com' }, { type: 'code.send' }],
  3: [{ type: 'field.change', field: 'code', value: '123456' }, { type: 'code.verify' }, { type: 'code.resend' }],
  4: [
    { type: 'field.change', field: 'phone', value: '5551234567' },
    { type: 'field.change', field: 'phone', value: '555123456' },
  ],
  5: [
    { type: 'field.change', field: 'addressLine1', value: '12 Elm St' },
    // A suggestion chosen (the lookup reports its place): typed by hand, city, state and ZIP are needed too.
    { type: 'address.filled', line1: '12 Elm Street', city: 'Springfield', state: 'IL', zip: '62701' },
  ],
  6: [{ type: 'product.select', id: '3' }, { type: 'registration.submit' }],
  7: [],
};
const MOVES: WizardEvent[] = [{ type: 'step.next' }, { type: 'step.back' }, { type: 'key.enter' }];

/** The world's answers now due: each running call of the steps finishes, each timer of the steps fires. */
function worldEvents(s: WizardSnapshot): AnyEventObject[] {
  const calls = Object.keys(s.children)
    .filter((id) => id in OUTPUTS)
    .map((id) => ({ type: `xstate.done.actor.${id}`, output: OUTPUTS[id] }));
  const timers = getStateNodes(wizardMachine.root, s.value)
    .filter((n) => n.id.startsWith('wizard.flow'))
    .flatMap((n) => n.after.map((t) => ({ type: t.eventType })));
  return [...calls, ...timers];
}

/** The catalog (loading from step 2 on, beside the steps' own calls) answers before anything else happens. */
const modelEvents = (s: WizardSnapshot) =>
  ('loadCatalog' in s.children
    ? [{ type: 'xstate.done.actor.loadCatalog', output: OUTPUTS.loadCatalog }]
    : [...(s.context.step < 7 ? [...ANSWERS[s.context.step]!, ...MOVES] : []), ...worldEvents(s)]) as WizardEvent[];

const serialize = (s: WizardSnapshot) =>
  JSON.stringify({
    flow: s.value.flow,
    session: s.value.session,
    catalog: s.value.catalog,
    error: s.context.error,
    notice: s.context.notice,
    verified: s.context.isVerified,
    login: s.context.userId !== null,
    answered: [s.context.fields.fullName, s.context.fields.email, s.context.fields.code, s.context.fields.addressLine1].map(Boolean),
    phoneDigits: s.context.fields.phone.length,
    placeChosen: s.context.placeChosen,
    selected: s.context.selected.length,
  });

function modelStart(): WizardSnapshot {
  const s = getInitialSnapshot(wizardMachine) as WizardSnapshot;
  return getNextSnapshot(wizardMachine, s, { type: 'xstate.done.actor.loadDraft', output: OUTPUTS.loadDraft } as never) as WizardSnapshot;
}

const paths = getShortestPaths(wizardMachine, {
  fromState: modelStart(),
  events: modelEvents,
  serializeState: serialize as never,
  serializeEvent: (e) => JSON.stringify(e),
});

fakeTimersInEachTest();

describe('wizardMachine model', () => {
  it('reaches every step from 1 to 7, each error of the walk, and the verified notice', () => {
    const steps = new Set(paths.map((p) => p.state.context.step));
    expect([...steps].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const messages = new Set(paths.map((p) => p.state.context.error).filter(Boolean));
    expect([...messages].sort()).toEqual(
      [
        'Enter the OTP.',
        'Enter your city.',
        'Enter your email.',
        'Enter your full name.',
        'Enter your phone number.',
        'Phone number must be 10 digits',
        'Please enter the OTP.',
        'Please enter your address.',
        'Please upload an image or select a product via SKU.',
      ].sort(),
    );
    expect(paths.some((p) => p.state.context.notice === 'OTP verified successfully!')).toBe(true);
    expect(paths.length).toBeGreaterThan(50);
  });

  it('moves at most one step per customer event, and Back never below step 1', () => {
    for (const path of paths) {
      let prev = path.steps[0]!.state.context.step;
      for (const { event, state } of path.steps.slice(1)) {
        const moved = state.context.step - prev;
        if (event.type === 'step.back') expect([0, -1]).toContain(moved);
        else if (!event.type.startsWith('xstate.')) expect([0, 1]).toContain(moved);
        expect(state.context.step).toBeGreaterThanOrEqual(1);
        prev = state.context.step;
      }
    }
  });

  it('the running wizard follows the model on every path', async () => {
    for (const path of paths) {
      const w = startWizard();
      await settle();
      for (const [at, { event, state }] of path.steps.entries()) {
        if (at === 0) continue;
        if (event.type.startsWith('xstate.after.')) await settle(1500);
        else if (event.type.startsWith('xstate.')) await settle();
        else w.send(event);
        const live = w.snap();
        const seen = { at, event: event.type, flow: live.value.flow, step: live.context.step, error: live.context.error };
        expect(seen).toEqual({ at, event: event.type, flow: state.value.flow, step: state.context.step, error: state.context.error });
      }
      w.actor.stop();
    }
  }, 60_000);
});
