// Spec §4 widget status sums: the running totals a merchant widget payment shows. The widget
// stage records what is owed (added to both totals); a detected deposit reduces what is still
// pending; completion reduces what is still to complete. The three rules apply independently,
// so one transaction may both add and subtract. All sums are bigint minor units.

import type { Asset } from '../assets.ts';
import { formatMinor, parseAmount, type AmountResult } from '../money.ts';

export interface WidgetSumTransaction {
  /** 'widget' when created by the widget, 'deposit' once a deposit is seen; others count only by status. */
  stage: string;
  status: string;
  /** Decimal string in the payment's crypto asset. */
  currency_1_amount: string;
}

export type WidgetSums =
  | { ok: true; pending: string; completed: string }
  | Extract<AmountResult, { ok: false }>;

/** Totals for the transactions of one payment, all in `asset`; a malformed amount is returned as its error. */
export function widgetStatusSums(transactions: readonly WidgetSumTransaction[], asset: Asset): WidgetSums {
  let pending = 0n;
  let completed = 0n;
  for (const tx of transactions) {
    const amount = parseAmount(tx.currency_1_amount, asset);
    if (!amount.ok) return amount;
    if (tx.stage === 'widget') {
      pending += amount.minor;
      completed += amount.minor;
    }
    if (tx.stage === 'deposit') pending -= amount.minor;
    if (tx.status === 'completed') completed -= amount.minor;
  }
  return { ok: true, pending: formatMinor(pending, asset), completed: formatMinor(completed, asset) };
}
