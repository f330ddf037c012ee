// Accepting a payout, inside the caller's database transaction: the row exists exactly when the caller's
// own change (a withdrawal's reservation, a delivery's status) does, and nothing reaches a node until the
// worker takes it after commit.
//
// Refusals are answers ({ ok: false, code }), since the caller decides what to tell its user; the same ref
// with other details is a bug in the caller and throws. The hot wallet check (hot-wallet-cover.ts) counts
// what is already promised and the network fees: the node's balance must cover every payout not yet
// broadcast, this one, and a fee allowance for each of them (payout-fee-quote.ts), in the coin the fee is
// paid in (ETH for a token's gas). It runs under an advisory lock per chain family, held until the caller
// commits, so two payouts accepted at once cannot both spend the same coins.

import type { CryptoAsset } from '#core/assets.ts';
import { FAMILY_OF, type NetworkKind } from '#core/chain/networks.ts';
import { formatMinor } from '#core/money.ts';
import type { Db } from '../../db/db.ts';
import type { ChainPayoutPurpose, ChainPayoutRow } from '../../db/tables/chain-payouts.ts';
import { validateAddress } from '../validate-address.ts';
import { checkHotWalletCovers } from './hot-wallet-cover.ts';
import type { PayoutFeeQuoter } from './payout-fee-quote.ts';
import type { PayoutSender } from './payout-sender.ts';

export interface QueuePayoutInput {
  purpose: ChainPayoutPurpose;
  /** The caller's id for this payout (withdrawal, checkout or refund public id): the idempotency key. */
  ref: string;
  asset: CryptoAsset;
  address: string;
  /** 8-decimal minor units, > 0. */
  amountMinor: bigint;
}

export type QueuePayoutResult =
  | { ok: true; payout: ChainPayoutRow }
  | { ok: false; code: 'address_invalid' | 'amount_invalid' | 'hot_wallet_insufficient' | 'hot_wallet_fee_insufficient' | 'payout_unavailable'; message: string };

export interface QueueContext {
  network: NetworkKind;
  /** The adapter for the asset's family; undefined when that family is off (no node configured). */
  senderFor(asset: CryptoAsset): PayoutSender | undefined;
  /** The fee allowance of the asset's family; undefined where no fee is reserved (the test network, scripted tests). */
  feeQuoterFor(asset: CryptoAsset): PayoutFeeQuoter | undefined;
}

export async function queuePayout(trx: Db, input: QueuePayoutInput, context: QueueContext): Promise<QueuePayoutResult> {
  if (input.amountMinor <= 0n) throw new RangeError(`queuePayout: amount must be positive, got ${input.amountMinor}`);
  const checked = validateAddress(input.asset, input.address, context.network);
  if (!checked.ok) return { ok: false, code: 'address_invalid', message: checked.message };

  const earlier = await trx.selectFrom('chain_payouts').selectAll().where('ref', '=', input.ref).executeTakeFirst();
  if (earlier) return { ok: true, payout: sameOrThrow(earlier, input, checked.address) };

  const sender = context.senderFor(input.asset);
  if (!sender) return { ok: false, code: 'payout_unavailable', message: `${input.asset} payouts are off: no ${FAMILY_OF[input.asset]} node is configured.` };

  if (sender.exact && !sender.exact(input.asset, input.amountMinor)) {
    return { ok: false, code: 'amount_invalid', message: `${formatMinor(input.amountMinor, input.asset)} ${input.asset} cannot be paid exactly on chain: ${input.asset} has 6 decimals there.` };
  }
  const refusal = await checkHotWalletCovers(trx, input, sender, context.feeQuoterFor(input.asset));
  if (refusal) return refusal;
  const inserted = await trx
    .insertInto('chain_payouts')
    .values({ ref: input.ref, purpose: input.purpose, asset: input.asset, family: FAMILY_OF[input.asset], network: context.network, address: checked.address, amount_minor: input.amountMinor })
    .onConflict((oc) => oc.column('ref').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { ok: true, payout: inserted };
  // Another transaction accepted the same ref meanwhile (it committed before our insert could).
  const concurrent = await trx.selectFrom('chain_payouts').selectAll().where('ref', '=', input.ref).executeTakeFirstOrThrow();
  return { ok: true, payout: sameOrThrow(concurrent, input, checked.address) };
}

function sameOrThrow(row: ChainPayoutRow, input: QueuePayoutInput, address: string): ChainPayoutRow {
  if (row.purpose !== input.purpose || row.asset !== input.asset || row.address !== address || row.amount_minor !== input.amountMinor) {
    throw new Error(`queuePayout: ref ${input.ref} was already used for a different payout`);
  }
  return row;
}
