// The ledger side of a card charge, two-phase like a real card network: the authorisation reserves
// (PENDING) the principal world -> wallet and the fee world -> house fees; the capture posts both.
// Transfer ids derive from the transaction's public id, so a retried capture posts nothing twice.

import type { Transaction } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { Database } from '../../db/schema.ts';
import { createTransfers, type LedgerItem } from '../../ledger/index.ts';
import { houseAccount, walletAccount } from '../wallet-accounts.ts';
import type { MoneyTransactionRow } from '../../db/tables/money.ts';

/** Reserve the credited amount and the fee of a card deposit row (amount_minor is net of the fee). */
export async function authorizeCardFunds(trx: Transaction<Database>, row: MoneyTransactionRow): Promise<void> {
  const asset = row.currency_iso as Asset;
  const providerId = row.provider_id;
  if (row.user_id === null) throw new Error(`card deposit ${row.public_id} has no member`);
  const world = await houseAccount(trx, { providerId, asset, kind: 'world' });
  const wallet = await walletAccount(trx, { providerId, userId: row.user_id, asset });
  const batch: LedgerItem[] = [
    { id: `${row.public_id}:principal`, debitAccountId: world.id, creditAccountId: wallet.id, amount: row.amount_minor, code: 'deposit', ref: row.public_id, pending: true },
  ];
  if (row.fee_minor > 0n) {
    const fees = await houseAccount(trx, { providerId, asset, kind: 'fees' });
    batch.push({ id: `${row.public_id}:fee`, debitAccountId: world.id, creditAccountId: fees.id, amount: row.fee_minor, code: 'fee', ref: row.public_id, pending: true });
  }
  const result = await createTransfers(trx, batch);
  // The outside world's account may go negative, so nothing a member does can refuse this: a refusal is a bug.
  if (!result.ok) throw new Error(`card authorisation of ${row.public_id} refused by the ledger: ${result.code} ${result.message}`);
}

/** Post what the authorisation reserved. */
export async function captureCardFunds(trx: Transaction<Database>, row: MoneyTransactionRow): Promise<void> {
  const batch: LedgerItem[] = [{ id: `${row.public_id}:principal:post`, pendingId: `${row.public_id}:principal`, action: 'post' }];
  if (row.fee_minor > 0n) batch.push({ id: `${row.public_id}:fee:post`, pendingId: `${row.public_id}:fee`, action: 'post' });
  const result = await createTransfers(trx, batch);
  if (!result.ok) throw new Error(`card capture of ${row.public_id} refused by the ledger: ${result.code} ${result.message}`);
}
