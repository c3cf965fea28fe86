// A labelled question with GOV.UK-style hint and error above the input, tied by aria.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export type FieldA11y = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

type Props = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** The step's question: the label is the page heading (one question per page). */
  asHeading?: boolean;
  children: (a11y: FieldA11y) => ReactNode;
};

export function Field({ id, label, hint, error, asHeading, children }: Props) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const labelEl = (
    <label className={asHeading ? 'field__label field__label--heading' : 'field__label'} htmlFor={id}>
      {label}
    </label>
  );
  return (
    <div className={error ? 'field field--error' : 'field'}>
      {asHeading ? <h1 className="wizard__title">{labelEl}</h1> : labelEl}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} error={error} />
      {children({ id, ...(described ? { 'aria-describedby': described } : {}), ...(error ? { 'aria-invalid': true as const } : {}) })}
    </div>
  );
}

export function ErrorText({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p className="field__error" id={id} role="alert">
      <span className="visually-hidden">Error: </span>
      {error}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'children'>;

type TextFieldProps = Omit<Props, 'children'> &
  InputProps & {
    value: string;
    onValue?: (value: string) => void;
    inputRef?: Ref<HTMLInputElement>;
  };

/** A labelled text input: the question, its hint and error, and the input tied to them. */
export function TextField({
  id,
  label,
  hint,
  error,
  asHeading,
  value,
  onValue,
  inputRef,
  className = 'input',
  type = 'text',
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} asHeading={asHeading}>
      {(a11y) => (
        <input
          {...a11y}
          {...input}
          className={className}
          type={type}
          ref={inputRef}
          value={value}
          onChange={onValue ? (e) => onValue(e.target.value) : undefined}
        />
      )}
    </Field>
  );
}

/** A text field for an e-mail address: the e-mail keyboard and autofill, no capitals, no spell check. */
export const EmailField = (props: TextFieldProps) => (
  <TextField type="email" name="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} {...props} />
);

/** A text field for an e-mailed six-digit one-time code: the digit keyboard, and the code offered by the system's autofill. */
export const CodeField = (props: TextFieldProps) => (
  <TextField
    className="input input--code"
    name="one-time-code"
    inputMode="numeric"
    autoComplete="one-time-code"
    pattern="[0-9]*"
    maxLength={6}
    {...props}
  />
);

/**
 * A text input's ARIA as a combobox that offers the list `listId` (WAI-ARIA 1.2, list autocomplete): whether the list
 * is open, and the option the arrow keys are on (its id), read out while focus stays in the input.
 */
export const comboboxA11y = (listId: string, open: boolean, activeId: string | undefined) =>
  ({
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-activedescendant': activeId,
  }) as const;
