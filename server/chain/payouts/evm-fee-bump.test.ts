// The replacement fee rule, as a table: every replacement clears the nodes' +10 % rule on both fields, catches up
// with a higher estimate, and never passes the cap.
import { describe, expect, it } from 'vitest';
import { bumpedFees, cappedFees, gwei, stepUp } from './evm-fee-bump.ts';

const G = 1_000_000_000n;
const fees = (maxFee: bigint, tip: bigint) => ({ maxFeePerGas: maxFee, maxPriorityFeePerGas: tip });

describe('re-pricing a stuck EVM payout', () => {
  it.each([
    { name: 'steps both fees up 12.5 % when the estimate is lower', current: fees(40n * G, 2n * G), estimate: fees(30n * G, 1n * G), cap: 500n * G, expected: fees(45n * G, 2_250_000_000n) },
    { name: 'goes straight to the estimate when the base fee rose past the step', current: fees(40n * G, 2n * G), estimate: fees(130n * G, 3n * G), cap: 500n * G, expected: fees(130n * G, 3n * G) },
    { name: 'takes the estimate for one field and the step for the other', current: fees(40n * G, 2n * G), estimate: fees(90n * G, 1n * G), cap: 500n * G, expected: fees(90n * G, 2_250_000_000n) },
    { name: 'stops at the cap when the estimate is above it but the step is not', current: fees(40n * G, 2n * G), estimate: fees(130n * G, 3n * G), cap: 60n * G, expected: fees(60n * G, 3n * G) },
    { name: 'keeps the tip within the max fee when the cap binds', current: fees(40n * G, 40n * G), estimate: fees(130n * G, 100n * G), cap: 50n * G, expected: fees(50n * G, 50n * G) },
    { name: 'rounds a fee of a few wei up, never below +10 %', current: fees(7n, 1n), estimate: fees(0n, 0n), cap: G, expected: fees(8n, 2n) },
  ])('$name', ({ current, estimate, cap, expected }) => {
    const bump = bumpedFees(current, estimate, cap);
    expect(bump).toEqual({ ok: true, fees: expected });
    if (!bump.ok) return;
    expect(bump.fees.maxFeePerGas * 10n).toBeGreaterThanOrEqual(current.maxFeePerGas * 11n);
    expect(bump.fees.maxPriorityFeePerGas * 10n).toBeGreaterThanOrEqual(current.maxPriorityFeePerGas * 11n);
  });

  it.each([
    { name: 'refuses when even the 12.5 % step is above the cap', current: fees(40n * G, 2n * G), cap: 44n * G },
    { name: 'refuses at the cap itself: the replacement must be higher than what is signed', current: fees(44n * G, 2n * G), cap: 44n * G },
  ])('$name, and says what to do', ({ current, cap }) => {
    const bump = bumpedFees(current, fees(200n * G, 2n * G), cap);
    expect(bump).toEqual({ ok: false, reason: expect.stringMatching(/a replacement needs at least [0-9.]+ gwei, above the cap EVM_MAX_FEE_PER_GAS_GWEI \(44 gwei\): it waits until the base fee falls, or raise the cap$/) });
  });

  it.each([
    { name: 'signs a first payout at the estimate under the cap', estimate: fees(30n * G, 1n * G), cap: 500n * G, expected: fees(30n * G, 1n * G) },
    { name: 'lowers a first payout to the cap, and its tip with it', estimate: fees(30n * G, 25n * G), cap: 20n * G, expected: fees(20n * G, 20n * G) },
  ])('$name', ({ estimate, cap, expected }) => {
    expect(cappedFees(estimate, cap)).toEqual(expected);
  });

  it.each([
    { wei: 45n * G, text: '45' },
    { wei: 2_250_000_000n, text: '2.25' },
    { wei: 7n, text: '0.000000007' },
  ])('writes $wei wei as $text gwei', ({ wei, text }) => {
    expect(gwei(wei)).toBe(text);
  });

  it('steps 8 wei to 9 and 80 gwei to 90', () => {
    expect([stepUp(8n), stepUp(80n * G)]).toEqual([9n, 90n * G]);
  });
});
