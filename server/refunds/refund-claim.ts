// The buyer's side of a refund, without an account: read the claim by its token, and give the address.
// Submitting, in one database transaction under the refund row's lock: the address is checked for the
// coin and network (core/chain/address-format.ts, checksums included); the payout is sent on the chain
// layer (idempotent by the refund's id); the ledger reservation is POSTED (`${refund}:out:post`); the row
// becomes 'sent' with the address and txid; and payment.refunded is queued. A refused address changes
// nothing, so the buyer can correct it; a sent claim is never sent twice (a link works once).

import type { Kysely } from 'kysely';
import type { RefundClaim } from '#core/contract/refunds.ts';
import { addressHint } from '#core/chain/address-format.ts';
import { formatMinor } from '#core/money.ts';
import { testAddressStart } from '#core/payments/refund-rules.ts';
import { sendPayout, validateAddress } from '../chain/index.ts';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/db.ts';
import { apiError } from '../http/api-error.ts';
import { createTransfers } from '../ledger/index.ts';
import { emitPaymentEvents } from '../payments/events.ts';
import { hashClaimToken } from './claim-token.ts';
import { effectiveStatus } from './refund-answer.ts';
import type { RefundRow } from '../db/tables/refunds.ts';

async function claimAnswer(db: Db, row: RefundRow, now: Date): Promise<RefundClaim> {
  const merchant = await db.selectFrom('merchants').select('name').where('id', '=', row.merchant_id).executeTakeFirstOrThrow();
  return {
    merchant_name: merchant.name,
    status: effectiveStatus(row, now),
    currency: row.coin,
    amount: formatMinor(row.amount_minor, row.coin),
    network_fee: formatMinor(row.network_fee_minor, row.coin),
    buyer_receives: formatMinor(row.amount_minor - row.network_fee_minor, row.coin),
    expires_at: row.claim_expires_at.toISOString(),
    address_hint: addressHint(row.coin, 'test'),
    address_start: testAddressStart(row.coin),
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
export async function readRefundClaim(db: Kysely<Database>, token: string, now: Date = new Date()): Promise<RefundClaim> {
  const row = await findClaim(db, token, false);
  if (effectiveStatus(row, now) === 'expired') throw apiError('refund_claim_expired');
  return claimAnswer(db, row, now);
}

export async function submitRefundClaim(db: Kysely<Database>, input: { token: string; address: string }, now: Date = new Date()): Promise<RefundClaim> {
  return db.transaction().execute(async (trx) => {
    const row = await findClaim(trx, input.token, true);
    if (row.status === 'sent') throw apiError('refund_claim_used');
    if (effectiveStatus(row, now) === 'expired') throw apiError('refund_claim_expired');
    const checked = validateAddress(row.coin, input.address);
    if (!checked.ok) throw apiError('address_invalid', checked.message, { address: [checked.message] });
    const sent = await sendPayout(trx, { asset: row.coin, address: checked.address, amountMinor: row.amount_minor - row.network_fee_minor, ref: row.public_id });
    if (!sent.ok) {
      const message = 'The network refuses payouts to this address. Check it, or enter another address of yours.';
      throw apiError('address_invalid', message, { address: [message] });
    }
    const posted = await createTransfers(trx, [{ id: `${row.public_id}:out:post`, pendingId: `${row.public_id}:out`, action: 'post' }]);
    // The row lock and its status make the reservation resolve once; a refusal here is a bug.
    if (!posted.ok) throw new Error(`refund ${row.public_id}: post refused by the ledger: ${posted.code} ${posted.message}`);
    const updated = await trx
      .updateTable('payment_refunds')
      .set({ status: 'sent', address: checked.address, txid: sent.txid, sent_at: now, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', row.payment_id).executeTakeFirstOrThrow();
    await emitPaymentEvents(trx, payment, ['payment.refunded'], {
      refund_id: updated.public_id,
      refund_amount: formatMinor(updated.amount_minor, updated.coin),
      refund_network_fee: formatMinor(updated.network_fee_minor, updated.coin),
      refund_address: checked.address,
      refund_txid: sent.txid,
    });
    return claimAnswer(trx, updated, now);
  });
}
