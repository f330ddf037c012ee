// Prices and rates in bigint, never in JS floats. A price is held as fixed point with 18 decimals
// (PRICE_SCALE): 60,000 USD is 60000n * 10n ** 18n. Exchanges quote at most 10 decimals, so parsing
// their strings into this scale is exact; a ratio of two prices is kept as numerator / denominator
// and only rounded once, when it is written out as a rate string with RATE_SIGNIFICANT_DIGITS
// significant digits. 12 digits keep a sub-cent price such as EUR_BTC (0.0000163...) as precise as
// BTC_EUR (61234.5678901), which 2 or 8 fixed decimals would not.

import { divideRounded, type RoundingMode } from './money.ts';

export const PRICE_DECIMALS = 18;
export const PRICE_SCALE = 10n ** 18n;
export const RATE_SIGNIFICANT_DIGITS = 12;

const DECIMAL = /^\d{1,30}(\.\d{1,40})?$/;

/** A price string from our code or an exchange ("61234.5", "0.99985") to fixed point; null when malformed or not positive. */
export function parsePrice(input: unknown): bigint | null {
  if (typeof input !== 'string' || !DECIMAL.test(input)) return null;
  const [int = '', frac = ''] = input.split('.');
  // Digits beyond 18 decimals are dropped: no exchange quotes them, and a price is not an amount.
  const value = BigInt(int + frac.slice(0, PRICE_DECIMALS).padEnd(PRICE_DECIMALS, '0'));
  return value > 0n ? value : null;
}

/** Fixed point back to a plain decimal string with trailing zeros trimmed (for logs and tests). */
export function formatPrice(price: bigint): string {
  return trimZeros(formatScaled(price, PRICE_DECIMALS));
}

/** 1 / price in fixed point, rounded half-up: the USD price of one CAD from Kraken's USD/CAD quote. */
export function invertPrice(price: bigint): bigint {
  return divideRounded(PRICE_SCALE * PRICE_SCALE, price, 'half-up');
}

/** The midpoint of a bid and an ask. */
export function midPrice(bid: bigint, ask: bigint): bigint {
  return divideRounded(bid + ask, 2n, 'half-up');
}

/**
 * numerator / denominator as a rate string with `significant` significant digits, rounded once with
 * `mode` ('down' for what a member receives). Trailing zeros are trimmed, so the string is as short
 * as its value allows; integers with more digits than `significant` keep them all (nothing is lost).
 */
export function formatRatio(numerator: bigint, denominator: bigint, mode: RoundingMode, significant: number = RATE_SIGNIFICANT_DIGITS): string {
  if (numerator <= 0n || denominator <= 0n) throw new RangeError('formatRatio: both terms must be positive');
  const whole = numerator / denominator;
  let decimals: number;
  if (whole > 0n) {
    decimals = Math.max(0, significant - whole.toString().length);
  } else {
    // Count the zeros after the decimal point before the first significant digit.
    let zeros = 0;
    let scaled = numerator * 10n;
    while (scaled < denominator) {
      scaled *= 10n;
      zeros += 1;
    }
    decimals = zeros + significant;
  }
  const value = divideRounded(numerator * 10n ** BigInt(decimals), denominator, mode);
  return trimZeros(formatScaled(value, decimals));
}

function formatScaled(value: bigint, decimals: number): string {
  if (decimals === 0) return value.toString();
  const digits = value.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
