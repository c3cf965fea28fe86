// Maps paths to screens. Each screen is its own chunk, loaded on first visit.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { PrerenderedContext } from './prerendered';
import { useNav } from './router';
import { ScreenShownContext, useScreenShown } from './screen-shown';
import { UpdateBanner } from './update-banner';

type Screen = () => Promise<{ default: ComponentType }>;

const screens: Record<string, Screen> = {
  '/': () => import('./routes/start-page'),
  '/login': () => import('./routes/registration'),
  '/confirm': () => import('./routes/confirm-registration'),
  '/warranties': () => import('./routes/warranties'),
  // Staff screens: their code (and supabase-js) loads only when one of these paths is opened.
  '/login/staff': () => import('./routes/staff-sign-in'),
  '/home': () => import('./routes/staff-home'),
  '/account': () => import('./routes/staff-account'),
  '/submission': () => import('./routes/staff-submissions'),
  '/submissionslist': () => import('./routes/staff-submissions-list'),
  '/staff/photo/': () => import('./routes/staff-photo'), // /staff/photo/{fileId}
  '/claims': () => import('./routes/staff-claims'),
  '/claims/': () => import('./routes/staff-claim'), // /claims/{id}
};
const notFound: Screen = () => import('./routes/not-found');
const prefixed = (path: string) => ['/staff/photo/', '/claims/'].find((p) => path.startsWith(p));
const screenFor = (path: string) => screens[path.replace(/\/+$/, '') || '/'] ?? screens[prefixed(path) ?? ''] ?? notFound;

// Screens that report themselves shown once their own data is on screen (the wizard restores a draft first, and
// /warranties checks the customer's sign-in).
const reportsItself = new Set<Screen>([screens['/login']!, screens['/warranties']!]);

// Screens whose code is here already render at once; the others through lazy(), with "Loading..." meanwhile. Each
// screen's choice is made once and kept, so a screen is never swapped for another component (and remounted).
const loaded = new Map<Screen, ComponentType>();
const load = (screen: Screen) =>
  screen().then((m) => {
    loaded.set(screen, m.default);
    return m;
  });
const components = new Map<Screen, ComponentType>();
const componentFor = (screen: Screen): ComponentType => {
  let component = components.get(screen);
  if (!component) {
    component = loaded.get(screen) ?? lazy(() => load(screen));
    components.set(screen, component);
  }
  return component;
};

/**
 * Starts downloading the screen of `path` at once, while the runtime configuration is still on its way. The first
 * render waits for it, so the first screen shows without a "Loading..." step (which React keeps up for at least
 * 300 ms once shown).
 */
export const preloadScreen = (path: string): Promise<void> =>
  load(screenFor(path)).then(
    () => undefined,
    () => undefined,
  );

/** Renders nothing; its effect runs once the screen beside it (not the fallback) is on the page. */
function Shown() {
  useScreenShown();
  return null;
}

/** `prerendered`: the path whose screen the page's HTML carries, prerendered (until the person goes elsewhere). */
export function App({ onScreenShown, prerendered }: { onScreenShown?: () => void; prerendered?: string }) {
  const { path } = useNav();
  const [firstPath, setFirstPath] = useState(prerendered);
  if (firstPath !== undefined && firstPath !== path) setFirstPath(undefined);
  const screen = screenFor(path);
  const Screen = componentFor(screen);
  return (
    <ScreenShownContext.Provider value={onScreenShown}>
      <UpdateBanner />
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <PrerenderedContext.Provider value={firstPath === path}>
          <Screen />
        </PrerenderedContext.Provider>
        {!reportsItself.has(screen) && <Shown />}
      </Suspense>
    </ScreenShownContext.Provider>
  );
}
