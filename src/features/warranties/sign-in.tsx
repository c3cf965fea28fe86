// The customer's sign-in on /warranties: the wizard's e-mail and code steps (the customer sign-in machine, with the
// same texts and checks), through the unmodified Appwrite web SDK.
import { useEffect, useEffectEvent, useMemo, useRef, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import type { Account } from 'appwrite';
import { SIGN_IN_TEXTS } from '@/lib/customer-sign-in/sign-in-texts';
import { accountCalls, createSignInMachine } from '@/lib/customer-sign-in/sign-in.machine';
import { CodeField, EmailField } from '@/ui/field';

type Props = { account: Account; onSignedIn: () => void };

export function SignIn({ account, onSignedIn }: Props) {
  const machine = useMemo(() => createSignInMachine(accountCalls(account)), [account]);
  const [state, send] = useMachine(machine);
  const input = useRef<HTMLInputElement>(null);
  const step = state.matches('email') ? 'email' : 'code';
  const done = state.status === 'done';
  const sending = state.matches({ email: 'sendingCode' }) || state.matches({ code: 'resendingCode' });
  // Signed in, the page moves on to the list: the form stays as it was until then.
  const verifying = state.matches({ code: 'verifying' }) || done;
  const busy = sending || verifying;
  const { fields, error, notice } = state.context;

  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [step]);

  const signedIn = useEffectEvent(onSignedIn);
  useEffect(() => {
    if (done) signedIn();
  }, [done]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: step === 'email' ? 'code.send' : 'code.verify' });
  };
  const change = (field: 'email' | 'code') => (value: string) => send({ type: 'field.change', field, value });

  if (step === 'email')
    return (
      <form className="warranties__form" noValidate onSubmit={onSubmit} aria-label="Sign in">
        <p className="warranties__lead">Sign in with your email to see your registered purchases.</p>
        <EmailField
          id="email"
          label={SIGN_IN_TEXTS.emailLabel}
          hint={SIGN_IN_TEXTS.emailHint}
          error={error}
          inputRef={input}
          value={fields.email}
          onValue={change('email')}
        />
        <div className="warranties__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {sending ? SIGN_IN_TEXTS.sending : SIGN_IN_TEXTS.sendCode}
          </button>
        </div>
      </form>
    );

  const to = fields.email.trim();
  return (
    <form className="warranties__form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      <CodeField
        id="code"
        label={SIGN_IN_TEXTS.codeLabel}
        hint={to ? SIGN_IN_TEXTS.codeHintTo(to) : SIGN_IN_TEXTS.codeHint}
        error={error}
        inputRef={input}
        value={fields.code}
        onValue={change('code')}
      />
      <p className={notice ? 'notice' : 'notice notice--empty'} role="status">
        {notice}
      </p>
      <div className="warranties__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {verifying ? SIGN_IN_TEXTS.checking : SIGN_IN_TEXTS.verifyCode}
        </button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => send({ type: 'code.resend' })}>
          {sending ? SIGN_IN_TEXTS.sending : SIGN_IN_TEXTS.resendCode}
        </button>
        <button type="button" className="button button--quiet" disabled={busy} onClick={() => send({ type: 'step.back' })}>
          Use another email
        </button>
      </div>
    </form>
  );
}
