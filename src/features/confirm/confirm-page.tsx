// /confirm's screen: "Confirming your registration...", the question when another customer is signed in, and how the
// link ended (confirm-link.ts opens it).
import { useEffect, useRef, useState } from 'react';
import { appwrite } from '@/lib/appwrite';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { continueWithLink, openFromAddress, type ConfirmLink, type ConfirmState } from './confirm-link';

const TEXTS: Record<Exclude<ConfirmState, 'confirming' | 'ask' | 'kept'>, { title: string; text: string }> = {
  confirmed: { title: 'Your warranty registration is confirmed.', text: 'Thank you. Your complimentary 1-year warranty is active.' },
  renewed: {
    title: 'This link has expired',
    text: "This link has expired or was already used. If your registration still needs confirming, we've emailed you a fresh link.",
  },
  broken: { title: 'This link is not complete', text: 'Open the link from your email again, or copy the whole address into your browser.' },
  offline: {
    title: 'No connection',
    text: 'Your registration could not be confirmed because this device is offline. Try the link again when you are online.',
  },
  failed: {
    title: 'Something went wrong',
    text: 'Your registration could not be confirmed right now. Please try the link again in a few minutes.',
  },
};

const OTHER_ACCOUNT = "You're signed in with another email";

/** The link of the page's address, opened once the page is up: what to show, and the answers to the question. */
function useConfirmLink(config: RuntimeConfig) {
  const [state, setState] = useState<ConfirmState>('confirming');
  const [signedInEmail, setSignedInEmail] = useState('');
  /** The link being opened (kept here once it has left the address bar), for "Continue with this link". */
  const link = useRef<ConfirmLink | null>(null);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    const forget = (id: string) => window.history.replaceState(null, '', `/confirm?registration=${encodeURIComponent(id)}`);
    void openFromAddress(window.location.search, appwrite(config).account, forget).then((opened) => {
      if (!live.current) return;
      if (opened.state === 'ask') {
        link.current = opened.link;
        setSignedInEmail(opened.signedInAs);
      }
      setState(opened.state);
    });
    return () => {
      live.current = false;
    };
  }, [config]);

  const carryOn = async () => {
    setState('confirming');
    const ended = await continueWithLink(appwrite(config).account, link.current!);
    if (live.current) setState(ended);
  };
  return { state, signedInEmail, carryOn, stay: () => setState('kept') };
}

/** An address that may wrap after its @ on a narrow screen. */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return at < 0 ? (
    email
  ) : (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

type Props = { config: RuntimeConfig; onHome: () => void };

export function ConfirmPage({ config, onHome }: Props) {
  const { state, signedInEmail, carryOn, stay } = useConfirmLink(config);

  const home = (
    <button type="button" className="button button--primary" onClick={onHome}>
      Go to the start page
    </button>
  );

  if (state === 'confirming') return <p className="loading">Confirming your registration...</p>;
  if (state === 'ask' || state === 'kept')
    return (
      <main className="start">
        <h1 className="start__title">{OTHER_ACCOUNT}</h1>
        {state === 'ask' ? (
          <>
            <p className="start__subtitle" role="status">
              This link confirms a registration for another email address. You're signed in as <Address email={signedInEmail} />.
            </p>
            <button type="button" className="button button--primary" onClick={() => void carryOn()}>
              Continue with this link
            </button>
            <button type="button" className="button" onClick={stay}>
              Stay signed in
            </button>
          </>
        ) : (
          <>
            <p className="start__subtitle" role="status">
              You're still signed in as <Address email={signedInEmail} />. To confirm the registration, open the link from your email again.
            </p>
            {home}
          </>
        )}
      </main>
    );
  const { title, text } = TEXTS[state];
  return (
    <main className="start">
      <h1 className="start__title">{title}</h1>
      <p className="start__subtitle" role="status">
        {text}
      </p>
      {home}
    </main>
  );
}
