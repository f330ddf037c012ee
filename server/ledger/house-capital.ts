// The house's starting inventory in test mode: without liquidity no member could buy anything on a
// fresh database. Capital comes from the outside world ('world' account) like any real funding
// would, so the books balance from the first transfer.

import { ASSETS, decimalsOf, type Asset } from '#core/assets.ts';
import { ensureAccount } from './accounts.ts';
import { createTransfers } from './create-transfers.ts';
import type { Db, LedgerAccount } from './types.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Whole units of test capital per asset. */
export const TEST_HOUSE_CAPITAL: Record<Asset, bigint> = {
  BTC: 100n,
  ETH: 2_000n,
  LTC: 10_000n,
  BCH: 5_000n,
  USDT: 5_000_000n,
  USDC: 5_000_000n,
  USD: 10_000_000n,
  GBP: 10_000_000n,
  EUR: 10_000_000n,
  AUD: 10_000_000n,
  CAD: 10_000_000n,
  CHF: 10_000_000n,
};

export interface HouseAccounts {
  liquidity: LedgerAccount;
  fees: LedgerAccount;
  world: LedgerAccount;
}

/** The provider's three house accounts in one asset, created on first use. */
export async function ensureHouseAccounts(db: Db, providerId: bigint, asset: Asset): Promise<HouseAccounts> {
  const house = { type: 'house' } as const;
  return {
    liquidity: await ensureAccount(db, { providerId, owner: house, asset, kind: 'liquidity' }),
    fees: await ensureAccount(db, { providerId, owner: house, asset, kind: 'fees' }),
    world: await ensureAccount(db, { providerId, owner: house, asset, kind: 'world' }),
  };
}

/** The fixed id of a provider's capital transfer in one asset: running the seed again posts nothing twice. */
export function capitalTransferId(providerId: bigint, asset: Asset): string {
  return `capital:${providerId}:${asset}`;
}

/** Funds each asset's liquidity account of the provider from the world. Idempotent. */
export async function seedHouseCapital(db: Db, providerId: bigint): Promise<void> {
  const run = async (trx: Transaction<Database>) => {
    const batch = [];
    for (const asset of ASSETS) {
      const { liquidity, world } = await ensureHouseAccounts(trx, providerId, asset);
      batch.push({
        id: capitalTransferId(providerId, asset),
        debitAccountId: world.id,
        creditAccountId: liquidity.id,
        amount: TEST_HOUSE_CAPITAL[asset] * 10n ** BigInt(decimalsOf(asset)),
        code: 'capital' as const,
      });
    }
    // One transfer per batch: a provider seeded before an asset was added still gets the new asset's capital.
    for (const item of batch) {
      const result = await createTransfers(trx, [item]);
      if (!result.ok) throw new Error(`seedHouseCapital: ${item.id} refused: ${result.code} ${result.message}`);
    }
  };
  if (db.isTransaction) await run(db as Transaction<Database>);
  else await (db as Kysely<Database>).transaction().execute(run);
}
