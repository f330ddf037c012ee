// The moment a withdrawal is confirmed: is it large enough to wait for two operators? Its value is
// taken in EUR at the market's mid price (rounded up: a control errs on the side of holding) BEFORE
// the row is locked, since a price may come from a live feed over the network; the amount and asset
// of a withdrawal never change, so the value cannot go stale between the two. No price: held.

import type { Asset } from '#core/assets.ts';
import { convert } from '#core/money.ts';
import { APPROVAL_CURRENCY, needsApproval } from '#core/withdrawal-approval.ts';
import type { Db } from '../../db/db.ts';
import type { MoneyTransactionRow } from '../../db/tables/money.ts';
import type { PriceOf } from '../balances.ts';
import { readApprovalThreshold } from './approval-threshold.ts';

export interface ApprovalCheck {
  held: boolean;
  /** EUR minor units; null when no price was known. */
  valueMinor: bigint | null;
  thresholdMinor: bigint;
}

/** What `amountMinor` of `asset` is worth in EUR minor units, or null without a price. */
export async function valueInEur(priceOf: PriceOf, asset: Asset, amountMinor: bigint): Promise<bigint | null> {
  if (asset === APPROVAL_CURRENCY) return amountMinor;
  const price = await priceOf(asset, APPROVAL_CURRENCY);
  return price === null ? null : convert(amountMinor, asset, price, APPROVAL_CURRENCY, 'up');
}

export async function checkApproval(db: Db, priceOf: PriceOf, withdrawal: Pick<MoneyTransactionRow, 'provider_id' | 'currency_iso' | 'amount_minor'>): Promise<ApprovalCheck> {
  const { thresholdMinor } = await readApprovalThreshold(db, withdrawal.provider_id);
  const valueMinor = await valueInEur(priceOf, withdrawal.currency_iso as Asset, withdrawal.amount_minor);
  return { held: needsApproval(valueMinor, thresholdMinor), valueMinor, thresholdMinor };
}
