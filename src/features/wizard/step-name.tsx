// Step 1, the customer's full name.
import { TextField } from '@/ui/field';
import type { StepProps } from './step-props';
import { useFocusOnMount } from './use-focus-on-mount';
import { NextAction } from './wizard-screen';

export function StepName({ state, send }: StepProps) {
  const first = useFocusOnMount<HTMLInputElement>();
  const { fields, error } = state.context;
  return (
    <>
      <TextField
        id="fullName"
        label="Your Full Name"
        hint="As you would like it on your warranty."
        error={error}
        asHeading
        name="name"
        autoComplete="name"
        autoCapitalize="words"
        spellCheck={false}
        inputRef={first}
        value={fields.fullName}
        onValue={(value) => send({ type: 'field.change', field: 'fullName', value })}
      />
      <NextAction onNext={() => send({ type: 'step.next' })} />
    </>
  );
}
