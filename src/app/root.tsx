// The whole app for one path: the browser renders it, and the build prerenders the start page from it, so the
// prerendered markup is exactly what the browser then hydrates.
import { StrictMode } from 'react';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { App } from './app';
import { ConfigContext } from './config-context';
import { RouterProvider } from './router';

type Props = {
  config: RuntimeConfig;
  /** The path to render without a window (at build time). */
  path?: string;
  onScreenShown?: () => void;
  /** The path whose screen the page carries already, prerendered: the app takes that markup over. */
  prerendered?: string;
};

export function Root({ config, path, onScreenShown, prerendered }: Props) {
  return (
    <StrictMode>
      <ConfigContext.Provider value={config}>
        <RouterProvider initialPath={path}>
          <App onScreenShown={onScreenShown} prerendered={prerendered} />
        </RouterProvider>
      </ConfigContext.Provider>
    </StrictMode>
  );
}
