// The registration wizard wired to this device, the Appwrite session and the outbox: the machine built once per page
// load, the page-wide Enter key, the draft saved when the page hides, and held registrations sent once verified again.
import { use, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { appDb } from '@/db/schema';
import type { CustomerAccount } from '@/lib/customer-sign-in/account';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { StepAddress } from './step-address';
import { StepCode } from './step-code';
import { StepEmail } from './step-email';
import { StepName } from './step-name';
import { StepPhone } from './step-phone';
import { StepProducts } from './step-products';
import type { StepProps } from './step-props';
import { StepThanks } from './step-thanks';
import { sendHeldRegistrations, submitThroughOutbox } from './submit';
import { createWizardActors } from './wizard.actors';
import { createWizardMachine } from './wizard.machine';
import { useStepHistory } from './wizard.history';
import { wizardView } from './wizard.view';
import { WizardScreen } from './wizard-screen';
import { IdleWarning } from './idle-warning';
import { useCounterStore } from '@/lib/counter-device';

/** The customer's Appwrite account; the SDK is fetched on the first call (sending the code), not with step 1. */
function lazyAccount(config: () => RuntimeConfig): CustomerAccount {
  const account = () => import('@/lib/appwrite').then((m) => m.appwrite(config()).account);
  return {
    createEmailToken: async (params) => (await account()).createEmailToken(params),
    createSession: async (params) => (await account()).createSession(params),
    getSession: async (params) => (await account()).getSession(params),
    deleteSession: async (params) => (await account()).deleteSession(params),
  };
}

// The page's runtime configuration, set by the screen before its machine starts (it is one object per page load).
let pageConfig: RuntimeConfig | null = null;
const configNow = () => {
  if (!pageConfig) throw new Error('The wizard started before the configuration was loaded.');
  return pageConfig;
};

// Building the machine is the heaviest part of opening /login: it gets a task of its own right after this module loads,
// instead of lengthening the first render. The build draws a new run's first step from this page too
// (src/app/prerender.tsx): there, without a window, the machine only gives its first state and nothing of it runs.
const wizardMachine = new Promise<ReturnType<typeof createWizardMachine>>((resolve) =>
  setTimeout(() =>
    resolve(
      typeof window === 'undefined'
        ? createWizardMachine()
        : createWizardMachine(
            createWizardActors({
              account: lazyAccount(configNow),
              db: appDb(),
              keys: window.localStorage,
              fetch: (input, init) => fetch(input, init),
              submitRegistration: (input) => submitThroughOutbox(configNow())(input),
            }),
          ),
    ),
  ),
);

const STEPS: Record<number, ComponentType<StepProps>> = {
  1: StepName,
  2: StepEmail,
  3: StepCode,
  4: StepPhone,
  5: StepAddress,
  6: StepProducts,
};

type Props = {
  config: RuntimeConfig;
  /** Beside the step's progress: the outbox's queue pill (told which set-aside registration is being fixed). */
  status?: (wizard: { fixing: string | null }) => ReactNode;
  /** Called once the restored step is on screen. */
  onShown?: () => void;
  /** A counter is done with its customer (registered, or walked away): the start page comes back. */
  onLeave: () => void;
  /**
   * Step 1 of a new run is on screen already, prerendered (login.html on a device that never ran the app, so no saved
   * run can come back): it stays while the draft is looked up, instead of "Loading...". Called once the wizard has the
   * step: whether Next (or Enter) was pressed on it before, which the wizard then acts on.
   */
  firstStep?: () => { pressed: boolean };
};

export function RegistrationPage({ config, status, onShown, onLeave, firstStep }: Props) {
  pageConfig = config;
  const machine = use(wizardMachine);
  const [state, send, actor] = useMachine(machine);
  const store = useCounterStore();
  useEffect(() => {
    if (store !== undefined) send({ type: 'counter.set', counter: { store, timings: config.counter } });
  }, [store, config.counter, send]);
  useEffect(() => {
    if (store === null || store === undefined) return;
    // Any touch or key keeps a counter's wizard awake.
    const awake = () => send({ type: 'activity' });
    const events = ['pointerdown', 'keydown', 'input'] as const;
    for (const e of events) document.addEventListener(e, awake, { passive: true });
    return () => events.forEach((e) => document.removeEventListener(e, awake));
  }, [store, send]);
  const photos = useRef(state.context.photos);
  photos.current = state.context.photos;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && !e.defaultPrevented && e.target === document.body) send({ type: 'key.enter' });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [send]);
  useEffect(() => {
    const flush = () => send({ type: 'draft.flush' });
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
    };
  }, [send]);
  useEffect(() => () => photos.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const view = wizardView(state);
  useEffect(() => {
    if (view.left) onLeave();
  }, [view.left, onLeave]);
  const { step, userId } = state.context;
  const back = useStepHistory(actor, step, view.restoring);
  const email = state.context.fields.email.trim();
  useEffect(() => {
    // Verified again: registrations held for this customer's sign-in are sent now.
    if (view.verified && userId) void sendHeldRegistrations(userId, email).catch((err: unknown) => console.warn(err));
  }, [view.verified, userId, email]);
  useEffect(() => {
    if (!view.restoring) window.scrollTo(0, 0);
  }, [step, view.restoring]);

  useEffect(() => {
    if (!view.restoring) onShown?.();
  }, [view.restoring, onShown]);
  const firstStepTaken = useRef(false);
  const name = state.context.fields.fullName;
  useEffect(() => {
    if (view.restoring || !firstStep || firstStepTaken.current) return;
    firstStepTaken.current = true;
    const { pressed } = firstStep();
    if (step !== 1) return;
    // Typed while the draft was looked up (the draft keeps only what comes after): saved now, as any answer is.
    if (name !== '') send({ type: 'field.change', field: 'fullName', value: name });
    if (pressed) send({ type: 'step.next' });
  }, [view.restoring, firstStep, step, name, send]);

  if (view.restoring && !firstStep) return <p className="loading">Loading...</p>;
  const Step = STEPS[step];
  return (
    <WizardScreen
      step={step}
      error={state.context.error}
      onBack={step >= 2 && step <= 6 ? back : undefined}
      onEnter={() => send({ type: 'key.enter' })}
      status={status?.({ fixing: state.context.fixingEntryId })}
    >
      {Step ? <Step state={state} send={send} /> : <StepThanks state={state} send={send} careTipsUrl={config.brand.careTipsUrl} />}
      {view.idleWarning && <IdleWarning onContinue={() => send({ type: 'idle.continue' })} seconds={config.counter.warningSeconds} />}
    </WizardScreen>
  );
}
