// The customer's sign-in on /warranties: the wizard's e-mail and code steps, with the same texts and checks
// (src/shared/sign-in-texts.ts), through the unmodified Appwrite web SDK.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Account } from 'appwrite';
import {
  classifyVerifyError,
  codeProblem,
  emailProblem,
  sanitizeCode,
  sendErrorMessage,
  SIGN_IN_MESSAGES,
  SIGN_IN_TEXTS,
  verifyErrorMessage,
} from '@/shared/sign-in-texts';
import { CodeField, EmailField } from '@/ui/field';

type Props = { account: Account; onSignedIn: () => void };

const typeOf = (err: unknown) => (typeof err === 'object' && err !== null && 'type' in err ? String((err as { type: unknown }).type) : '');

export function SignIn({ account, onSignedIn }: Props) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState<'sending' | 'verifying' | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [step]);

  const sendCode = async (again: boolean) => {
    const problem = emailProblem(email);
    if (problem) return setError(problem);
    setError(null);
    setNotice('');
    setBusy('sending');
    try {
      const token = await account.createEmailToken({ userId: 'unique()', email: email.trim() });
      setUserId(token.userId);
      if (again) setNotice(SIGN_IN_TEXTS.resent(email.trim()));
      else {
        setCode('');
        setStep('code');
      }
    } catch (err) {
      setError(sendErrorMessage(err));
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    const problem = codeProblem(code, userId !== null);
    if (problem) return setError(problem);
    setError(null);
    setNotice('');
    setBusy('verifying');
    const create = () => account.createSession({ userId: userId!, secret: code });
    try {
      try {
        await create();
      } catch (err) {
        // A session left in this browser (someone else's) blocks a new one: end it and try once more.
        if (typeOf(err) !== 'user_session_already_exists') throw err;
        await account.deleteSession({ sessionId: 'current' });
        await create();
      }
      setNotice(SIGN_IN_MESSAGES.codeVerified);
      onSignedIn();
    } catch (err) {
      const kind = classifyVerifyError(err);
      if (kind === 'expired') setUserId(null);
      setError(verifyErrorMessage(kind));
      setBusy(null);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void (step === 'email' ? sendCode(false) : verify());
  };

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
          value={email}
          onValue={setEmail}
        />
        <div className="warranties__actions">
          <button type="submit" className="button button--primary" disabled={busy !== null}>
            {busy === 'sending' ? SIGN_IN_TEXTS.sending : SIGN_IN_TEXTS.sendCode}
          </button>
        </div>
      </form>
    );

  const to = email.trim();
  return (
    <form className="warranties__form" noValidate onSubmit={onSubmit} aria-label="Sign in">
      <CodeField
        id="code"
        label={SIGN_IN_TEXTS.codeLabel}
        hint={to ? SIGN_IN_TEXTS.codeHintTo(to) : SIGN_IN_TEXTS.codeHint}
        error={error}
        inputRef={input}
        value={code}
        onValue={(value) => setCode(sanitizeCode(value))}
      />
      <p className={notice ? 'notice' : 'notice notice--empty'} role="status">
        {notice}
      </p>
      <div className="warranties__actions">
        <button type="submit" className="button button--primary" disabled={busy !== null}>
          {busy === 'verifying' ? SIGN_IN_TEXTS.checking : SIGN_IN_TEXTS.verifyCode}
        </button>
        <button type="button" className="button button--quiet" disabled={busy !== null} onClick={() => void sendCode(true)}>
          {busy === 'sending' ? SIGN_IN_TEXTS.sending : SIGN_IN_TEXTS.resendCode}
        </button>
        <button
          type="button"
          className="button button--quiet"
          disabled={busy !== null}
          onClick={() => {
            setError(null);
            setNotice('');
            setStep('email');
          }}
        >
          Use another email
        </button>
      </div>
    </form>
  );
}
