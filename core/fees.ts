// Fees and limits as pure functions, so the server that charges and the form that previews a
// conversion compute the same numbers. Percentages are decimal strings ("1.50" = 1.5 %) with at
// most 4 decimals, read exactly into bigint; a fee is rounded UP in the asset's minor units (the
// house's favour) and a coupon's discount is rounded DOWN, so a discounted fee is never below the
// exact discounted value either.

import { payableMinor, type Asset } from './assets.ts';
import { convert, divideRounded, formatMinor } from './money.ts';

/** Percent strings carry at most this many decimals: "1.2345" is 12345 parts of PERCENT_DENOMINATOR. */
const PERCENT_DECIMALS = 4;
/** 100 % in the units parsePercent returns. */
export const PERCENT_DENOMINATOR = 100n * 10n ** BigInt(PERCENT_DECIMALS);

const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;

/** "1.50" -> 15000n (parts of 1,000,000); null when malformed or above 100 %. */
export function parsePercent(input: string): bigint | null {
  if (!PERCENT.test(input)) return null;
  const [int = '', frac = ''] = input.split('.');
  const value = BigInt(int + frac.padEnd(PERCENT_DECIMALS, '0'));
  return value <= PERCENT_DENOMINATOR ? value : null;
}

function mustParsePercent(input: string): bigint {
  const value = parsePercent(input);
  if (value === null) throw new RangeError(`fees: percent must be a decimal string from "0" to "100" with at most 4 decimals, got ${JSON.stringify(input)}`);
  return value;
}

/** `percent` of `amountMinor`, rounded up to the next minor unit: 1.5 % of 10.01 EUR is 0.16 EUR, not 0.15. */
export function percentFee(amountMinor: bigint, percent: string): bigint {
  if (amountMinor <= 0n) return 0n;
  return divideRounded(amountMinor * mustParsePercent(percent), PERCENT_DENOMINATOR, 'up');
}

/** The fee after a coupon that waives `discountPercent` of it; the waived part is rounded down. */
export function discountedFee(feeMinor: bigint, discountPercent: string): bigint {
  const waived = divideRounded(feeMinor * mustParsePercent(discountPercent), PERCENT_DENOMINATOR, 'down');
  return feeMinor - waived;
}

export interface ConversionBreakdown {
  /** What the member spends in total: the amount they typed. */
  totalMinor: bigint;
  feeMinor: bigint;
  /** What is converted: total minus fee. */
  netMinor: bigint;
}

/** Fee-inclusive split of an amount: fee = percent of the total rounded up, less any coupon discount. */
export function splitFee(totalMinor: bigint, feePercent: string, couponDiscountPercent?: string): ConversionBreakdown {
  const gross = percentFee(totalMinor, feePercent);
  const feeMinor = couponDiscountPercent === undefined ? gross : discountedFee(gross, couponDiscountPercent);
  return { totalMinor, feeMinor, netMinor: totalMinor - feeMinor };
}

export interface ConversionFigures extends ConversionBreakdown {
  /** What arrives in `to`: the net converted at the rate, rounded down (the house's favour) to what can be paid out exactly (payableMinor). */
  receiveMinor: bigint;
}

/**
 * Every figure of a conversion of `totalMinor` (fee included) at `rate`: the quote the server
 * promises and the preview the form shows both come from here, so they cannot disagree.
 */
export function conversionFigures(totalMinor: bigint, from: Asset, to: Asset, rate: string, feePercent: string, couponDiscountPercent?: string): ConversionFigures {
  const split = splitFee(totalMinor, feePercent, couponDiscountPercent);
  return { ...split, receiveMinor: split.netMinor > 0n ? payableMinor(to, convert(split.netMinor, from, rate, to, 'down')) : 0n };
}

export interface Limit {
  minimumMinor: bigint;
  maximumMinor: bigint;
}

export type LimitResult =
  | { ok: true }
  | { ok: false; code: 'amount_below_minimum' | 'amount_above_maximum'; message: string; limit: string };

/** The limit check of every amount field; the message names the limit so the member knows what to type. */
export function checkLimits(amountMinor: bigint, asset: Asset, limit: Limit): LimitResult {
  if (amountMinor < limit.minimumMinor) {
    const shown = `${formatMinor(limit.minimumMinor, asset)} ${asset}`;
    return { ok: false, code: 'amount_below_minimum', message: `The minimum is ${shown}. Enter a larger amount.`, limit: shown };
  }
  if (amountMinor > limit.maximumMinor) {
    const shown = `${formatMinor(limit.maximumMinor, asset)} ${asset}`;
    return { ok: false, code: 'amount_above_maximum', message: `The maximum is ${shown}. Enter a smaller amount.`, limit: shown };
  }
  return { ok: true };
}
