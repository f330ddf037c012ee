// One money_transactions row as the API shows it (core/contract/transactions.ts TransactionRecord): minor
// units become decimal strings in their asset, and nothing internal (row ids, user ids, details)
// leaves the server, except why a crypto deposit failed when the network dropped its transaction
// (details.dropped, written by server/chain/wallet-deposits.ts), which the member is owed.

import type { Asset } from '#core/assets.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { formatMinor } from '#core/money.ts';
import { isChainDropReason } from '#core/chain/drop-reasons.ts';
import type { MoneyTransactionRow } from '../db/tables/money.ts';

export function toTransactionRecord(row: MoneyTransactionRow): TransactionRecord {
  const currency = row.currency_iso as Asset;
  const currency2 = row.currency_2_iso as Asset | null;
  const feeCurrency = row.fee_currency as Asset;
  return {
    id: row.public_id,
    type: row.type,
    operation: row.operation,
    status: row.status,
    payment_status: row.payment_status,
    method: row.method,
    currency_iso: currency,
    amount: formatMinor(row.amount_minor, currency),
    currency_2_iso: currency2,
    amount_2: currency2 !== null && row.amount_2_minor !== null ? formatMinor(row.amount_2_minor, currency2) : null,
    fee: formatMinor(row.fee_minor, feeCurrency),
    fee_currency: feeCurrency,
    rate: row.rate,
    counterparty: row.counterparty,
    reference: row.reference,
    confirmations: row.confirmations,
    required_confirmations: row.required_confirmations,
    ...(row.status === 'failed' && isChainDropReason(row.details.dropped) ? { dropped: row.details.dropped } : {}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
