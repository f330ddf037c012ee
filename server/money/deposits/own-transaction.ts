// A member's own transaction by its public id. Another member's id answers exactly like an id that
// does not exist (transaction_not_found), so ids cannot be probed across accounts.

import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MoneyTransactionRow } from '../../db/tables/money.ts';

export interface Owner {
  providerId: bigint;
  userId: bigint;
}

/** The row, locked for this database transaction, or null. */
export async function lockOwnTransaction(trx: Transaction<Database>, owner: Owner, publicId: string): Promise<MoneyTransactionRow | null> {
  const row = await trx
    .selectFrom('money_transactions')
    .selectAll()
    .where('public_id', '=', publicId)
    .where('user_id', '=', owner.userId)
    .where('provider_id', '=', owner.providerId)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}
