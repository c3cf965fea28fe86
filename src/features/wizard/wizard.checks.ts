// What stops steps 4 and 5 (the phone number, the address), as the wizard machine's guards and messages read it.
import { addressProblem, phoneProblem } from './wizard.rules';
import type { WizardContext } from './wizard.types';

export const stepProblems = {
  phone: (c: WizardContext) => phoneProblem(c.fields),
  address: (c: WizardContext) => addressProblem(c.fields, c.placeChosen),
};

/** The machine's showError with what stops the step. */
export const showProblem = (problem: (c: WizardContext) => string | null) => ({
  type: 'showError' as const,
  params: ({ context }: { context: WizardContext }) => ({ message: problem(context) ?? '' }),
});
