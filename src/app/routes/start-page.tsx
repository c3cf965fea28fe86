// The landing page of SPEC.md: logo, "{product} Form", the subtitle, and Start
// (focused at once). Start, or Enter anywhere on the page, goes to /login.
import { useEffect, useRef } from 'react';
import { useConfig } from '../config-context';
import { useNav } from '../router';
import { InstallButton } from '../install-button';
import { useCounterStore } from '@/lib/counter-device';

export default function StartPage() {
  const { brand } = useConfig();
  const { navigate } = useNav();
  const store = useCounterStore();
  const start = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    start.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && !e.defaultPrevented && e.target === document.body) navigate('/login');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);

  return (
    <main className="start">
      <img className="start__logo" src="/logo.svg" alt={`${brand.productName} logo`} width={96} height={96} />
      {store && <p className="start__store">{store}</p>}
      <h1 className="start__title">{brand.productName} Form</h1>
      <p className="start__subtitle">To claim your complimentary 1-year warranty on your jewelry, kindly fill out this form.</p>
      <button ref={start} type="button" className="button button--primary" onClick={() => navigate('/login')}>
        Start
      </button>
      <InstallButton />
    </main>
  );
}
