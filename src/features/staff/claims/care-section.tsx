// A section of the edit dialog that opens a small form of its own ("New claim", "Record a visit"): its heading and
// the button that opens the form, and the form's frame: its fields, the error of the whole form, Cancel and the
// button that sends it. No <form>: the sections sit inside the edit form.
import { useId, type ReactNode } from 'react';
import type { CareFormState } from './use-care-form';
import './claims.css';

type SectionProps = { title: string; start: string; form: CareFormState; children: ReactNode };

export function CareSection({ title, start, form, children }: SectionProps) {
  const id = useId();
  return (
    <section className="care-section" aria-labelledby={`${id}-title`}>
      <div className="care-section__head">
        <h3 id={`${id}-title`}>{title}</h3>
        {!form.isOpen && (
          <button type="button" className="subs-button subs-button--small" onClick={form.start}>
            {start}
          </button>
        )}
      </div>
      {children}
    </section>
  );
}

type FormProps = {
  label: string;
  form: CareFormState;
  /** The send button's words, and its words while sending. */
  send: string;
  sending: string;
  children: ReactNode;
};

/** The open form: its fields, its own error, Cancel, and the button that sends it. */
export function CareForm({ label, form, send, sending, children }: FormProps) {
  const { errors, busy } = form;
  return (
    <div className="care-form" role="group" aria-label={label}>
      {children}
      {errors.form && (
        <p className="subs-field__error care-form__wide" role="alert">
          {errors.form}
        </p>
      )}
      <div className="care-form__actions">
        <button type="button" className="subs-button subs-button--small" onClick={form.close} disabled={busy}>
          Cancel
        </button>
        <button
          type="button"
          className="subs-button subs-button--small subs-button--primary"
          onClick={() => void form.submit()}
          disabled={busy}
        >
          {busy ? sending : send}
        </button>
      </div>
    </div>
  );
}
