// Context updates written beside the regions they belong to, bound in the wizard's setup one line each.
import { assign, type EventObject, type ProvidedActor } from 'xstate';
import type { WizardContext, WizardEvent } from './wizard.types';

/** `update` as an action of the wizard's setup (the setup's event and actor types are inferred where it is bound). */
export const wizardUpdate = <P, TEvent extends EventObject, TActor extends ProvidedActor>(
  update: (args: { context: WizardContext; event: WizardEvent }, params: P) => Partial<WizardContext>,
) => assign<WizardContext, WizardEvent, P, TEvent, TActor>(({ context, event }, params) => update({ context, event }, params));
