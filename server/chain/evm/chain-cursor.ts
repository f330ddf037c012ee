// A node watcher's memory of the chain, in chain_blocks: the blocks it FINISHED (their observations are
// in the pipeline), per chain family. The highest row is the cursor a restart resumes from; the rows
// below it are what a fork check compares with the node. Only the last KEPT_BLOCKS are kept: a
// reorganisation deeper than that is not followed block by block (it is logged, and the watcher
// rescans from below the rows it still has).

import type { Kysely } from 'kysely';
import type { ChainFamily } from '#core/chain/networks.ts';
import type { Database } from '../../db/schema.ts';

export const KEPT_BLOCKS = 1000;

export interface FinishedBlock {
  height: number;
  hash: string;
}

export class ChainCursor {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly family: ChainFamily,
  ) {}

  /** The last finished block; null before the first one. */
  async top(): Promise<FinishedBlock | null> {
    const row = await this.db.selectFrom('chain_blocks').select(['height', 'hash']).where('family', '=', this.family).orderBy('height', 'desc').limit(1).executeTakeFirst();
    return row ? { height: Number(row.height), hash: row.hash } : null;
  }

  /** Finished blocks from the top down, at most `limit`. */
  async recent(limit = KEPT_BLOCKS): Promise<FinishedBlock[]> {
    const rows = await this.db.selectFrom('chain_blocks').select(['height', 'hash']).where('family', '=', this.family).orderBy('height', 'desc').limit(limit).execute();
    return rows.map((row) => ({ height: Number(row.height), hash: row.hash }));
  }

  /** The stored hashes at these heights (the open payments' blocks). */
  async hashesAt(heights: readonly number[]): Promise<Map<number, string>> {
    if (heights.length === 0) return new Map();
    const rows = await this.db.selectFrom('chain_blocks').select(['height', 'hash']).where('family', '=', this.family).where('height', 'in', heights.map(BigInt)).execute();
    return new Map(rows.map((row) => [Number(row.height), row.hash]));
  }

  /** Recorded after the block's observations are in; a redo after a crash overwrites the same row. */
  async finish(height: number, hash: string, parentHash: string): Promise<void> {
    await this.db
      .insertInto('chain_blocks')
      .values({ family: this.family, height: BigInt(height), hash, parent_hash: parentHash })
      .onConflict((oc) => oc.columns(['family', 'height']).doUpdateSet({ hash, parent_hash: parentHash }))
      .execute();
  }

  /** Forget the blocks above the fork point; answers how many. */
  async rollBackAbove(height: number): Promise<number> {
    const result = await this.db.deleteFrom('chain_blocks').where('family', '=', this.family).where('height', '>', BigInt(height)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async prune(): Promise<void> {
    const top = await this.top();
    if (top === null) return;
    await this.db.deleteFrom('chain_blocks').where('family', '=', this.family).where('height', '<=', BigInt(top.height - KEPT_BLOCKS)).execute();
  }
}
