// Reads the runtime configuration, applies the brand, and starts the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@fontsource/cormorant-garamond/latin-500.css';
import '@fontsource/cormorant-garamond/latin-600.css';
import './styles.css';
import { App, preloadScreen } from './app/app';
import { ConfigContext } from './app/config-context';
import { RouterProvider } from './app/router';
import { loadRuntimeConfig } from './lib/runtime-config';
import { readableAccent } from './lib/brand-colors';
import { registerServiceWorker } from './lib/service-worker';
import { listenForInstallOffer } from './lib/install-prompt';

const root = createRoot(document.getElementById('root')!);
preloadScreen(window.location.pathname);

loadRuntimeConfig().then(
  (config) => {
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
    root.render(
      <StrictMode>
        <ConfigContext.Provider value={config}>
          <RouterProvider>
            <App onScreenShown={startOutbox} />
          </RouterProvider>
        </ConfigContext.Provider>
      </StrictMode>,
    );
  },
  (err: unknown) => {
    console.error(err);
    root.render(
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
