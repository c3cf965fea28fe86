// Step 7, thank you: where the certificate went, the customer's warranties, and the brand's jewelry care tips in a new
// tab.
import type { StepProps } from './step-props';
import { useFocusOnMount } from './use-focus-on-mount';

export function StepThanks({ state, send, careTipsUrl }: StepProps & { careTipsUrl: string }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const queued = state.context.outcome === 'queued';
  const { confirmLater, registeredEmail } = state.context;
  return (
    <div className="thanks">
      <div className="thanks__mark" aria-hidden="true">
        ✓
      </div>
      <h1 className="wizard__title thanks__title" ref={heading} tabIndex={-1}>
        Thank you!
      </h1>
      <p className="wizard__lead">Your jewelry is registered for a complimentary 1-year warranty.</p>
      {confirmLater && (
        <p className="notice notice--info" role="status">
          We'll email you a link to confirm your registration.
        </p>
      )}
      {queued && (
        <p className="notice notice--info" role="status">
          Your registration is saved on this device and will be sent automatically when the connection returns.
        </p>
      )}
      {!confirmLater && !queued && registeredEmail && (
        <p className="thanks__certificate">We've emailed your warranty certificate to {registeredEmail}.</p>
      )}
      <a className="button button--primary" href={careTipsUrl} target="_blank" rel="noopener noreferrer">
        JEWELRY CARE TIPS
      </a>
      <button type="button" className="button button--quiet" onClick={() => send({ type: 'wizard.restart' })}>
        Register another piece
      </button>
      <a className="thanks__warranties" href="/warranties">
        See your warranties
      </a>
    </div>
  );
}
