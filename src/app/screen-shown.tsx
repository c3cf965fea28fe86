// Tells the app when the first screen shows its content, so background work (sending queued
// registrations) starts after it, not in its way.
import { createContext, useContext, useEffect } from 'react';

export const ScreenShownContext = createContext<(() => void) | undefined>(undefined);

/** Reports the screen as shown once `shown` is true (a screen that first loads its own data passes false until then). */
export function useScreenShown(shown = true) {
  const onShown = useContext(ScreenShownContext);
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
}
