// A labelled field of the staff screens: the label, the error under it (when there is one) and the control, tied to
// them by aria; a choice among labelled values; and each field's error from a failed check of the contract's schema.
import type { ChangeEvent, ReactElement } from 'react';
import type { z } from 'zod';

/** The first words of each field's issues, by field. */
export const fieldErrors = (error: z.ZodError): Record<string, string> =>
  Object.fromEntries(error.issues.map((i) => [String(i.path[0]), i.message]));

export type StaffFieldA11y = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };

type Props = {
  id: string;
  label: string;
  error?: string;
  /** A class the field adds to its own. */
  className?: string;
  children: (a11y: StaffFieldA11y) => ReactElement;
};

export function StaffField({ id, label, error, className, children }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className={['subs-field', error ? 'subs-field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="subs-field__error" id={errorId}>
          {error}
        </p>
      )}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
    </div>
  );
}

type ChoicesProps = StaffFieldA11y & {
  /** The labels, by value. */
  choices: Readonly<Record<string, string>>;
  value: string;
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
};

/** A select of `choices`, in their order, under "Choose..." (no value). */
export function Choices({ choices, ...select }: ChoicesProps) {
  return (
    <select {...select}>
      <option value="">Choose...</option>
      {Object.entries(choices).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}
