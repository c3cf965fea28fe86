// Whether the screen being drawn is the one the page arrived with, prerendered at build time (src/app/prerender.tsx)
// and on screen already: its first render then matches that markup, so the app takes it over (hydration) as it is.
import { createContext, useContext } from 'react';

export const PrerenderedContext = createContext(false);

export const usePrerendered = () => useContext(PrerenderedContext);

/**
 * The app has the prerendered step now. Until then login.html's first script kept a press of the step's button or
 * Enter in its field (src/app/prerender.tsx), which a page without its app would not act on: whether there was one.
 */
export function takeOverPrerendered(): { pressed: boolean } {
  const root = document.getElementById('root');
  if (!root || root.dataset.prerendered === undefined) return { pressed: false };
  const pressed = root.dataset.pressed !== undefined;
  delete root.dataset.prerendered;
  delete root.dataset.pressed;
  return { pressed };
}
