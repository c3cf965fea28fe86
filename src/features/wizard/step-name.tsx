// Step 1, the customer's full name.
import { useLayoutEffect, useRef } from 'react';
import { TextField } from '@/ui/field';
import type { StepProps } from './step-props';
import { useFocusOnMount } from './use-focus-on-mount';
import { NextAction } from './wizard-screen';

export function StepName({ state, send }: StepProps) {
  const first = useFocusOnMount<HTMLInputElement>();
  const { fields, error } = state.context;
  // Prerendered (login.html), the step may have been typed into before the app took it over: that text is the answer.
  const takenOver = useRef(false);
  useLayoutEffect(() => {
    if (takenOver.current) return;
    takenOver.current = true;
    const typed = first.current?.value ?? '';
    if (typed !== '' && typed !== fields.fullName) send({ type: 'field.change', field: 'fullName', value: typed });
  }, [first, fields.fullName, send]);
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
