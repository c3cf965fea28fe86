// The frame of every step: Back, a quiet "Step n of 6", a status line, and the step's form.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LIMITS } from './wizard.rules';

type Props = { step: number; error: string | null; onBack?: () => void; onEnter: () => void; status?: ReactNode; children: ReactNode };

export function WizardScreen({ step, error, onBack, onEnter, status, children }: Props) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // A new error takes the customer to the field it is about (its message is read out with it).
    if (error) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  // Enter in a text field is the step's own Enter (SPEC.md section 2); buttons keep their own Enter.
  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const t = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.defaultPrevented || e.nativeEvent.isComposing) return;
    if (t instanceof HTMLInputElement && !['button', 'submit', 'file', 'checkbox', 'radio'].includes(t.type)) {
      e.preventDefault();
      onEnter();
    }
  };
  const total = LIMITS.lastFormStep;
  return (
    <main className="wizard">
      {step <= total && (
        <header className="wizard__bar">
          {onBack ? (
            <button type="button" className="wizard__back" onClick={onBack}>
              <span aria-hidden="true">‹</span> Back
            </button>
          ) : (
            <span />
          )}
          <p className="wizard__progress">
            Step {step} of {total}
          </p>
          {/* One segment per step, the done ones filled: no width in a style attribute (the prerendered page's policy
              refuses those). */}
          <div className="wizard__meter" aria-hidden="true">
            {Array.from({ length: total }, (_, i) => (
              <span key={i} data-done={i < step ? '' : undefined} />
            ))}
          </div>
        </header>
      )}
      {status}
      {/* The app handles Enter; before it has taken over a prerendered step, "dialog" keeps Enter in a field from sending
          the form as a page load (outside a dialog, such a form goes nowhere). */}
      <form ref={form} className="wizard__form" method="dialog" noValidate onKeyDown={onKeyDown} onSubmit={(e) => e.preventDefault()}>
        {children}
      </form>
    </main>
  );
}

/** The Next button of a step whose only action is to go on. */
export function NextAction({ onNext }: { onNext: () => void }) {
  return (
    <div className="wizard__actions">
      <button type="button" className="button button--primary" onClick={onNext}>
        Next
      </button>
    </div>
  );
}
