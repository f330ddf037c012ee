import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_VALUE_ANIMATION_MS, easeOutCubic, interpolateMinor } from './animate-minor.ts';

describe('the Account Value animation', () => {
  it('lasts 1500 ms (spec §9)', () => {
    expect(ACCOUNT_VALUE_ANIMATION_MS).toBe(1500);
  });

  it.each([
    ['starts at the old value', 0, 10_000n],
    ['ends exactly at the new value', 1, 25_050n],
    ['stays at the new value past the end', 1.7, 25_050n],
    ['shows the truth for a broken progress', Number.NaN, 25_050n],
  ])('%s', (_name, progress, expected) => {
    expect(interpolateMinor(10_000n, 25_050n, progress)).toBe(expected);
  });

  it('eases out: more than half of the way at half of the time', () => {
    const half = interpolateMinor(0n, 1_000_000n, 0.5);
    expect(half > 500_000n && half < 1_000_000n).toBe(true);
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875);
  });

  it('works on amounts far beyond what a float holds exactly, going up or down', () => {
    const from = 9_007_199_254_740_993_000n; // > 2^53
    const to = from + 7n;
    expect(interpolateMinor(from, to, 1)).toBe(to);
    expect(interpolateMinor(to, from, 1)).toBe(from);
  });

  it('every frame is a whole number of minor units between the old and the new value, and never goes back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2 }), (from, to, times) => {
        const low = from < to ? from : to;
        const high = from < to ? to : from;
        const frames = [...times].sort((a, b) => a - b).map((p) => interpolateMinor(from, to, p));
        for (const value of frames) expect(value >= low && value <= high).toBe(true);
        for (let i = 1; i < frames.length; i += 1) {
          const previous = frames[i - 1] as bigint;
          const current = frames[i] as bigint;
          expect(to >= from ? current >= previous : current <= previous).toBe(true);
        }
      }),
    );
  });
});
