// An operator's word that a wire arrived (or never will). Kept apart from the CLI so an operator API
// can call the same functions later. Confirming credits the wallet with ONE transfer world -> wallet
// and completes the transaction, in one database transaction under the row's lock: a second confirm
// of the same reference finds no pending wire (wire_not_found) and credits nothing.
// A different amount than expected credits what arrived and keeps both figures.

import type { Kysely, Transaction } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { appError, type AppError } from '#core/errors.ts';
import { parseAmount } from '#core/money.ts';
import type { Database } from '../../db/schema.ts';
import { toJsonb } from '../../db/jsonb.ts';
import { createTransfers } from '../../ledger/index.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { houseAccount, walletAccount } from '../wallet-accounts.ts';
import { normaliseWireReference } from './wire-reference.ts';

export type WireResult = { ok: true; transaction: TransactionRecord } | { ok: false; error: AppError };

async function lockPendingWire(trx: Transaction<Database>, reference: string) {
  return trx
    .selectFrom('money_transactions')
    .selectAll()
    .where('reference', '=', normaliseWireReference(reference))
    .where('type', '=', 'deposit')
    .where('method', '=', 'wire')
    .where('status', '=', 'initial')
    .forUpdate()
    .executeTakeFirst();
}

/** `amount`: what arrived, as a decimal string in the deposit's currency; default the expected amount. */
export async function confirmWire(db: Kysely<Database>, reference: string, amount?: string): Promise<WireResult> {
  return db.transaction().execute(async (trx): Promise<WireResult> => {
    const row = await lockPendingWire(trx, reference);
    if (!row || row.user_id === null) return { ok: false, error: appError('wire_not_found') };
    const asset = row.currency_iso as Asset;
    let arrived = row.amount_minor;
    if (amount !== undefined) {
      const parsed = parseAmount(amount, asset);
      if (!parsed.ok || parsed.minor <= 0n) return { ok: false, error: appError('validation_failed', `The amount must be above zero with at most the decimals of ${asset}.`, { amount: [parsed.ok ? 'Enter an amount above zero.' : parsed.message] }) };
      arrived = parsed.minor;
    }
    const world = await houseAccount(trx, { providerId: row.provider_id, asset, kind: 'world' });
    const wallet = await walletAccount(trx, { providerId: row.provider_id, userId: row.user_id, asset });
    const result = await createTransfers(trx, [
      { id: `${row.public_id}:principal`, debitAccountId: world.id, creditAccountId: wallet.id, amount: arrived, code: 'deposit', ref: row.public_id },
    ]);
    if (!result.ok) throw new Error(`wire credit of ${row.public_id} refused by the ledger: ${result.code} ${result.message}`);
    const updated = await trx
      .updateTable('money_transactions')
      .set({
        status: 'completed',
        payment_status: 'successful',
        amount_minor: arrived,
        updated_at: new Date(),
        details: toJsonb({ ...row.details, expected_minor: (row.details.expected_minor as string | undefined) ?? row.amount_minor.toString(), arrived_minor: arrived.toString() }),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, transaction: toTransactionRecord(updated) };
  });
}

/** The wire will not come (returned by the bank, or the member gave up): canceled, nothing credited. */
export async function rejectWire(db: Kysely<Database>, reference: string): Promise<WireResult> {
  return db.transaction().execute(async (trx): Promise<WireResult> => {
    const row = await lockPendingWire(trx, reference);
    if (!row) return { ok: false, error: appError('wire_not_found') };
    const updated = await trx
      .updateTable('money_transactions')
      .set({ status: 'canceled', payment_status: 'canceled', updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ok: true, transaction: toTransactionRecord(updated) };
  });
}
