// The price line of a conversion screen, "1 BTC = €58,000.00": display only. What a conversion
// costs and gives is core/fees.ts conversionFigures (conversion-preview.ts), never computed here.
import { decimalsOf, type Asset } from '#core/assets.ts';
import { convert, divideRounded, isRate } from '#core/money.ts';

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
