// GET merchant/payments/refunds: what the merchant can decide about one of its payments now, with the
// figures the page shows (all from the rows, never recomputed in the browser), and its refunds.

import type { Kysely } from 'kysely';
import type { PaymentRefunds } from '#core/contract/refunds.ts';
import { formatMinor } from '#core/money.ts';
import { acceptSplit, canAccept, canRefund, defaultRefund, maxRefund, refundNetworkFee } from '#core/payments/refund-rules.ts';
import type { Database } from '../db/schema.ts';
import type { AnswerDeps } from './refund-answer.ts';
import { refundRecord } from './refund-answer.ts';
import { merchantPayment, refundFacts, refundsOf } from './refund-facts.ts';

export async function paymentRefunds(db: Kysely<Database>, deps: AnswerDeps, merchantId: bigint, token: string): Promise<PaymentRefunds> {
  const payment = await merchantPayment(db, merchantId, token);
  const refunds = await refundsOf(db, payment.id);
  const facts = refundFacts(payment, refunds);
  const coin = payment.coin;
  // A payment without a coin has received nothing; its figures are zero in BTC's 8 decimals.
  const show = (minor: bigint) => formatMinor(minor, coin ?? 'BTC');
  const accept = canAccept(facts) ? acceptSplit(facts, payment.fee_bps) : { creditedMinor: 0n, feeMinor: 0n };
  return {
    transaction_token: payment.public_id,
    status: payment.status,
    exception: payment.exception,
    currency: coin,
    amount_due: payment.amount_due_minor === null ? null : show(payment.amount_due_minor),
    received: show(facts.confirmedMinor),
    refunded: show(facts.refundedMinor),
    max_refund: show(maxRefund(facts)),
    default_refund: show(defaultRefund(facts)),
    network_fee: show(coin ? refundNetworkFee(coin, 'test') : 0n),
    can_accept: canAccept(facts),
    accept_credit: show(accept.creditedMinor),
    accept_fee: show(accept.feeMinor),
    can_refund: coin !== null && canRefund(facts),
    accepted_at: payment.accepted_at?.toISOString() ?? null,
    refunds: refunds.map((row) => refundRecord(deps, row, payment.public_id)),
  };
}
