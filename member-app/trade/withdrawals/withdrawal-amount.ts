// A withdrawal's amount is what the recipient gets; the flat fee comes on top. So what may be
// withdrawn is the available balance minus the fee.
import type { Asset } from '#core/assets.ts';
import type { FeesAnswer } from '#core/contract/rates.ts';
import { parseAmount } from '#core/money.ts';
import type { AmountRules } from '../form-kit/amount-check.ts';

export function withdrawalFee(fees: FeesAnswer | null, asset: Asset): bigint {
  const fee = fees?.withdrawal[asset];
  if (fee === undefined) return 0n;
  const parsed = parseAmount(fee, asset);
  return parsed.ok ? parsed.minor : 0n;
}

export function withdrawalRules(fees: FeesAnswer | null, asset: Asset, available: bigint | undefined): AmountRules {
  const fee = withdrawalFee(fees, asset);
  const spendable = available === undefined ? undefined : available > fee ? available - fee : 0n;
  return { asset, limits: fees?.limits_by_kind?.withdrawal[asset], available: spendable };
}
