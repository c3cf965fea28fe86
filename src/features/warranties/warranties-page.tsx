// /warranties: "Your warranties". The customer signs in with their email and code (the wizard's texts), then sees one
// card per registration whose verified owner address is theirs (their own, a counter's they confirmed, a staff import
// made out to it), newest first, each with its certificate to download. The list is the server's answer
// (listWarranties), nothing filtered here.
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { appwrite } from '@/lib/appwrite';
import { statusOf } from '@/lib/appwrite-errors';
import { endSession } from '@/lib/customer-sign-in/account';
import { callFunction } from '@/lib/functions';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { previewSizeFor } from '@/shared/previews';
import { SignIn } from './sign-in';
import { cardsOf, certificateName, docOf, type WarrantyCard } from './warranty-cards';
import './warranties.css';

type Props = {
  config: RuntimeConfig;
  onRegisterAnother: () => void;
  /** Called once the page shows its content (the sign-in, or the customer's list), not the check before it. */
  onShown?: () => void;
};

type View =
  | { kind: 'checking' }
  | { kind: 'signIn' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'list'; cards: WarrantyCard[] };

// Shown 80 px wide; twice that for sharp phone screens, in the nearest size the server makes previews in.
const THUMB = previewSizeFor(160);
const OFFLINE = 'Your warranties could not be loaded: this device seems to be offline. Check your connection, then try again.';
const UNAVAILABLE = 'Your warranties could not be loaded right now. Please try again in a moment.';

function RegisterAnother({ onRegisterAnother }: Pick<Props, 'onRegisterAnother'>) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onRegisterAnother();
  };
  return (
    <a className="button button--primary" href="/login" onClick={go}>
      Register another purchase
    </a>
  );
}

export function WarrantiesPage({ config, onRegisterAnother, onShown }: Props) {
  const { account, storage } = appwrite(config);
  const [view, setView] = useState<View>({ kind: 'checking' });
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    setView({ kind: 'loading' });
    try {
      // The server says which registrations are this customer's (their own, and staff imports made out to their
      // verified address): the page lists what it answers.
      const { jwt } = await account.createJWT();
      const answer = await callFunction('listWarranties', { customerJwt: jwt });
      if (answer.ok) return setView({ kind: 'list', cards: cardsOf(answer.data.warranties.map(docOf)) });
      if (answer.status === 401) return setView({ kind: 'signIn' });
      setView({ kind: 'failed', message: UNAVAILABLE });
    } catch (err) {
      if (statusOf(err) === 401) return setView({ kind: 'signIn' });
      setView({ kind: 'failed', message: statusOf(err) === 0 ? OFFLINE : UNAVAILABLE });
    }
  }, [account]);

  useEffect(() => {
    let live = true;
    account.get().then(
      () => live && void load(),
      () => live && setView({ kind: 'signIn' }),
    );
    return () => {
      live = false;
    };
  }, [account, load]);

  useEffect(() => {
    if (view.kind === 'list') heading.current?.focus();
  }, [view.kind]);

  const shown = view.kind === 'signIn' || view.kind === 'list' || view.kind === 'failed';
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);

  const signOut = async () => {
    await endSession(account);
    setView({ kind: 'signIn' });
  };

  const thumb = (fileId: string) => storage.getFilePreview({ bucketId: config.bucketId, fileId, width: THUMB, quality: 80 });

  return (
    <main className="warranties">
      <header className="warranties__header">
        <h1 className="warranties__title" ref={heading} tabIndex={-1}>
          Your warranties
        </h1>
        {(view.kind === 'list' || view.kind === 'failed' || view.kind === 'loading') && (
          <button type="button" className="button button--quiet button--small" onClick={() => void signOut()}>
            Sign out
          </button>
        )}
      </header>

      {view.kind === 'checking' && (
        <p className="loading" role="status">
          Checking whether you are signed in…
        </p>
      )}
      {view.kind === 'signIn' && <SignIn account={account} onSignedIn={() => void load()} />}
      {view.kind === 'loading' && (
        <p className="loading" role="status">
          Loading your warranties…
        </p>
      )}
      {view.kind === 'failed' && (
        <div className="warranties__problem">
          <p className="field__error" role="alert">
            {view.message}
          </p>
          <button type="button" className="button button--primary" onClick={() => void load()}>
            Try again
          </button>
        </div>
      )}
      {view.kind === 'list' && (
        <>
          {view.cards.length === 0 ? (
            <p className="warranties__empty">No registrations yet.</p>
          ) : (
            <ul className="warranties__list" aria-label="Registered purchases">
              {view.cards.map((card) => (
                <li key={card.id}>
                  <Card card={card} thumb={thumb} account={account} />
                </li>
              ))}
            </ul>
          )}
          <div className="warranties__actions">
            <RegisterAnother onRegisterAnother={onRegisterAnother} />
          </div>
        </>
      )}
    </main>
  );
}

type CardProps = { card: WarrantyCard; thumb: (fileId: string) => string; account: ReturnType<typeof appwrite>['account'] };

function Card({ card, thumb, account }: CardProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed' | 'signedOut'>('idle');
  const titleId = `warranty-${card.id}`;

  const download = async () => {
    setState('busy');
    try {
      const { jwt } = await account.createJWT();
      const answer = await callFunction('warrantyCertificate', { customerJwt: jwt, query: { id: card.id } });
      if (!answer.ok) return setState(answer.status === 401 ? 'signedOut' : 'failed');
      const url = URL.createObjectURL(answer.data);
      const a = document.createElement('a');
      a.href = url;
      a.download = certificateName(card.id);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch (err) {
      setState(statusOf(err) === 401 ? 'signedOut' : 'failed');
    }
  };

  return (
    <article className="warranty" aria-labelledby={titleId}>
      <h2 className="warranty__products" id={titleId}>
        {card.products.map((p, i) => (
          <span key={i} className="warranty__product">
            {p}
          </span>
        ))}
      </h2>
      {card.photoIds.length > 0 && (
        <ul className="warranty__photos" aria-label="Photos">
          {card.photoIds.map((id, i) => (
            <li key={id}>
              <img
                className="warranty__photo"
                src={thumb(id)}
                alt={`Photo ${i + 1} of ${card.photoIds.length}`}
                width={80}
                height={80}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
      <p className="warranty__dates">
        <span>{card.registeredOn}</span>
        <strong>{card.coveredUntil}</strong>
      </p>
      {card.pending ? (
        <p className="warranty__note">Awaiting email confirmation: open the link we emailed you to get your certificate.</p>
      ) : (
        <button type="button" className="button button--small" disabled={state === 'busy'} onClick={() => void download()}>
          {state === 'busy' ? 'Preparing…' : 'Download certificate'}
        </button>
      )}
      {state === 'failed' && (
        <p className="field__error" role="alert">
          The certificate could not be downloaded. Check your connection, then try again.
        </p>
      )}
      {state === 'signedOut' && (
        <p className="field__error" role="alert">
          Your sign-in has expired. Sign out, then sign in again with your email to download the certificate.
        </p>
      )}
    </article>
  );
}
