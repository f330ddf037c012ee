// The merchant's widget payments as spec §4's widget status sums see them. A payment (or a group of
// payments of one coin and status, since the sums are linear) becomes the stages it went through:
//   widget    the buyer was asked for the amount due: adds it to pending and completed
//   deposit   the buyer's money was seen (processing, settled): subtracts what was paid from pending
//   completed the payment settled: subtracts the amount due from completed
// Expired and invalid payments never complete and are left out, so the sums show what is still owed
// by buyers (pending) and what is still to complete (completed). The arithmetic is core/rules/widget-sums.ts.

import type { CryptoAsset } from '../assets.ts';
import { formatMinor } from '../money.ts';
import type { PaymentStatus } from '../payments/payment-rules.ts';
import { widgetStatusSums, type WidgetSumTransaction } from '../rules/widget-sums.ts';

export interface WidgetPaymentGroup {
  status: PaymentStatus;
  dueMinor: bigint;
  paidMinor: bigint;
}

export function widgetStages(group: WidgetPaymentGroup, coin: CryptoAsset): WidgetSumTransaction[] {
  if (group.status === 'expired' || group.status === 'invalid') return [];
  const due = formatMinor(group.dueMinor, coin);
  const stages: WidgetSumTransaction[] = [{ stage: 'widget', status: 'initial', currency_1_amount: due }];
  if (group.status !== 'new' && group.paidMinor > 0n) stages.push({ stage: 'deposit', status: 'initial', currency_1_amount: formatMinor(group.paidMinor, coin) });
  if (group.status === 'settled') stages.push({ stage: 'settlement', status: 'completed', currency_1_amount: due });
  return stages;
}

/** Pending and completed of one coin's payments; amounts come from the database, so a malformed one is a bug. */
export function widgetPaymentSums(groups: readonly WidgetPaymentGroup[], coin: CryptoAsset): { pending: string; completed: string } {
  const sums = widgetStatusSums(groups.flatMap((group) => widgetStages(group, coin)), coin);
  if (!sums.ok) throw new Error(`widget sums: ${sums.code}`);
  return { pending: sums.pending, completed: sums.completed };
}
