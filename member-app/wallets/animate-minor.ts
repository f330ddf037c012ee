// Spec §9: Account Value moves from the old figure to the new one over 1500 ms. The figure is
// money, so the in-between values are computed in bigint minor units: the animation's progress is
// a plain fraction of time (a number), turned into parts per million before it touches the amount.
// Every frame therefore shows a real amount with the asset's decimals, and the last frame is
// exactly the new amount.

import { ACCOUNT_VALUE_ANIMATION_MS } from '#core/constants.ts';

export { ACCOUNT_VALUE_ANIMATION_MS };

const STEPS = 1_000_000n;

/** Ease-out cubic: quick at first, settling gently on the new value. */
export function easeOutCubic(progress: number): number {
  const p = Math.min(1, Math.max(0, progress));
  return 1 - (1 - p) ** 3;
}

/** The amount shown at `progress` (0..1 of the duration) on the way from `from` to `to`. */
export function interpolateMinor(from: bigint, to: bigint, progress: number): bigint {
  if (!(progress < 1)) return to; // also catches NaN: show the truth rather than a made-up figure
  if (!(progress > 0)) return from;
  const parts = BigInt(Math.round(easeOutCubic(progress) * Number(STEPS)));
  return from + ((to - from) * parts) / STEPS;
}
