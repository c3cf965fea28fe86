// /confirm: the link e-mailed to a customer who registered at a counter without the code. Opening it (on any device)
// signs the customer in with the link's one-time secret and confirms the registration; an expired or used link
// asks for a fresh one.
import { useEffect, useState } from 'react';
import { appwrite } from '@/lib/appwrite';
import { callFunction } from '@/lib/functions';
import { useConfig } from '../config-context';
import { useNav } from '../router';

type State = 'confirming' | 'confirmed' | 'renewed' | 'broken' | 'offline' | 'failed';

const TEXTS: Record<Exclude<State, 'confirming'>, { title: string; text: string }> = {
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

const statusOf = (err: unknown) => (typeof err === 'object' && err !== null && 'code' in err ? Number((err as { code: unknown }).code) : 0);

export default function ConfirmRegistration() {
  const config = useConfig();
  const { navigate } = useNav();
  const [state, setState] = useState<State>('confirming');

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const [id, userId, secret] = [q.get('registration'), q.get('userId'), q.get('secret')];
    if (!id || !userId || !secret) return setState('broken');
    let live = true;
    const done = (s: State) => live && setState(s);
    void (async () => {
      const { account } = appwrite(config);
      try {
        const current = await account.get().catch(() => null);
        if (current?.$id !== userId) {
          if (current) await account.deleteSession({ sessionId: 'current' }).catch(() => undefined);
          await account.createSession({ userId, secret });
        }
        // The secret is spent: the address bar keeps no credential.
        window.history.replaceState(null, '', `/confirm?registration=${encodeURIComponent(id)}`);
        const { jwt } = await account.createJWT();
        const res = await callFunction('confirmRegistration', { customerJwt: jwt, body: { id } });
        done(res.ok ? 'confirmed' : res.status >= 500 ? 'failed' : 'broken');
      } catch (err) {
        if (err instanceof TypeError || statusOf(err) === 0) return done('offline');
        if (statusOf(err) !== 401) return done('failed');
        // Expired or already used: a fresh link goes to the registration's e-mail (the answer is the same either way).
        const res = await callFunction('renewConfirmation', { body: { id, userId } }).catch(() => null);
        done(res?.ok ? 'renewed' : 'failed');
      }
    })();
    return () => {
      live = false;
    };
  }, [config]);

  if (state === 'confirming') return <p className="loading">Confirming your registration...</p>;
  const { title, text } = TEXTS[state];
  return (
    <main className="start">
      <h1 className="start__title">{title}</h1>
      <p className="start__subtitle" role="status">
        {text}
      </p>
      <button type="button" className="button button--primary" onClick={() => navigate('/')}>
        Go to the start page
      </button>
    </main>
  );
}
