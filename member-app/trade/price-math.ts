// What the conversion screen shows before a quote: the price line and an estimate of what the
// member gets. Both are previews; the quote from the server is the figure the member confirms.
// All arithmetic is bigint on minor units and decimal strings (core/money.ts), never floats.
import { decimalsOf, type Asset } from '#core/assets.ts';
import { convert, divideRounded, isRate } from '#core/money.ts';

/** Percent "1.50" of `minor`, rounded up: the house's rounding for a fee (as the server charges it). */
export function percentFee(minor: bigint, percent: string): bigint {
  if (!/^\d+(\.\d+)?$/.test(percent)) return 0n;
  const [int = '0', frac = ''] = percent.split('.');
  return divideRounded(minor * BigInt(int + frac), 100n * 10n ** BigInt(frac.length), 'up');
}

export interface Estimate {
  fee: bigint;
  receive: bigint;
}

/** What `spend` (fee included) buys at `rate` after a `feePercent` fee; null when the rate is unusable. */
export function estimate(spend: bigint, from: Asset, to: Asset, rate: string | undefined, feePercent: string): Estimate | null {
  if (!rate || !isRate(rate)) return null;
  const fee = percentFee(spend, feePercent);
  const net = spend - fee;
  return { fee, receive: net > 0n ? convert(net, from, rate, to, 'down') : 0n };
}

export interface PriceLine {
  /** The unit priced: "1 BTC". */
  unit: Asset;
  /** Its price in minor units of `in`. */
  price: bigint;
  in: Asset;
}

/**
 * People read prices per coin: "1 BTC = €58,000.00", not "1 EUR = 0.00001724 BTC". When the rate
 * is below one (fiat buying crypto), the line is turned around; the inverse is rounded half-up
 * because it is a figure to read, not an amount anyone is charged.
 */
export function priceLine(from: Asset, to: Asset, rate: string | undefined): PriceLine | null {
  if (!rate || !isRate(rate)) return null;
  const [int = '0', frac = ''] = rate.split('.');
  const digits = BigInt(int + frac);
  const lessThanOne = BigInt(int) === 0n;
  if (!lessThanOne) {
    return { unit: from, price: convert(10n ** BigInt(decimalsOf(from)), from, rate, to, 'half-up'), in: to };
  }
  // 1 / rate in minor units of `from`: 10^(frac + decimals) / digits.
  return { unit: to, price: divideRounded(10n ** BigInt(frac.length + decimalsOf(from)), digits, 'half-up'), in: from };
}
