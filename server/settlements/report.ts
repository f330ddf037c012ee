// One payout's report: every payment it covers (through the settlement conversion it created), with
// the coin received, the payment fee, the conversion fee, the rate and the fiat it became, and the
// totals. Read from the rows the settlement and the payout wrote; the total is the payout's amount,
// which is the ledger's reservation (a test checks all three agree).

import type { AccountFiat, CryptoAsset } from '#core/assets.ts';
import { maskIban } from '#core/iban.ts';
import { formatMinor } from '#core/money.ts';
import type { Db } from '../db/db.ts';
import type { SettlementPayoutRow } from '../db/tables/settlements.ts';

export interface ReportLine {
  payment: string;
  /** The conversion's transaction (money_transactions.public_id) on the merchant's account. */
  conversion: string;
  orderId: string;
  product: string;
  settledAt: string;
  coin: CryptoAsset;
  received: string;
  paymentFee: string;
  conversionFee: string;
  rate: string;
  amount: string;
}

export interface PayoutReport {
  payoutId: string;
  status: SettlementPayoutRow['status'];
  createdAt: string;
  resolvedAt: string | null;
  currency: AccountFiat;
  bank: { company: string; name: string; iban: string; swift: string };
  lines: ReportLine[];
  /** Sum of the lines' fiat amounts: the payout's amount. */
  total: string;
  fee: string;
  /** What the bank receives: total less the payout fee. */
  net: string;
}

export async function payoutReport(db: Db, payout: SettlementPayoutRow): Promise<PayoutReport> {
  const rows = await db
    .selectFrom('settlement_payout_items as i')
    .innerJoin('settlement_conversions as c', 'c.id', 'i.conversion_id')
    .innerJoin('payments as p', 'p.id', 'c.payment_id')
    .select(['p.public_id', 'p.c1', 'p.product', 'p.settled_at', 'p.confirmed_minor', 'p.fee_minor as payment_fee_minor', 'c.transaction_id', 'c.coin', 'c.fee_minor', 'c.rate', 'c.fiat_minor'])
    .where('i.payout_id', '=', payout.id)
    .orderBy('p.settled_at')
    .orderBy('c.id')
    .execute();
  const currency = payout.currency;
  let total = 0n;
  const lines = rows.map((row): ReportLine => {
    const coin = row.coin as CryptoAsset;
    total += row.fiat_minor;
    return {
      payment: row.public_id,
      conversion: row.transaction_id,
      orderId: row.c1 ?? '',
      product: row.product,
      settledAt: row.settled_at?.toISOString() ?? '',
      coin,
      received: formatMinor(row.confirmed_minor, coin),
      paymentFee: formatMinor(row.payment_fee_minor ?? 0n, coin),
      conversionFee: formatMinor(row.fee_minor, coin),
      rate: row.rate,
      amount: formatMinor(row.fiat_minor, currency),
    };
  });
  if (total !== payout.amount_minor) throw new Error(`payout ${payout.public_id}: its items sum to ${total}, its amount is ${payout.amount_minor}`);
  return {
    payoutId: payout.public_id,
    status: payout.status,
    createdAt: payout.created_at.toISOString(),
    resolvedAt: payout.resolved_at?.toISOString() ?? null,
    currency,
    bank: { company: payout.bank_company_name, name: payout.bank_name, iban: maskIban(payout.bank_iban), swift: payout.bank_swift },
    lines,
    total: formatMinor(total, currency),
    fee: formatMinor(payout.fee_minor, currency),
    net: formatMinor(total - payout.fee_minor, currency),
  };
}
