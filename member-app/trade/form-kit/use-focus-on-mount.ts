// Moves focus to a heading once, when a new step of a money form appears, so keyboard and screen
// reader users land on it (and a phone scrolls to it). Once only: a ticking countdown re-renders
// the step every second and must not pull focus back each time.
import { useEffect, useRef } from 'react';

export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
