// What the hot wallets have promised and not yet handed to their node: payouts accepted ('queued') or taken
// by the worker ('sending': maybe on the node already, counted to be safe). A broadcast payout is already
// out of the node's balance, fee included, so it is not counted again.

import { sql } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { ChainFamily } from '#core/chain/networks.ts';
import type { Db } from '../../db/db.ts';

export interface Promised {
  count: number;
  amountMinor: bigint;
}

/** Per asset of the family: how many payouts are not yet broadcast, and their sum. */
export async function unsentByAsset(db: Db, family: ChainFamily): Promise<Map<CryptoAsset, Promised>> {
  const rows = await db
    .selectFrom('chain_payouts')
    .select((eb) => ['asset', eb.fn.countAll<string>().as('count'), eb.fn.coalesce(eb.fn.sum<bigint>('amount_minor'), sql<bigint>`0`).as('total')])
    .where('family', '=', family)
    .where('status', 'in', ['queued', 'sending'])
    .groupBy('asset')
    .execute();
  return new Map(rows.map((row) => [row.asset, { count: Number(row.count), amountMinor: BigInt(row.total) }]));
}

/** What is accepted and not yet on the node, for one asset: still in the node's balance, no longer free. */
export async function unbroadcastMinor(db: Db, asset: CryptoAsset): Promise<bigint> {
  const row = await db
    .selectFrom('chain_payouts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount_minor'), sql<bigint>`0`).as('total'))
    .where('asset', '=', asset)
    .where('status', 'in', ['queued', 'sending'])
    .executeTakeFirstOrThrow();
  return BigInt(row.total);
}
