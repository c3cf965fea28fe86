// src/app/app.tsx: maps paths to screens. Each screen is its own chunk, loaded on first visit.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useNav } from './router';
import { UpdateBanner } from './update-banner';

const routes: Record<string, LazyExoticComponent<ComponentType>> = {
  '/': lazy(() => import('./routes/start-page')),
  '/login': lazy(() => import('./routes/registration-closed')),
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
