// What every step screen gets: the machine's snapshot and its send.
import type { WizardEvent, WizardSnapshot } from './wizard.machine';

export type StepProps = { state: WizardSnapshot; send: (event: WizardEvent) => void };
