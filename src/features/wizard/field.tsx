// A labelled question with GOV.UK-style hint and error above the input, tied by aria.
import type { ReactNode } from 'react';

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
