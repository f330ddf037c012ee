// Kysely's view of migration 0032_chain_payouts (and 0037's re-pricing columns); server/db/schema.ts merges it into Database.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { ChainFamily, NetworkKind } from '#core/chain/networks.ts';

type CreatedAt = ColumnType<Date, never, never>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** Who asked for the payout; each registers its handlers with onPayout. */
export type ChainPayoutPurpose = 'withdrawal' | 'delivery' | 'refund' | 'merchant_payout';
export const CHAIN_PAYOUT_PURPOSES: readonly ChainPayoutPurpose[] = ['withdrawal', 'delivery', 'refund', 'merchant_payout'];

export type ChainPayoutStatus = 'queued' | 'sending' | 'broadcast' | 'confirmed' | 'failed';

export interface ChainPayoutsTable {
  id: Generated<bigint>;
  ref: string;
  purpose: ChainPayoutPurpose;
  asset: CryptoAsset;
  family: ChainFamily;
  network: NetworkKind;
  address: string;
  amount_minor: bigint;
  status: ColumnType<ChainPayoutStatus, ChainPayoutStatus | undefined, ChainPayoutStatus>;
  txid: Nullable<string>;
  replaced_txids: ColumnType<string[], string[] | undefined, string[]>;
  /** Migration 0037: EVM hashes signed for the current nonce before txid (re-priced away; any may still be mined). */
  repriced_txids: ColumnType<string[], string[] | undefined, string[]>;
  raw_tx: Nullable<string>;
  nonce: Nullable<bigint>;
  signer: Nullable<string>;
  max_fee_per_gas: Nullable<bigint>;
  max_priority_fee_per_gas: Nullable<bigint>;
  gas_limit: Nullable<bigint>;
  /** Migration 0037: when the current EVM fees were signed (the re-pricing wait counts from here). */
  priced_at: Nullable<Date>;
  fee_minor: Nullable<bigint>;
  block_height: Nullable<bigint>;
  block_hash: Nullable<string>;
  confirmations: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_until: Nullable<Date>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: Nullable<string>;
  failed_reason: Nullable<string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  broadcast_at: Nullable<Date>;
  confirmed_at: Nullable<Date>;
  failed_at: Nullable<Date>;
}

export interface ChainPayoutsTables {
  chain_payouts: ChainPayoutsTable;
}

export type ChainPayoutRow = Selectable<ChainPayoutsTable>;
