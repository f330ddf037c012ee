// The fee the platform takes from a merchant's settled payments, in basis points (1 bp = 0.01 %, so
// 100 = 1 %). A provider sets a default for its merchants and may give one merchant its own figure; the
// fee a payment pays is decided when the payment is created and kept on it (payments.fee_bps), so a
// price change applies to new payments only and never rewrites what a payment already cost.

import * as v from 'valibot';
import { divideRounded } from '../money.ts';

/** What a provider charges until its operators set a figure (the migration's default: the old constant 1 %). */
export const DEFAULT_MERCHANT_FEE_BPS = 100;
/** 20 %: a figure above it is a slip (a percentage typed as basis points), never a price; the database refuses it too. */
export const MAX_MERCHANT_FEE_BPS = 2000;
const BPS_DENOMINATOR = 10_000n;

/** A fee as an operator types it: whole basis points from 0 to MAX_MERCHANT_FEE_BPS. */
export const FeeBpsSchema = v.pipe(
  v.number('Enter the fee in basis points as a whole number, like 150 for 1.5 %.'),
  v.integer('Enter whole basis points, like 150 for 1.5 %: 1 basis point is 0.01 %.'),
  v.minValue(0, 'Enter 0 or more basis points.'),
  v.maxValue(MAX_MERCHANT_FEE_BPS, `Enter at most ${MAX_MERCHANT_FEE_BPS} basis points (20 %). 100 basis points are 1 %.`),
);

/** The merchant's own fee when it has one, else its provider's default. */
export function effectiveFeeBps(providerDefaultBps: number, merchantOverrideBps: number | null): number {
  return merchantOverrideBps ?? providerDefaultBps;
}

/** `bps` of `amountMinor`, rounded UP to the next minor unit (the house's favour, like every fee in core/fees.ts). */
export function bpsFee(amountMinor: bigint, bps: number): bigint {
  if (!Number.isInteger(bps) || bps < 0 || bps > MAX_MERCHANT_FEE_BPS) throw new RangeError(`bpsFee: basis points must be a whole number from 0 to ${MAX_MERCHANT_FEE_BPS}, got ${bps}`);
  if (amountMinor <= 0n) return 0n;
  return divideRounded(amountMinor * BigInt(bps), BPS_DENOMINATOR, 'up');
}

/** 150 -> "1.50": the percentage a page shows beside the basis points. */
export function bpsAsPercent(bps: number): string {
  return `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
}
