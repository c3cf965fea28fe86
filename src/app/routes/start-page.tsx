// The landing page of SPEC.md: logo, "{product} Form", the subtitle, and Start (focused at once). Start, or Enter
// anywhere on the page, goes to /login. The build prerenders this page (src/app/prerender.tsx): Start is a real link,
// so the page works before any script has run; once the app is loaded it moves on without a page load.
import { useEffect, useRef, type MouseEvent } from 'react';
import { useConfig } from '../config-context';
import { useNav } from '../router';
import { InstallButton } from '../install-button';
import { useCounterStore } from '@/lib/counter-device';

export default function StartPage() {
  const { brand } = useConfig();
  const { navigate } = useNav();
  const store = useCounterStore();
  const start = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    // Unless the person has already moved on (into the address bar, or to Install app) before the app loaded.
    if (document.activeElement === document.body || document.activeElement === null) start.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && !e.defaultPrevented && e.target === document.body) navigate('/login');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  const onStart = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab or window is the browser's
    e.preventDefault();
    navigate('/login');
  };

  return (
    <main className="start">
      <img className="start__logo" src="/logo.svg" alt={`${brand.productName} logo`} width={96} height={96} />
      {store && <p className="start__store">{store}</p>}
      <h1 className="start__title">{brand.productName} Form</h1>
      <p className="start__subtitle">To claim your complimentary 1-year warranty on your jewelry, kindly fill out this form.</p>
      {/* autoFocus is written into the prerendered page too, so Start has focus before any script runs. */}
      <a ref={start} href="/login" className="button button--primary" autoFocus onClick={onStart}>
        Start
      </a>
      <a className="start__warranties" href="/warranties">
        Already registered? See your warranties
      </a>
      <InstallButton />
    </main>
  );
}
