// An operator's word that a wire arrived (or never will), given in the operator console's Wires tab
// (server/admin-money/). Confirming credits the wallet with ONE transfer world -> wallet and
// completes the transaction, under the row's lock: a second confirm of the same reference finds no
// pending wire (wire_not_found) and credits nothing. A different amount than expected credits what
// arrived and keeps both figures.
//
// matchWire and refuseWire run inside the caller's database transaction, so the console writes its
// audit row in the same transaction as the credit; `providerId` keeps an operator to its own
// provider's wires (another provider's reference answers exactly like an unknown one).
// confirmWire and rejectWire are the same, each in a transaction of its own, for tests and scripts.

import type { Kysely, Transaction } from 'kysely';
import type { Asset } from '#core/assets.ts';
import type { TransactionRecord } from '#core/contract/transactions.ts';
import { appError, type AppError } from '#core/errors.ts';
import { formatMinor, parseAmount } from '#core/money.ts';
import type { Database } from '../../db/schema.ts';
import { toJsonb } from '../../db/jsonb.ts';
import { createTransfers } from '../../ledger/index.ts';
import { toTransactionRecord } from '../transaction-record.ts';
import { houseAccount, walletAccount } from '../wallet-accounts.ts';
import { normaliseWireReference } from './wire-reference.ts';

/** `expected`: what the member announced, as a decimal string (the transaction's amount is what was credited). */
export type WireResult = { ok: true; transaction: TransactionRecord; expected: string } | { ok: false; error: AppError };

/** Which wires an operator may act on; undefined: every provider's (tests and scripts). */
export interface WireScope {
  providerId?: bigint | undefined;
}

async function lockPendingWire(trx: Transaction<Database>, reference: string, scope: WireScope) {
  let query = trx
    .selectFrom('money_transactions')
    .selectAll()
    .where('reference', '=', normaliseWireReference(reference))
    .where('type', '=', 'deposit')
    .where('method', '=', 'wire')
    .where('status', '=', 'initial');
  if (scope.providerId !== undefined) query = query.where('provider_id', '=', scope.providerId);
  return query.forUpdate().executeTakeFirst();
}

/** `amount`: what arrived, as a decimal string in the deposit's currency; default the expected amount. */
export async function matchWire(trx: Transaction<Database>, scope: WireScope, reference: string, amount?: string): Promise<WireResult> {
  const row = await lockPendingWire(trx, reference, scope);
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
  const expectedMinor = typeof row.details.expected_minor === 'string' ? BigInt(row.details.expected_minor) : row.amount_minor;
  const updated = await trx
    .updateTable('money_transactions')
    .set({
      status: 'completed',
      payment_status: 'successful',
      amount_minor: arrived,
      updated_at: new Date(),
      details: toJsonb({ ...row.details, expected_minor: expectedMinor.toString(), arrived_minor: arrived.toString() }),
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ok: true, transaction: toTransactionRecord(updated), expected: formatMinor(expectedMinor, asset) };
}

/** The wire will not come (returned by the bank, or the member gave up): canceled, nothing credited. */
export async function refuseWire(trx: Transaction<Database>, scope: WireScope, reference: string): Promise<WireResult> {
  const row = await lockPendingWire(trx, reference, scope);
  if (!row) return { ok: false, error: appError('wire_not_found') };
  const updated = await trx
    .updateTable('money_transactions')
    .set({ status: 'canceled', payment_status: 'canceled', updated_at: new Date() })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ok: true, transaction: toTransactionRecord(updated), expected: formatMinor(row.amount_minor, row.currency_iso as Asset) };
}

export function confirmWire(db: Kysely<Database>, reference: string, amount?: string): Promise<WireResult> {
  return db.transaction().execute((trx) => matchWire(trx, {}, reference, amount));
}

export function rejectWire(db: Kysely<Database>, reference: string): Promise<WireResult> {
  return db.transaction().execute((trx) => refuseWire(trx, {}, reference));
}
