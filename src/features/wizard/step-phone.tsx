// Step 4, the phone number with its country code (United States by default).
import { CountryPicker } from './country-picker';
import { useLibraryFor } from './phone-library-need';
import { ErrorText } from '@/ui/field';
import type { StepProps } from './step-props';
import { useFocusOnMount } from './use-focus-on-mount';
import { NextAction } from './wizard-screen';

export function StepPhone({ state, send }: StepProps) {
  const first = useFocusOnMount<HTMLInputElement>();
  const { fields, error } = state.context;
  // A number outside +1 is checked with the library: fetched as soon as such a country is chosen.
  useLibraryFor(fields.phoneCountry);
  return (
    <>
      <h1 className="wizard__title">Phone Number</h1>
      <p className="wizard__lead">In case we need to reach you about your warranty.</p>
      <div className={error ? 'field field--error' : 'field'}>
        <ErrorText id="phone-error" error={error} />
        <div className="phone">
          <CountryPicker value={fields.phoneCountry} onChange={(code) => send({ type: 'phone.country', code })} />
          <div className="phone__number">
            <label className="field__label" htmlFor="phone">
              Phone number
            </label>
            <input
              id="phone"
              className="input"
              type="tel"
              name="tel-national"
              inputMode="numeric"
              autoComplete="tel-national"
              ref={first}
              aria-describedby={error ? 'phone-error' : undefined}
              aria-invalid={error ? true : undefined}
              value={fields.phone}
              onChange={(e) => send({ type: 'field.change', field: 'phone', value: e.target.value })}
            />
          </div>
        </div>
      </div>
      <NextAction onNext={() => send({ type: 'step.next' })} />
    </>
  );
}
