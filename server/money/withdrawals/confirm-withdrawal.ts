// Step two: the member's code. A right code reserves the funds (withdrawal-funds.ts) and the
// withdrawal becomes 'pending' until the payout worker sends it. If the wallet no longer covers it
// (another withdrawal or a trade got there first), the withdrawal fails with nothing reserved.
// A withdrawal worth the provider's approval threshold or more (approval-hold.ts) is reserved the
// same way but becomes 'awaiting_approval' instead, with a withdrawal_approvals row: the payout
// worker sends only 'pending' ones, so it waits for two operators (withdrawal-approvals.ts).

import type { Kysely } from 'kysely';
import { isCrypto, type Asset, type CryptoAsset } from '#core/assets.ts';
import { coinUnavailable } from '#core/chain/coin-availability.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { appError, type AppError } from '#core/errors.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../../db/schema.ts';
import type { Notifier } from '../../notifications/notifier.ts';
import type { PriceOf } from '../balances.ts';
import { lockOwnTransaction, type Owner } from '../deposits/own-transaction.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { checkApproval } from './approval-hold.ts';
import { reserveWithdrawalFunds } from './withdrawal-funds.ts';
import { checkWithdrawalCode } from './withdrawal-code.ts';

export type ConfirmResult = { ok: true; transaction: TransactionRecord } | { ok: false; error: AppError };

/**
 * `priceOf`: market mid prices, to value the withdrawal against the provider's approval threshold.
 * `chain` (app.chain): a crypto withdrawal asked for while its coin's chain was on, confirmed on a server
 * where it is off, is refused before the code is spent or anything is reserved; it stays 2-FA Pending.
 */
export async function confirmWithdrawal(db: Kysely<Database>, notifier: Notifier, owner: Owner, transactionId: string, code: string, priceOf: PriceOf, chain: { isAvailable(asset: CryptoAsset): boolean }): Promise<ConfirmResult> {
  const row = await db
    .selectFrom('money_transactions')
    .select(['type', 'status', 'details', 'method', 'currency_iso'])
    .where('public_id', '=', transactionId)
    .where('user_id', '=', owner.userId)
    .where('provider_id', '=', owner.providerId)
    .executeTakeFirst();
  if (!row || row.type !== 'withdrawal') return { ok: false, error: appError('transaction_not_found') };
  if (row.status !== 'initial') return { ok: false, error: appError('transaction_not_pending') };
  if (row.method === 'crypto' && isCrypto(row.currency_iso) && !chain.isAvailable(row.currency_iso)) return { ok: false, error: coinUnavailable(row.currency_iso) };
  const codeId = typeof row.details.code_id === 'string' ? BigInt(row.details.code_id) : -1n;
  const checked = await checkWithdrawalCode(db, notifier, owner.userId, code, codeId);
  if (!checked.ok) return checked;
  return reserveWithdrawal(db, owner, transactionId, priceOf);
}

/** Reserve an initial withdrawal's funds and make it pending (awaiting_approval when large); the code was checked by the caller. */
export async function reserveWithdrawal(db: Kysely<Database>, owner: Owner, transactionId: string, priceOf: PriceOf): Promise<ConfirmResult> {
  const unlocked = await db
    .selectFrom('money_transactions')
    .select(['provider_id', 'currency_iso', 'amount_minor'])
    .where('public_id', '=', transactionId)
    .where('user_id', '=', owner.userId)
    .where('provider_id', '=', owner.providerId)
    .executeTakeFirst();
  if (!unlocked) return { ok: false, error: appError('transaction_not_found') };
  const approval = await checkApproval(db, priceOf, unlocked);
  return db.transaction().execute(async (trx): Promise<ConfirmResult> => {
    const row = await lockOwnTransaction(trx, owner, transactionId);
    if (!row || row.type !== 'withdrawal') return { ok: false, error: appError('transaction_not_found') };
    if (row.status !== 'initial') return { ok: false, error: appError('transaction_not_pending') };
    const reserved = await reserveWithdrawalFunds(trx, row);
    if (!reserved.ok) {
      if (reserved.code !== 'exceeds_credits') throw new Error(`withdrawal ${row.public_id}: reserve refused by the ledger: ${reserved.code} ${reserved.message}`);
      // Kept as failed (visible in the history), because the member did confirm it.
      await trx.updateTable('money_transactions').set({ status: 'failed', updated_at: new Date() }).where('id', '=', row.id).execute();
      const asset = row.currency_iso as Asset;
      const needed = formatMinor(row.amount_minor + row.fee_minor, asset);
      return { ok: false, error: appError('insufficient_funds', `Your available balance no longer covers this withdrawal of ${needed} ${asset} including the fee, so it was not sent. Enter a smaller amount.`) };
    }
    if (approval.held) {
      await trx.insertInto('withdrawal_approvals').values({ transaction_id: row.id, provider_id: row.provider_id, value_minor: approval.valueMinor, threshold_minor: approval.thresholdMinor }).execute();
    }
    const updated = await trx
      .updateTable('money_transactions')
      .set({ status: approval.held ? 'awaiting_approval' : 'pending', updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, transaction: toTransactionRecord(updated) };
  });
}
