// The resend countdown: whole seconds left until a moment, never below zero.
import { useEffect, useState } from 'react';

export function secondsUntil(deadline_ms: number, now_ms: number): number {
  return Math.max(0, Math.ceil((deadline_ms - now_ms) / 1000));
}

/** Seconds left until `deadline_ms` (null: none), ticking once a second while above zero. */
export function useCountdown(deadline_ms: number | null): number {
  // Read the clock while rendering: a stored "now" would be stale when a new deadline arrives.
  const [, tick] = useState(0);
  const left = deadline_ms === null ? 0 : secondsUntil(deadline_ms, Date.now());
  useEffect(() => {
    if (left === 0) return undefined;
    const handle = setInterval(() => tick((count) => count + 1), 1000);
    return () => clearInterval(handle);
  }, [left === 0, deadline_ms]);
  return left;
}
