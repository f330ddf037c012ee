// The blocks a node watcher has FINISHED (chain_blocks, migration 0031), per chain family: the highest row
// is its cursor (where a restart resumes), and the stored hashes are what a fork is found against. A row
// is written only after its block's observations are in, so a crash between the two redoes the block.
// Only the last KEEP_BLOCKS rows are kept: a reorganisation deeper than that is not one a watcher can
// repair (it is logged as such, see bitcoin-watcher.ts).

import type { Kysely } from 'kysely';
import type { ChainFamily } from '#core/chain/networks.ts';
import type { Database } from '../../db/schema.ts';

export const KEEP_BLOCKS = 1000;

export interface StoredBlock {
  height: number;
  hash: string;
}

export class BlockStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly family: ChainFamily,
  ) {}

  /** The highest finished block; null before the first one. */
  async cursor(): Promise<StoredBlock | null> {
    const row = await this.db.selectFrom('chain_blocks').select(['height', 'hash']).where('family', '=', this.family).orderBy('height', 'desc').limit(1).executeTakeFirst();
    return row ? { height: Number(row.height), hash: row.hash } : null;
  }

  /** Stored blocks at or below `height`, highest first (the fork walk reads them page by page). */
  async below(height: number, limit: number): Promise<StoredBlock[]> {
    const rows = await this.db.selectFrom('chain_blocks').select(['height', 'hash']).where('family', '=', this.family).where('height', '<=', BigInt(height)).orderBy('height', 'desc').limit(limit).execute();
    return rows.map((row) => ({ height: Number(row.height), hash: row.hash }));
  }

  /** The stored hash at each of these heights (those we still have). */
  async hashesAt(heights: readonly number[]): Promise<Map<number, string>> {
    if (heights.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('chain_blocks')
      .select(['height', 'hash'])
      .where('family', '=', this.family)
      .where('height', 'in', [...new Set(heights)].map((h) => BigInt(h)))
      .execute();
    return new Map(rows.map((row) => [Number(row.height), row.hash]));
  }

  /** Forget every block above `height` (they left the node's chain); answers how many. */
  async rollbackAbove(height: number): Promise<number> {
    const result = await this.db.deleteFrom('chain_blocks').where('family', '=', this.family).where('height', '>', BigInt(height)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** These blocks are finished (one statement). A second writer of the same block (a restart racing an old instance) changes nothing. */
  async recordAll(blocks: readonly { height: number; hash: string; parentHash: string }[]): Promise<void> {
    if (blocks.length === 0) return;
    await this.db
      .insertInto('chain_blocks')
      .values(blocks.map((block) => ({ family: this.family, height: BigInt(block.height), hash: block.hash, parent_hash: block.parentHash })))
      .onConflict((oc) => oc.columns(['family', 'height']).doNothing())
      .execute();
  }

  /** Keep the last KEEP_BLOCKS rows below `tipHeight` + 1. */
  async prune(tipHeight: number): Promise<void> {
    await this.db.deleteFrom('chain_blocks').where('family', '=', this.family).where('height', '<=', BigInt(tipHeight - KEEP_BLOCKS)).execute();
  }
}
