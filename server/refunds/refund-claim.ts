// The buyer's side of a refund, without an account: read the claim by its token, and give the address.
// Submitting, in one database transaction under the refund row's lock: the address is checked for the
// coin and network (core/chain/address-format.ts, checksums included) and against the payout adapter's
// known refusals; the payout is queued on the chain payouts (server/chain/payouts/, keyed by the refund's
// id) and the row becomes 'sent' with the address. The coins leave after commit: refund-payout-handlers.ts
// records the txid and queues payment.refunded at the broadcast, POSTS the reservation when mined, and
// releases it when the payout fails. A refused address or a payout that cannot be queued now changes
// nothing, so the buyer can correct it or come back; a sent claim is never sent twice (a link works once).

import type { Kysely } from 'kysely';
import type { RefundClaim } from '#core/contract/refunds.ts';
import { addressHint, type AddressCheck } from '#core/chain/address-format.ts';
import { coinUnavailable } from '#core/chain/coin-availability.ts';
import type { CryptoAsset } from '#core/assets.ts';
import type { NetworkKind } from '#core/chain/networks.ts';
import { formatMinor } from '#core/money.ts';
import { addressStart } from '#core/payments/refund-rules.ts';
import type { ChainPayouts } from '../chain/payouts/index.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import { ApiError, apiError } from '../http/api-error.ts';
import { hashClaimToken } from './claim-token.ts';
import { effectiveStatus } from './refund-answer.ts';
import type { RefundRow } from '../db/tables/refunds.ts';

/** app.chain: the network the buyer's address must be on (its hint too), and whether the coin can be sent. */
export interface ClaimChain {
  network: NetworkKind;
  isAvailable(asset: CryptoAsset): boolean;
  validateAddress(asset: CryptoAsset, address: string): AddressCheck;
  payouts: Pick<ChainPayouts, 'queuePayout' | 'knownRefusal'>;
}

async function claimAnswer(db: Db, chain: ClaimChain, row: RefundRow, now: Date): Promise<RefundClaim> {
  const merchant = await db.selectFrom('merchants').select('name').where('id', '=', row.merchant_id).executeTakeFirstOrThrow();
  return {
    merchant_name: merchant.name,
    status: effectiveStatus(row, now),
    currency: row.coin,
    amount: formatMinor(row.amount_minor, row.coin),
    network_fee: formatMinor(row.network_fee_minor, row.coin),
    buyer_receives: formatMinor(row.amount_minor - row.network_fee_minor, row.coin),
    expires_at: row.claim_expires_at.toISOString(),
    address_hint: addressHint(row.coin, chain.network),
    address_start: addressStart(row.coin, chain.network),
    address: row.address,
    txid: row.txid,
  };
}

async function findClaim(db: Db, token: string, lock: boolean): Promise<RefundRow> {
  const query = db.selectFrom('payment_refunds').selectAll().where('claim_token_hash', '=', hashClaimToken(token));
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw apiError('refund_claim_not_found');
  return row;
}

/** A sent claim stays readable (the buyer's confirmation, on a reload); an expired one is answered 410. */
export async function readRefundClaim(db: Kysely<Database>, chain: ClaimChain, token: string, now: Date = new Date()): Promise<RefundClaim> {
  const row = await findClaim(db, token, false);
  if (effectiveStatus(row, now) === 'expired') throw apiError('refund_claim_expired');
  return claimAnswer(db, chain, row, now);
}

export async function submitRefundClaim(db: Kysely<Database>, chain: ClaimChain, input: { token: string; address: string }, now: Date = new Date()): Promise<RefundClaim> {
  return db.transaction().execute(async (trx) => {
    const row = await findClaim(trx, input.token, true);
    if (row.status === 'sent' || row.status === 'failed') throw apiError('refund_claim_used');
    if (effectiveStatus(row, now) === 'expired') throw apiError('refund_claim_expired');
    // The claim stays open (nothing moves) so the buyer can come back once the coin's chain is on again.
    if (!chain.isAvailable(row.coin)) throw new ApiError(coinUnavailable(row.coin));
    const checked = chain.validateAddress(row.coin, input.address);
    if (!checked.ok) throw apiError('address_invalid', checked.message, { address: [checked.message] });
    const refusal = chain.payouts.knownRefusal(row.coin, checked.address);
    if (refusal) {
      const message = 'The network refuses payouts to this address. Check it, or enter another address of yours.';
      throw apiError('address_invalid', message, { address: [message] });
    }
    const queued = await chain.payouts.queuePayout(trx, { purpose: 'refund', ref: row.public_id, asset: row.coin, address: checked.address, amountMinor: row.amount_minor - row.network_fee_minor });
    if (!queued.ok) {
      if (queued.code === 'address_invalid') throw apiError('address_invalid', queued.message, { address: [queued.message] });
      throw apiError('refund_payout_unavailable');
    }
    const updated = await trx
      .updateTable('payment_refunds')
      .set({ status: 'sent', address: checked.address, sent_at: now, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return claimAnswer(trx, chain, updated, now);
  });
}
