// src/features/wizard/use-focus-on-mount.ts: moves focus to a step's heading when the step has no first text field.
import { useEffect, useRef } from 'react';

export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
