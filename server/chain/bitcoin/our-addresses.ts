// Which of a block's (or a mempool batch's) output addresses are ours: ONE indexed query over the
// addresses in hand (chain_addresses is unique on asset and address), never all our addresses in memory:
// a platform watching millions of addresses pays per block for the block's size, not for its own.

import type { Kysely } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { Database } from '../../db/schema.ts';

/** PostgreSQL takes at most 65535 parameters a statement; a block larger than this is split (rare). */
const ADDRESSES_PER_QUERY = 20_000;

export async function ourAddresses(db: Kysely<Database>, assets: readonly CryptoAsset[], addresses: Iterable<string>): Promise<Set<string>> {
  const distinct = [...new Set(addresses)];
  const ours = new Set<string>();
  for (let start = 0; start < distinct.length; start += ADDRESSES_PER_QUERY) {
    const chunk = distinct.slice(start, start + ADDRESSES_PER_QUERY);
    const rows = await db.selectFrom('chain_addresses').select('address').where('asset', 'in', assets).where('address', 'in', chunk).execute();
    for (const row of rows) ours.add(row.address);
  }
  return ours;
}
