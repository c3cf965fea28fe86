// /confirm: the link e-mailed to a customer who registered at a counter without the code. Opening it (on any device)
// signs the customer in to the account of the address the link was mailed to (openConfirmationLink answers a
// one-minute sign-in for it) and confirms the registration. A browser signed in to another account is asked first,
// never switched silently. An expired, used or older link asks for a fresh one.
import { useEffect, useRef, useState } from 'react';
import { appwrite, type AppwriteClients } from '@/lib/appwrite';
import { callFunction } from '@/lib/functions';
import { useConfig } from '../config-context';
import { useNav } from '../router';

type State = 'confirming' | 'ask' | 'kept' | 'confirmed' | 'renewed' | 'broken' | 'offline' | 'failed';

const TEXTS: Record<Exclude<State, 'confirming' | 'ask' | 'kept'>, { title: string; text: string }> = {
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

const statusOf = (err: unknown) => (typeof err === 'object' && err !== null && 'code' in err ? Number((err as { code: unknown }).code) : 0);

type SignIn = { userId: string; secret: string };

/** A fresh link to the registration's own address (the answer is the same whether one went or not). */
async function renew(id: string): Promise<State> {
  const res = await callFunction('renewConfirmation', { body: { id } }).catch(() => null);
  return res?.ok ? 'renewed' : 'failed';
}

/** Opens the link: the sign-in it answers, or what to show. A network failure rejects. */
async function openLink(id: string, key: string): Promise<SignIn | State> {
  const res = await callFunction('openConfirmationLink', { body: { registration: id, key } });
  if (res.ok) return (await res.json()) as SignIn;
  if (res.status === 410) return 'renewed'; // expired: the server has already sent a fresh link
  if (res.status === 404) return renew(id); // used, replaced by a newer one, or unknown
  return res.status === 422 ? 'broken' : 'failed';
}

/** Signs in with the link's sign-in (unless already signed in to that account) and confirms. */
async function signInAndConfirm(
  account: AppwriteClients['account'],
  id: string,
  signIn: SignIn,
  signedInAs: string | null,
): Promise<State> {
  if (signedInAs !== signIn.userId) await account.createSession(signIn);
  const { jwt } = await account.createJWT();
  const res = await callFunction('confirmRegistration', { customerJwt: jwt, body: { id } });
  return res.ok ? 'confirmed' : res.status >= 500 ? 'failed' : 'broken';
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

const failureOf = (err: unknown): State => (err instanceof TypeError || statusOf(err) === 0 ? 'offline' : 'failed');

export default function ConfirmRegistration() {
  const config = useConfig();
  const { navigate } = useNav();
  const [state, setState] = useState<State>('confirming');
  const [signedInEmail, setSignedInEmail] = useState('');
  /** The link being opened (kept here once it has left the address bar), for "Continue with this link". */
  const link = useRef<{ id: string; key: string } | null>(null);
  const live = useRef(true);
  const done = (s: State) => {
    if (live.current) setState(s);
  };

  useEffect(() => {
    live.current = true;
    const q = new URLSearchParams(window.location.search);
    const [id, key] = [q.get('registration'), q.get('key')];
    const forget = () => window.history.replaceState(null, '', `/confirm?registration=${encodeURIComponent(id ?? '')}`);
    if (!id) {
      setState('broken');
      return;
    }
    const { account } = appwrite(config);
    void (async () => {
      try {
        if (!key) {
          // An older link (a user id and a secret) opens nothing any more: a fresh link goes out instead.
          if (q.get('userId') && q.get('secret')) {
            forget();
            return done(await renew(id));
          }
          return done('broken');
        }
        const current = await account.get().catch(() => null);
        const opened = await openLink(id, key);
        // The key leaves the address bar as soon as the server has answered for it.
        forget();
        if (typeof opened === 'string') return done(opened);
        link.current = { id, key };
        if (current && current.$id !== opened.userId) {
          // Someone else's session in this browser is never replaced without asking.
          setSignedInEmail(current.email);
          return done('ask');
        }
        done(await signInAndConfirm(account, id, opened, current?.$id ?? null));
      } catch (err) {
        done(failureOf(err));
      }
    })();
    return () => {
      live.current = false;
    };
  }, [config]);

  const continueWithLink = async () => {
    const { account } = appwrite(config);
    const { id, key } = link.current!;
    setState('confirming');
    try {
      await account.deleteSession({ sessionId: 'current' }).catch(() => undefined);
      // A fresh sign-in: the first one lasts a minute, and the question may have waited longer.
      const opened = await openLink(id, key);
      if (typeof opened === 'string') return done(opened);
      done(await signInAndConfirm(account, id, opened, null));
    } catch (err) {
      done(failureOf(err));
    }
  };

  const home = (
    <button type="button" className="button button--primary" onClick={() => navigate('/')}>
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
            <button type="button" className="button button--primary" onClick={() => void continueWithLink()}>
              Continue with this link
            </button>
            <button type="button" className="button" onClick={() => setState('kept')}>
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
