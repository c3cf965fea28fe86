// Build time only (vite.config.ts): the start page rendered to HTML from the same components the browser runs, so
// `/` paints and works (Start is a link) before any script has loaded.
import { prerender } from 'react-dom/static';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { preloadScreen } from './app';
import { Root } from './root';

/** The markup of `/` for a deployment whose product is `productName` (the one brand setting the start page shows). */
export async function prerenderStartPage(productName: string): Promise<string> {
  // Only the brand is read while rendering `/`; the rest comes from app-config.json in the browser.
  const config = { brand: { productName } } as RuntimeConfig;
  await preloadScreen('/'); // as the browser does before its first render
  const { prelude } = await prerender(<Root config={config} path="/" />);
  return new Response(prelude).text();
}
