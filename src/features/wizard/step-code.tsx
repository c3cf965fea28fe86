// Step 3, the emailed one-time code: Verify OTP and Resend OTP.
import { SIGN_IN_TEXTS } from '@/lib/customer-sign-in/sign-in-texts';
import { wizardView } from './wizard.view';
import { CodeField } from '@/ui/field';
import type { StepProps } from './step-props';
import { useFocusOnMount } from './use-focus-on-mount';

export function StepCode({ state, send }: StepProps) {
  const first = useFocusOnMount<HTMLInputElement>();
  const { fields, error, notice, isVerified } = state.context;
  const view = wizardView(state);
  const email = fields.email.trim();
  return (
    <>
      <CodeField
        id="code"
        label={SIGN_IN_TEXTS.codeLabel}
        hint={email ? SIGN_IN_TEXTS.codeHintTo(email) : SIGN_IN_TEXTS.codeHint}
        error={error}
        asHeading
        inputRef={first}
        readOnly={view.verified}
        value={fields.code}
        onValue={(value) => send({ type: 'field.change', field: 'code', value })}
      />
      <p className={notice ? 'notice' : 'notice notice--empty'} role="status">
        {notice}
      </p>
      <div className="wizard__actions">
        {isVerified && !view.verified ? (
          <button type="button" className="button button--primary" onClick={() => send({ type: 'step.next' })}>
            Next
          </button>
        ) : (
          <button
            type="button"
            className={view.verified ? 'button button--primary button--verified' : 'button button--primary'}
            disabled={!view.canVerify || view.busy || view.verified}
            onClick={() => send({ type: 'code.verify' })}
          >
            {view.verified ? 'Verified' : view.verifying ? SIGN_IN_TEXTS.checking : SIGN_IN_TEXTS.verifyCode}
          </button>
        )}
        <button
          type="button"
          className="button button--quiet"
          disabled={view.busy || view.verified}
          onClick={() => send({ type: 'code.resend' })}
        >
          {view.sending ? SIGN_IN_TEXTS.sending : SIGN_IN_TEXTS.resendCode}
        </button>
      </div>
    </>
  );
}
