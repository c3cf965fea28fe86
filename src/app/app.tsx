// src/app/app.tsx: maps paths to screens. Each screen is its own chunk, loaded on first visit.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useNav } from './router';
import { UpdateBanner } from './update-banner';

const routes: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('./routes/start-page')),
  '/login': lazy(() => import('./routes/registration')),
  // Staff screens: their code (and supabase-js) loads only when one of these paths is opened.
  '/login/staff': lazy(() => import('./routes/staff-sign-in')),
  '/home': lazy(() => import('./routes/staff-home')),
  '/account': lazy(() => import('./routes/staff-account')),
  '/submission': lazy(() => import('./routes/staff-submissions')),
  '/submissionslist': lazy(() => import('./routes/staff-submissions-list')),
};
const NotFound = lazy(() => import('./routes/not-found'));

export function App() {
  const { path } = useNav();
  const Screen = routes[path.replace(/\/+$/, '') || '/'] ?? NotFound;
  return (
    <>
      <UpdateBanner />
      <Suspense fallback={<p className="loading">Loading...</p>}>
        <Screen />
      </Suspense>
    </>
  );
}
