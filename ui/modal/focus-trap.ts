// Keyboard focus inside an open dialog: Tab from the last element wraps to the first and
// Shift+Tab from the first wraps to the last, so focus never leaves for the page behind.

export const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The index to focus after Tab (or Shift+Tab) from `current` (-1 when focus is outside the list). */
export function nextFocusIndex(current: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (current < 0) return backwards ? count - 1 : 0;
  return backwards ? (current - 1 + count) % count : (current + 1) % count;
}
