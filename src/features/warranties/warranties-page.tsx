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
import type { ClaimOutboxEntry } from '@/db/types';
import type { LoadPhotoPath } from './claim-photos';
import type { ClaimRuntime } from './claim-runtime';
import { SignIn } from './sign-in';
import type { WarrantyCard } from './warranty-cards';
import './warranties.css';

type Props = {
  config: RuntimeConfig;
  onRegisterAnother: () => void;
  /** The wizard's photo path (downscaling in its worker), loaded when a first photo of a problem is chosen. */
  loadPhotos: LoadPhotoPath;
  /** Called once the page shows its content (the sign-in, or the customer's list), not the check before it. */
  onShown?: () => void;
};

type View =
  | { kind: 'checking' }
  | { kind: 'signIn' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'list'; cards: WarrantyCard[]; Card: typeof import('./warranty-list').Card };

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

export function WarrantiesPage({ config, onRegisterAnother, loadPhotos, onShown }: Props) {
  const { account, storage } = appwrite(config);
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [claims, setClaims] = useState<{ runtime: ClaimRuntime; userId: string; kept: ClaimOutboxEntry[] } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /** The server's list; `quietly` keeps the cards on screen meanwhile and says nothing when it fails. */
  const load = useCallback(
    async (quietly = false) => {
      if (!quietly) setView({ kind: 'loading' });
      try {
        // The server says which registrations are this customer's (their own, and staff imports made out to their
        // verified address) and what stands on each (claims, coverage, inspections): the page lists what it answers.
        const { jwt } = await account.createJWT();
        const [list, answer] = await Promise.all([import('./warranty-list'), callFunction('listWarranties', { customerJwt: jwt })]);
        if (answer.ok) {
          const { warranties } = answer.data;
          return setView({ kind: 'list', cards: list.cardsOf(warranties.map(list.docOf), warranties), Card: list.Card });
        }
        if (quietly) return;
        if (answer.status === 401) return setView({ kind: 'signIn' });
        setView({ kind: 'failed', message: UNAVAILABLE });
      } catch (err) {
        if (quietly) return;
        if (statusOf(err) === 401) return setView({ kind: 'signIn' });
        setView({ kind: 'failed', message: statusOf(err) === 0 ? OFFLINE : UNAVAILABLE });
      }
    },
    [account],
  );

  // Once the list is up, the reports and replies kept on this device are shown and sent; when one reaches the
  // server the list is read again first, so its card goes straight from "kept" to the server's claim.
  const listed = view.kind === 'list';
  useEffect(() => {
    if (!listed) return;
    let stop: (() => void) | undefined;
    let live = true;
    void (async () => {
      const [{ $id: userId }, { startClaimRuntime }] = await Promise.all([account.get(), import('./claim-runtime')]);
      // The runner may report before startClaimRuntime has answered: its report waits for the runtime.
      const held: { runtime?: ClaimRuntime } = {};
      const runtime = (held.runtime = await startClaimRuntime(config, userId, async (kept, sent) => {
        if (sent) await load(true);
        if (live && held.runtime) setClaims({ runtime: held.runtime, userId, kept });
      }));
      if (!live) return runtime.stop();
      stop = runtime.stop;
      await runtime.refresh();
    })().catch(() => undefined); // no session or no database: the cards show without the claims' buttons
    return () => {
      live = false;
      stop?.();
    };
  }, [listed, account, config, load]);

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
    setClaims(null);
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
            <p className="note-panel warranties__empty">No registrations yet.</p>
          ) : (
            <ul className="warranties__list" aria-label="Registered purchases">
              {view.cards.map((card) => (
                <li key={card.id}>
                  <view.Card
                    card={card}
                    thumb={thumb}
                    account={account}
                    kept={claims?.kept.filter((e) => e.registrationId === card.id) ?? []}
                    claims={claims && { runtime: claims.runtime, userId: claims.userId, loadPhotos }}
                  />
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
