// Spec §4 widget timer: starts at 900 seconds, counts down each second, resets at zero.
// nextTick drives a display interval; remainingSeconds recomputes from the payment's expiry so a
// throttled background tab (timers slowed to once a minute) still shows the true time left.

import { WIDGET_TIMER_S } from '../constants.ts';

/** The value after one second: one less, and back to the start once zero has been shown. */
export function nextTick(seconds: number): number {
  return seconds <= 0 ? WIDGET_TIMER_S : Math.min(seconds, WIDGET_TIMER_S) - 1;
}

/** Whole seconds left until `expiresAtMs`, rounded up (so 0 means expired), never more than the timer's length. */
export function remainingSeconds(expiresAtMs: number, nowMs: number): number {
  const left = Math.ceil((expiresAtMs - nowMs) / 1000);
  return Math.max(0, Math.min(WIDGET_TIMER_S, left));
}

/** "15:00", "00:09": minutes and seconds as the timer page shows them. */
export function formatTimer(seconds: number): string {
  const clamped = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor(clamped / 60)).padStart(2, '0');
  const ss = String(clamped % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}
