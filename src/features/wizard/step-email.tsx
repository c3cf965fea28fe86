// Step 2, the email address that receives the one-time code.
import { SIGN_IN_TEXTS } from '@/lib/customer-sign-in/sign-in-texts';
import { wizardView } from './wizard.view';
import { EmailField } from '@/ui/field';
import type { StepProps } from './step-props';
import { useFocusOnMount } from './use-focus-on-mount';

export function StepEmail({ state, send }: StepProps) {
  const first = useFocusOnMount<HTMLInputElement>();
  const { fields, error } = state.context;
  const { busy, canConfirmLater } = wizardView(state);
  return (
    <>
      <EmailField
        id="email"
        label={SIGN_IN_TEXTS.emailLabel}
        hint={SIGN_IN_TEXTS.emailHint}
        error={error}
        asHeading
        inputRef={first}
        value={fields.email}
        onValue={(value) => send({ type: 'field.change', field: 'email', value })}
      />
      <div className="wizard__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => send({ type: 'code.send' })}>
          {busy ? SIGN_IN_TEXTS.sending : SIGN_IN_TEXTS.sendCode}
        </button>
        {canConfirmLater && (
          <button type="button" className="button button--quiet" disabled={busy} onClick={() => send({ type: 'code.later' })}>
            Confirm by email later
          </button>
        )}
      </div>
      {canConfirmLater && (
        <p className="notice notice--info">
          The code cannot be sent right now. You can finish here and confirm your registration from the email we send you later.
        </p>
      )}
    </>
  );
}
