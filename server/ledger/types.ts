// The ledger's vocabulary: accounts, transfers and results. docs/ledger.md explains the guarantees.

import type { Asset } from '#core/assets.ts';
import type { LedgerAccountKind, TransferCode } from '../db/tables/ledger.ts';

export type { LedgerAccountKind, TransferCode } from '../db/tables/ledger.ts';

export type { Db } from '../db/db.ts';

export type LedgerOwner = { type: 'user'; userId: bigint } | { type: 'merchant'; merchantId: bigint } | { type: 'house' };

export interface LedgerAccountKey {
  providerId: bigint;
  owner: LedgerOwner;
  asset: Asset;
  kind: LedgerAccountKind;
}

export interface LedgerAccount {
  id: bigint;
  providerId: bigint;
  owner: LedgerOwner;
  asset: Asset;
  kind: LedgerAccountKind;
  debitsPending: bigint;
  debitsPosted: bigint;
  creditsPending: bigint;
  creditsPosted: bigint;
}

/** A single-phase transfer (posted at once) or, with `pending`, the reserve of a two-phase transfer. */
export interface TransferInput {
  /** Client-supplied, globally unique, the idempotency key: derive it from what it records, e.g. `${txn}:fee`. 1..128 chars. */
  id: string;
  debitAccountId: bigint;
  creditAccountId: bigint;
  /** Minor units of both accounts' asset; > 0. */
  amount: bigint;
  code: TransferCode;
  /** money_transactions.public_id or a payment id. */
  ref?: string;
  /** Reserve only: moves the amount into debits_pending / credits_pending until posted or voided. */
  pending?: boolean;
}

/** The second phase of a two-phase transfer: post (all or part of) the reservation, or void it. */
export interface ResolvePendingInput {
  id: string;
  /** The pending transfer's id. */
  pendingId: string;
  action: 'post' | 'void';
  /** post: at most the reserved amount (the rest is released); default all. void: if given, must equal the reserved amount. */
  amount?: bigint;
  /** Default: the pending transfer's code. */
  code?: TransferCode;
  /** Default: the pending transfer's ref. */
  ref?: string;
}

export type LedgerItem = TransferInput | ResolvePendingInput;

/**
 * Why a batch was refused, in the order of precedence in which each item is checked (docs/ledger.md):
 * a batch reports the first failing item, and for that item the first failing rule.
 */
export const LEDGER_ERROR_CODES = [
  // Batch shape, checked before anything is read.
  'batch_empty',
  'batch_too_large',
  'id_invalid',
  'id_duplicated_in_batch',
  'amount_must_be_positive',
  'accounts_must_differ',
  // Idempotency: the id already exists.
  'exists_with_different_fields',
  'batch_partly_exists',
  // References.
  'account_not_found',
  'asset_mismatch',
  'pending_not_found',
  'pending_transfer_not_pending',
  'pending_already_resolved',
  'exceeds_pending_amount',
  'pending_amount_differs',
  // Balances.
  'exceeds_credits',
  'overflow',
] as const;
export type LedgerErrorCode = (typeof LEDGER_ERROR_CODES)[number];

export type LedgerResult =
  | { ok: true; replayed: boolean }
  | { ok: false; code: LedgerErrorCode; index: number; message: string };

/**
 * "Put a limit on everything": a batch is one money movement of a handful of legs, or many independent
 * ones sent in one round trip (a block's deposits caught up at once, a settlement run), as TigerBeetle
 * batches up to 8,190. Bounded so one batch stays one reasonable statement of rows.
 */
export const MAX_BATCH_SIZE = 1024;
export const MAX_ID_LENGTH = 128;

export function isResolve(item: LedgerItem): item is ResolvePendingInput {
  return 'pendingId' in item;
}
