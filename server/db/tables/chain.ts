// Kysely's view of the tables of migration 0008_chain; server/db/schema.ts merges it into Database.

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { ChainFamily, NetworkKind } from '#core/chain/networks.ts';

type CreatedAt = ColumnType<Date, never, never>;

/** 'wallet': a member's standing deposit address; 'payment': one merchant payment. */
export type AddressPurpose = 'wallet' | 'payment';

export interface ChainAddressesTable {
  id: Generated<bigint>;
  provider_id: bigint;
  asset: CryptoAsset;
  family: ChainFamily;
  network: NetworkKind;
  derivation_index: bigint;
  address: string;
  purpose: AddressPurpose;
  owner_ref: string;
  created_at: CreatedAt;
}

/** 'dropped': replaced or double spent before confirming; its detection was withdrawn (migration 0031). */
export type ChainPaymentStatus = 'detected' | 'confirmed' | 'dropped';
export type ChainPaymentDropReason = 'replaced' | 'dropped' | 'reorged_out';

export interface ChainPaymentsTable {
  id: Generated<bigint>;
  address_id: bigint;
  asset: CryptoAsset;
  address: string;
  txid: string;
  amount_minor: bigint;
  confirmations: number;
  required_confirmations: number;
  status: ChainPaymentStatus;
  handler_ref: ColumnType<string | null, string | null | undefined, string | null>;
  /** The block that mined it; null while in the mempool (migration 0031). */
  block_height: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  block_hash: ColumnType<string | null, string | null | undefined, string | null>;
  dropped_reason: ColumnType<ChainPaymentDropReason | null, ChainPaymentDropReason | null | undefined, ChainPaymentDropReason | null>;
  /** Set when a payment that was already final left the chain in a reorganisation: an operator's case. */
  reorged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The blocks a node watcher has finished, per chain family (its cursor and its fork check; migration 0031). */
export interface ChainBlocksTable {
  family: ChainFamily;
  height: bigint;
  hash: string;
  parent_hash: string;
  created_at: CreatedAt;
}

export interface TestNetworkStateTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  tip_height: bigint;
}

export interface TestNetworkTxsTable {
  id: Generated<bigint>;
  txid: string;
  asset: CryptoAsset;
  address: string;
  amount_minor: bigint;
  kind: 'faucet' | 'payout';
  payout_ref: string | null;
  block_height: bigint | null;
  created_at: CreatedAt;
}

/** Migration 0041: the leader's chain statuses for the followers (server/chain/chain-status-board.ts). */
export interface ChainWatchStatusTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  /** ChainWatcherStatus[] as jsonb (write with toJsonb); read back through parsePublishedStatuses. */
  statuses: ColumnType<unknown, string, string>;
  published_at: ColumnType<Date, Date | undefined, Date>;
  publisher_pid: number;
}

export interface ChainTables {
  chain_addresses: ChainAddressesTable;
  chain_payments: ChainPaymentsTable;
  chain_blocks: ChainBlocksTable;
  test_network_state: TestNetworkStateTable;
  test_network_txs: TestNetworkTxsTable;
  chain_watch_status: ChainWatchStatusTable;
}

export type ChainAddressRow = Selectable<ChainAddressesTable>;
export type ChainPaymentRow = Selectable<ChainPaymentsTable>;
export type ChainBlockRow = Selectable<ChainBlocksTable>;
export type TestNetworkTxRow = Selectable<TestNetworkTxsTable>;
