// Kysely's view of migration 0035_chain_payment_inputs; server/db/schema.ts merges it into Database.

import type { ColumnType } from 'kysely';
import type { ChainFamily } from '#core/chain/networks.ts';

/**
 * The outpoints ("txid:vout") an open payment's transaction spends, per Bitcoin-family transaction, so a
 * restarted watcher can still tell a replacement from a drop (server/chain/bitcoin/spend-store.ts).
 */
export interface ChainPaymentInputsTable {
  family: Exclude<ChainFamily, 'ethereum'>;
  txid: string;
  outpoints: string[];
  created_at: ColumnType<Date, never, never>;
}

export interface ChainPaymentInputsTables {
  chain_payment_inputs: ChainPaymentInputsTable;
}
