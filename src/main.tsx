// Reads the runtime configuration, applies the brand, and starts the app: on / and /login it hydrates the page the
// build prerendered (it is on screen already); on every other path it renders into the shell.
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import './styles.css';
import { preloadScreen } from './app/app';
import { Root } from './app/root';
import { loadRuntimeConfig } from './lib/runtime-config';
import { readableAccent } from './lib/brand-colors';
import { registerServiceWorker } from './lib/service-worker';
import { listenForInstallOffer } from './lib/install-prompt';

const container = document.getElementById('root')!;
const path = window.location.pathname;
// start.html carries the start page, prerendered, and login.html the wizard's first step; each is hydrated only on the
// path it was rendered for. The first step is for a device that has never run the app (no saved run can come back
// on another step): login.html's first script says so before the page paints, and the page shows it only then.
const prerendered =
  container.dataset.prerendered === path && (path !== '/login' || document.documentElement.dataset.firstRun !== undefined);
const screen = preloadScreen(path);

/** A prerendered page the app does not take over is the shell again ("Loading..."), until the app has drawn it. */
function toShell() {
  if (container.dataset.prerendered === undefined) return;
  delete container.dataset.prerendered;
  const loading = document.createElement('p');
  loading.className = 'loading';
  loading.textContent = 'Loading...';
  container.replaceChildren(loading);
}

Promise.all([loadRuntimeConfig(), screen]).then(
  ([config]) => {
    document.documentElement.style.setProperty('--accent', config.brand.accent);
    document.documentElement.style.setProperty('--accent-text', readableAccent(config.brand.accent));
    document.title = config.brand.productName;
    // Queued registrations start sending once the first screen is up (not before: its code comes first), on every route.
    let runner = false;
    const startOutbox = () => {
      if (runner) return;
      runner = true;
      setTimeout(
        () => void import('./app/outbox-runner').then((m) => m.startOutboxRunner(config)).catch((err: unknown) => console.warn(err)),
        0,
      );
    };
    const app = <Root config={config} onScreenShown={startOutbox} prerendered={prerendered ? path : undefined} />;
    if (prerendered) hydrateRoot(container, app);
    else {
      toShell();
      createRoot(container).render(app);
    }
  },
  (err: unknown) => {
    console.error(err);
    toShell();
    createRoot(container).render(
      <main className="start" role="alert">
        <h1 className="start__title">This app cannot start</h1>
        <p className="start__subtitle">Its settings could not be loaded. Check the connection and try again.</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </main>,
    );
  },
);

registerServiceWorker();
listenForInstallOffer();
