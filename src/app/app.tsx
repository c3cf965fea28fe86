// Maps paths to screens. Each screen is its own chunk, loaded on first visit.
import { lazy, Suspense, type ComponentType } from 'react';
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
};
const notFound: Screen = () => import('./routes/not-found');
const screenFor = (path: string) => screens[path.replace(/\/+$/, '') || '/'] ?? notFound;

// Screens that report themselves shown once their own data is on screen (the wizard restores a draft first).
const reportsItself = new Set<Screen>([screens['/login']!]);

const routes = new Map(
  Object.values(screens)
    .concat(notFound)
    .map((load) => [load, lazy(load)]),
);

/** Starts downloading the screen of `path` at once, while the runtime configuration is still on its way. */
export const preloadScreen = (path: string) => void screenFor(path)().catch(() => undefined);

/** Renders nothing; its effect runs once the screen beside it (not the fallback) is on the page. */
function Shown() {
  useScreenShown();
  return null;
}

export function App({ onScreenShown }: { onScreenShown?: () => void }) {
  const { path } = useNav();
  const load = screenFor(path);
  const Screen = routes.get(load)!;
  return (
    <ScreenShownContext.Provider value={onScreenShown}>
      <UpdateBanner />
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <Screen />
        {!reportsItself.has(load) && <Shown />}
      </Suspense>
    </ScreenShownContext.Provider>
  );
}
