// What the conversion form shows before a quote: the figures of core/fees.ts conversionFigures for
// what the member typed, the coupon included, so the preview is the quote the server will make
// at the same rate. Only the guard is ours: a rate or percent the page cannot use gives no
// preview instead of an exception (core treats a malformed percent as a bug).
import type { Asset } from '#core/assets.ts';
import { conversionFigures, parsePercent, type ConversionFigures } from '#core/fees.ts';
import { isRate } from '#core/money.ts';

export interface PreviewInput {
  spendMinor: bigint;
  from: Asset;
  to: Asset;
  rate: string | undefined;
  feePercent: string | undefined;
  /** The applied coupon's fee_discount_percent. */
  couponDiscountPercent?: string | undefined;
}

export function conversionPreview(input: PreviewInput): ConversionFigures | null {
  const { spendMinor, from, to, rate, feePercent, couponDiscountPercent } = input;
  if (!rate || !isRate(rate) || feePercent === undefined || parsePercent(feePercent) === null) return null;
  if (couponDiscountPercent !== undefined && parsePercent(couponDiscountPercent) === null) return null;
  return conversionFigures(spendMinor, from, to, rate, feePercent, couponDiscountPercent);
}
