// Build time only (build/prerender-pages.ts): pages rendered to HTML from the same components the browser runs. `/`
// paints and works (Start is a link) before any script has loaded; /login paints the first step of a new run, ready to
// type into.
import { prerender } from 'react-dom/static';
import type { ReactNode } from 'react';
import { STORAGE_KEYS } from '@/features/wizard/drafts';
import { CONFIG_STORAGE_KEY, type RuntimeConfig } from '@/lib/runtime-config';
import { preloadScreen } from './app';
import { Root } from './root';

const html = async (app: ReactNode) => new Response((await prerender(app)).prelude).text();

/** The markup of `/` for a deployment whose product is `productName` (the one brand setting the start page shows). */
export async function prerenderStartPage(productName: string): Promise<string> {
  // Only the brand is read while rendering `/`; the rest comes from app-config.json in the browser.
  const config = { brand: { productName } } as RuntimeConfig;
  await preloadScreen('/'); // as the browser does before its first render
  return html(<Root config={config} path="/" prerendered="/" />);
}

/** The markup of /login for a new run: step 1, empty, as the wizard draws it before it has looked for a saved run. */
export async function prerenderFirstStep(productName: string): Promise<string> {
  const config = { brand: { productName } } as RuntimeConfig;
  await preloadScreen('/login');
  return html(<Root config={config} path="/login" prerendered="/login" />);
}

/**
 * The script login.html runs before it paints: it marks a device that has never run the app (no saved configuration,
 * no wizard step), the only one where the prerendered step 1 may show. Anywhere else a saved run could come back on
 * another step, so the page shows "Loading..." until the app knows. A plain script: it must run before the first paint.
 * Until the app has taken the step over (src/app/prerendered.tsx), a press of its button or Enter in its field is kept
 * on the page's root for the app to act on: the page alone would do nothing.
 */
export const firstRunScript = `try {
  if (localStorage.getItem(${JSON.stringify(CONFIG_STORAGE_KEY)}) === null && localStorage.getItem(${JSON.stringify(STORAGE_KEYS.step)}) === null) {
    document.documentElement.dataset.firstRun = '';
    const keep = (target) => {
      const root = document.getElementById('root');
      if (root && root.dataset.prerendered !== undefined && root.contains(target)) root.dataset.pressed = '';
    };
    document.addEventListener('click', (e) => e.target instanceof Element && e.target.closest('button') && keep(e.target), true);
    document.addEventListener('keydown', (e) => e.key === 'Enter' && e.target instanceof HTMLInputElement && keep(e.target), true);
  }
} catch {
  /* no storage to read: the app decides */
}
`;
