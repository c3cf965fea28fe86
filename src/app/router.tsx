// A small history-API router. Route screens load lazily, so a customer's phone never
// downloads staff code.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

type Nav = { path: string; navigate: (to: string, opts?: { replace?: boolean }) => void };
const NavContext = createContext<Nav | null>(null);

/** `initialPath` renders a path without a window (the start page prerendered at build time). */
export function RouterProvider({ children, initialPath }: { children: ReactNode; initialPath?: string }) {
  const [path, setPath] = useState(() => initialPath ?? window.location.pathname);
  useEffect(() => {
    const onPop = () => setPath(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate: Nav['navigate'] = (to, opts) => {
    if (opts?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    setPath(new URL(to, window.location.origin).pathname);
  };
  return <NavContext.Provider value={{ path, navigate }}>{children}</NavContext.Provider>;
}

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav outside RouterProvider');
  return nav;
}
