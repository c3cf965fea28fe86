// Moves focus to a new step's first field (or its heading) once the step is
// drawn. Focusing in the next frame, not while React commits the step, keeps the step's first paint one short task.
import { useEffect, useRef } from 'react';

export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return ref;
}
