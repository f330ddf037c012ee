// A hook that shows a bigint amount moving to its new value over 1500 ms with
// requestAnimationFrame. With prefers-reduced-motion the new value is shown at once. The first
// value is shown as it is: there is no "old" figure to come from.
import { useEffect, useRef, useState } from 'react';
import { ACCOUNT_VALUE_ANIMATION_MS, interpolateMinor } from './animate-minor.ts';

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function useAnimatedMinor(target: bigint | null, duration_ms = ACCOUNT_VALUE_ANIMATION_MS): bigint | null {
  const [shown, setShown] = useState<bigint | null>(target);
  const shownRef = useRef<bigint | null>(target);

  useEffect(() => {
    const from = shownRef.current;
    const show = (value: bigint | null) => {
      shownRef.current = value;
      setShown(value);
    };
    if (target === null || from === null || from === target || prefersReducedMotion() || typeof requestAnimationFrame !== 'function') {
      show(target);
      return undefined;
    }
    let frame = 0;
    let start: number | null = null;
    const step = (now: number) => {
      start ??= now;
      const progress = (now - start) / duration_ms;
      show(interpolateMinor(from, target, progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    // A newer target starts from whatever is on screen now, so the figure never jumps back.
    return () => cancelAnimationFrame(frame);
  }, [target, duration_ms]);

  return shown;
}
