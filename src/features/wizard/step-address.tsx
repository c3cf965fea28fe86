// Step 5, the address, with suggestions for line 1, a state picker and the country fixed to United States.
import type { KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { addressLookup, suggestionsShown } from './wizard.view';
import type { AddressRef } from './address.machine';
import { useLibraryFor } from './phone-library-need';
import { US_STATES, findUsState } from './us-zip-states';
import { addressProblems, COUNTRY_NAME, type AddressProblems } from './wizard.rules';
import { comboboxA11y, Field, TextField } from '@/ui/field';
import type { StepProps } from './step-props';
import type { TextField as TextFieldName } from './wizard.types';
import { useFocusOnMount } from './use-focus-on-mount';
import { NextAction } from './wizard-screen';

type AddressField = { id: TextFieldName; label: string; autoComplete: string; numeric?: boolean };

/** The fields after line 1; each one's autofill name is also its form name. */
const ADDRESS_FIELDS = {
  line2: { id: 'addressLine2', label: 'Apartment, suite, etc. (optional)', autoComplete: 'address-line2' },
  city: { id: 'city', label: 'City', autoComplete: 'address-level2' },
  zip: { id: 'zip', label: 'ZIP code', autoComplete: 'postal-code', numeric: true },
} satisfies Record<string, AddressField>;

/** The state picker: its value is the state's code (as a chosen suggestion fills it), its options the names. */
function StateSelect({ value, error, onValue }: { value: string; error?: string; onValue: (value: string) => void }) {
  // A chosen place's state that is none of the list still shows as it came.
  const unlisted = value && !findUsState(value) ? value : null;
  return (
    <Field id="state" label="State" error={error}>
      {(a11y) => (
        <select
          {...a11y}
          className="input select"
          name="address-level1"
          autoComplete="address-level1"
          value={value}
          onChange={(e) => onValue(e.target.value)}
        >
          <option value="">Choose…</option>
          {unlisted && <option value={unlisted}>{unlisted}</option>}
          {US_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function StepAddress({ state, send }: StepProps) {
  const first = useFocusOnMount<HTMLInputElement>();
  const { fields, error, placeChosen } = state.context;
  // After a refused Next, each answer that stops the step says why beside it.
  const problems: AddressProblems = error ? addressProblems(fields, placeChosen) : {};
  const line1Error = problems.addressLine1 ?? (error && !Object.values(problems).includes(error) ? error : null);
  // A reload here still submits with the phone library at hand where the stored number is read with it.
  useLibraryFor(fields.phoneCountry);
  const lookup = useSelector(addressLookup(state) as AddressRef, (a) => a);
  const { suggestions, highlighted } = lookup.context;
  const suggestionsOpen = suggestionsShown(lookup);
  const change = (field: TextFieldName) => (value: string) => send({ type: 'field.change', field, value });
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const events = { ArrowDown: 'suggestions.next', ArrowUp: 'suggestions.prev', Escape: 'suggestions.dismiss' } as const;
    const type = events[e.key as keyof typeof events];
    if (!type || !suggestionsOpen) return;
    e.preventDefault();
    send({ type });
  };
  const optionId = (i: number) => `address-option-${i}`;
  const text = (f: AddressField) => (
    <TextField
      id={f.id}
      label={f.label}
      name={f.autoComplete}
      autoComplete={f.autoComplete}
      inputMode={f.numeric ? 'numeric' : undefined}
      value={fields[f.id]}
      error={problems[f.id as keyof AddressProblems]}
      onValue={change(f.id)}
    />
  );

  return (
    <>
      <h1 className="wizard__title">Address</h1>
      <p className="wizard__lead">Where you live, so your warranty can find you.</p>
      <Field id="addressLine1" label="Address line 1" hint="Start typing, then choose your address." error={line1Error}>
        {(a11y) => (
          <div className="combo">
            <input
              {...a11y}
              className="input"
              type="text"
              name="address-line1"
              autoComplete="address-line1"
              {...comboboxA11y(
                'address-suggestions',
                suggestionsOpen,
                suggestionsOpen && highlighted >= 0 ? optionId(highlighted) : undefined,
              )}
              ref={first}
              value={fields.addressLine1}
              onChange={(e) => change('addressLine1')(e.target.value)}
              onFocus={() => send({ type: 'address.focus' })}
              onBlur={() => send({ type: 'address.blur' })}
              onKeyDown={onKeyDown}
            />
            <ul id="address-suggestions" role="listbox" aria-label="Suggested addresses" className="combo__list" hidden={!suggestionsOpen}>
              {suggestionsOpen &&
                suggestions.map((s, i) => (
                  <li
                    key={s.place_id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === highlighted}
                    className={i === highlighted ? 'combo__option combo__option--active' : 'combo__option'}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => send({ type: 'suggestion.choose', index: i })}
                  >
                    <span className="combo__main">{s.structured_formatting?.main_text ?? s.description}</span>
                    {s.structured_formatting && <span className="combo__secondary">{s.structured_formatting.secondary_text}</span>}
                  </li>
                ))}
            </ul>
          </div>
        )}
      </Field>
      {text(ADDRESS_FIELDS.line2)}
      {text(ADDRESS_FIELDS.city)}
      <div className="field-row">
        <StateSelect value={fields.state} error={problems.state} onValue={change('state')} />
        {text(ADDRESS_FIELDS.zip)}
      </div>
      <TextField
        id="country"
        label="Country"
        className="input input--readonly"
        name="country-name"
        autoComplete="off"
        readOnly
        value={COUNTRY_NAME}
      />
      <NextAction onNext={() => send({ type: 'step.next' })} />
    </>
  );
}
