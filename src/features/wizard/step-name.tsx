// Step 1, the customer's full name.
import { Field } from './field';
import type { StepProps } from './step-props';
import { useFocusOnMount } from './use-focus-on-mount';
import { NextAction } from './wizard-screen';

export function StepName({ state, send }: StepProps) {
  const first = useFocusOnMount<HTMLInputElement>();
  const { fields, error } = state.context;
  return (
    <>
      <Field id="fullName" label="Your Full Name" hint="As you would like it on your warranty." error={error} asHeading>
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            type="text"
            name="name"
            autoComplete="name"
            autoCapitalize="words"
            spellCheck={false}
            ref={first}
            value={fields.fullName}
            onChange={(e) => send({ type: 'field.change', field: 'fullName', value: e.target.value })}
          />
        )}
      </Field>
      <NextAction onNext={() => send({ type: 'step.next' })} />
    </>
  );
}
