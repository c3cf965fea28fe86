// Browser Back and Forward move between the wizard's steps: each step the customer moves on to is a history entry at
// the same URL. The stored step still decides where a reload opens (the entries only follow it).
import { useCallback, useEffect, useRef } from 'react';
import type { Actor } from 'xstate';
import type { createWizardMachine } from './wizard.machine';
import { LIMITS } from './wizard.rules';
import type { WizardContext, WizardEvent } from './wizard.types';

type WizardActor = Actor<ReturnType<typeof createWizardMachine>>;
/** What a wizard entry carries: its step, its place among the wizard's entries, and the step of the entry before. */
type Entry = { wizardStep: number; wizardIndex: number; wizardFrom?: number };

const entryNow = (): Partial<Entry> & Record<string, unknown> => (window.history.state ?? {}) as Partial<Entry>;

/** The event that moves one step on without doing anything on the customer's behalf (no code sent or checked). */
function forwardEvent(c: WizardContext): WizardEvent | null {
  if (c.step === 2) return { type: 'step.forward' };
  if (c.step === 3) return c.isVerified ? { type: 'step.next' } : null;
  return c.step < LIMITS.lastFormStep ? { type: 'step.next' } : null;
}

/** Moves the wizard one step at a time towards `want`; stops where a step does not let it go on. */
function walkTo(actor: WizardActor, want: number): number {
  let now = actor.getSnapshot().context.step;
  while (now !== want) {
    const event = want < now ? ({ type: 'step.back' } as const) : forwardEvent(actor.getSnapshot().context);
    if (!event) break;
    actor.send(event);
    const next = actor.getSnapshot().context.step;
    if (next === now) break;
    now = next;
  }
  return now;
}

/** Keeps the history entries in step with the wizard; returns what the wizard's own Back button does. */
export function useStepHistory(actor: WizardActor, step: number, restoring: boolean): () => void {
  // The wizard entry the page is on, by its place among them: whether a popped entry is Back or Forward.
  const at = useRef(0);
  useEffect(() => {
    if (restoring) return;
    const entry = entryNow();
    if (entry.wizardStep === undefined) window.history.replaceState({ ...entry, wizardStep: step, wizardIndex: 0 }, '');
    else if (step > entry.wizardStep)
      window.history.pushState({ wizardStep: step, wizardIndex: (entry.wizardIndex ?? 0) + 1, wizardFrom: entry.wizardStep }, '');
    else if (step < entry.wizardStep) {
      // Sent back by the wizard itself (its Back without an entry, an expired session, a new run): this entry becomes that step.
      const { wizardFrom, ...rest } = entry;
      const from = wizardFrom !== undefined && wizardFrom < step ? { wizardFrom } : {};
      window.history.replaceState({ ...rest, wizardStep: step, ...from }, '');
    }
    at.current = entryNow().wizardIndex ?? 0;
  }, [step, restoring]);

  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      const entry = (e.state ?? {}) as Partial<Entry>;
      if (entry.wizardStep === undefined) return;
      const index = entry.wizardIndex ?? 0;
      const wentBack = index < at.current;
      at.current = index;
      const now = actor.getSnapshot().context.step;
      // Registered: its steps are gone, so Back leaves the wizard for the page before it.
      if (wentBack && now > LIMITS.lastFormStep) return window.history.go(-(index + 1));
      // Back never moves a run on (a new run, or one sent back to sign in): to the wizard's first entry instead.
      if (wentBack && entry.wizardStep > now) return index > 0 ? window.history.go(-index) : undefined;
      const reached = walkTo(actor, entry.wizardStep);
      if (reached !== entry.wizardStep) window.history.replaceState({ ...entry, wizardStep: reached }, '');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [actor]);

  return useCallback(() => {
    const entry = entryNow();
    // The entry before is the step before: Back is the browser's, so Forward can return.
    if (entry.wizardStep === step && entry.wizardFrom !== undefined && entry.wizardFrom < step) window.history.back();
    else actor.send({ type: 'step.back' });
  }, [actor, step]);
}
