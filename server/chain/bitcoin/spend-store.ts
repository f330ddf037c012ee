// The spend watch's memory, kept in the database (chain_payment_inputs, migration 0035): the outpoints each
// open payment's transaction spends. A watcher restarted after its payments left the mempool (replaced by a
// fee bump, double spent) reloads them and still withdraws those payments as 'replaced', not 'dropped'.
// The rows follow the memory: written when a transaction is first tracked, BEFORE its payment is reported
// (a crash in between leaves a row that the next keepOnly deletes), deleted when the watch forgets it.

import type { Kysely } from 'kysely';
import type { ChainFamily } from '#core/chain/networks.ts';
import type { Database } from '../../db/schema.ts';

/** Deletes go out in slices of this many txids, so one statement's parameters stay bounded. */
const DELETE_SLICE = 500;

export class SpendStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly family: Exclude<ChainFamily, 'ethereum'>,
  ) {}

  /** Every transaction tracked, with the outpoints it spends. */
  async load(): Promise<Map<string, string[]>> {
    const rows = await this.db.selectFrom('chain_payment_inputs').select(['txid', 'outpoints']).where('family', '=', this.family).execute();
    return new Map(rows.map((row) => [row.txid, row.outpoints]));
  }

  async save(tracked: ReadonlyMap<string, readonly string[]>): Promise<void> {
    if (tracked.size === 0) return;
    await this.db
      .insertInto('chain_payment_inputs')
      .values([...tracked].map(([txid, outpoints]) => ({ family: this.family, txid, outpoints: [...outpoints] })))
      .onConflict((oc) => oc.columns(['family', 'txid']).doNothing())
      .execute();
  }

  async forget(txids: readonly string[]): Promise<void> {
    for (let i = 0; i < txids.length; i += DELETE_SLICE) {
      await this.db.deleteFrom('chain_payment_inputs').where('family', '=', this.family).where('txid', 'in', txids.slice(i, i + DELETE_SLICE)).execute();
    }
  }
}
