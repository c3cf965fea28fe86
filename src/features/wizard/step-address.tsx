// Step 5, the address, with suggestions for line 1 and the country fixed to United States.
import type { KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { addressLookup, suggestionsShown } from './wizard.view';
import type { AddressRef } from './address.machine';
import { COUNTRY_NAME } from './wizard.rules';
import { Field } from './field';
import type { StepProps } from './step-props';
import type { TextField } from './wizard.types';
import { useFocusOnMount } from './use-focus-on-mount';
import { NextAction } from './wizard-screen';

export function StepAddress({ state, send }: StepProps) {
  const first = useFocusOnMount<HTMLInputElement>();
  const { fields, error } = state.context;
  const lookup = useSelector(addressLookup(state) as AddressRef, (a) => a);
  const { suggestions, highlighted } = lookup.context;
  const suggestionsOpen = suggestionsShown(lookup);
  const change = (field: TextField) => (e: { target: { value: string } }) => send({ type: 'field.change', field, value: e.target.value });
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const events = { ArrowDown: 'suggestions.next', ArrowUp: 'suggestions.prev', Escape: 'suggestions.dismiss' } as const;
    const type = events[e.key as keyof typeof events];
    if (!type || !suggestionsOpen) return;
    e.preventDefault();
    send({ type });
  };
  const optionId = (i: number) => `address-option-${i}`;

  return (
    <>
      <h1 className="wizard__title">Address</h1>
      <p className="wizard__lead">Where you live, so your warranty can find you.</p>
      <Field id="addressLine1" label="Address line 1" hint="Start typing, then choose your address." error={error}>
        {(a11y) => (
          <div className="combo">
            <input
              {...a11y}
              className="input"
              type="text"
              name="address-line1"
              autoComplete="address-line1"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={suggestionsOpen}
              aria-controls="address-suggestions"
              aria-activedescendant={suggestionsOpen && highlighted >= 0 ? optionId(highlighted) : undefined}
              ref={first}
              value={fields.addressLine1}
              onChange={change('addressLine1')}
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
      <Field id="addressLine2" label="Apartment, suite, etc. (optional)">
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            type="text"
            name="address-line2"
            autoComplete="address-line2"
            value={fields.addressLine2}
            onChange={change('addressLine2')}
          />
        )}
      </Field>
      <Field id="city" label="City">
        {(a11y) => (
          <input
            {...a11y}
            className="input"
            type="text"
            name="address-level2"
            autoComplete="address-level2"
            value={fields.city}
            onChange={change('city')}
          />
        )}
      </Field>
      <div className="field-row">
        <Field id="state" label="State">
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              type="text"
              name="address-level1"
              autoComplete="address-level1"
              value={fields.state}
              onChange={change('state')}
            />
          )}
        </Field>
        <Field id="zip" label="ZIP code">
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              type="text"
              name="postal-code"
              inputMode="numeric"
              autoComplete="postal-code"
              value={fields.zip}
              onChange={change('zip')}
            />
          )}
        </Field>
      </div>
      <Field id="country" label="Country">
        {(a11y) => (
          <input
            {...a11y}
            className="input input--readonly"
            type="text"
            name="country-name"
            autoComplete="off"
            readOnly
            value={COUNTRY_NAME}
          />
        )}
      </Field>
      <NextAction onNext={() => send({ type: 'step.next' })} />
    </>
  );
}
