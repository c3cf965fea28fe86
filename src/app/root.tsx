// The whole app for one path: the browser renders it, and the build prerenders the start page from it, so the
// prerendered markup is exactly what the browser then hydrates.
import { StrictMode } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { App } from './app';
import { ConfigContext } from './config-context';
import { RouterProvider } from './router';

export function Root({ config, path, onScreenShown }: { config: RuntimeConfig; path?: string; onScreenShown?: () => void }) {
  return (
    <StrictMode>
      <ConfigContext.Provider value={config}>
        <RouterProvider initialPath={path}>
          <App onScreenShown={onScreenShown} />
        </RouterProvider>
      </ConfigContext.Provider>
    </StrictMode>
  );
}
