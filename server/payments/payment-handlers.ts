// The 'payment' address purpose: what the chain pipeline's reports do to a merchant payment. Each
// handler runs inside the pipeline's database transaction, locks the payment row, applies the pure
// decision of core/payments/payment-rules.ts, and emits the events of that change in the same
// transaction. Amounts are re-read as totals from chain_payments (never incremented), so a repeated
// report cannot count money twice. The pipeline calls each transition once; the settlement is ALSO guarded by the status
// (only a processing payment settles) and by the ledger's idempotent transfer ids
// (`${token}:settle`, `${token}:fee`), so the merchant is credited exactly once however often a
// payment is reported.
//
// Settlement: confirmed money (all of it, an overpayment included: the merchant refunds it if it wants)
// less the merchant fee (the payment's own fee_bps) goes world(coin) -> the merchant's balance, the fee world(coin) -> house fees,
// with a money_transactions row (type 'payment') on the merchant's user so it shows in its history.
// Under the merchant's convert policy the credited coin is then converted to its fiat in the same
// transaction (server/settlements/convert-at-settlement.ts); without the rates (a handler built
// without them, as some tests do) the coin is kept.

import type { Transaction } from 'kysely';
import { onConfirmed, onDetected, onDropped, settlementSplit, type Decision } from '#core/payments/payment-rules.ts';
import type { ChainPaymentEvent, PurposeHandlers } from '../chain/payment-pipeline.ts';
import type { Database } from '../db/schema.ts';
import { createTransfers, ensureAccount, type LedgerItem } from '../ledger/index.ts';
import { houseAccount } from '../money/wallet-accounts.ts';
import { emitPaymentEvents } from './events.ts';
import { isPriced, type PricedPayment } from '../db/tables/payments.ts';
import { recordTransaction } from '../money/record-transaction.ts';
import type { RatesService } from '../rates/rates-service.ts';
import { convertSettledCoin } from '../settlements/convert-at-settlement.ts';

export type SettlementRates = Pick<RatesService, 'rate'> | undefined;

async function lockPayment(trx: Transaction<Database>, event: ChainPaymentEvent): Promise<PricedPayment> {
  const row = await trx.selectFrom('payments').selectAll().where('public_id', '=', event.ownerRef).forUpdate().executeTakeFirst();
  if (!row) throw new Error(`payment: address ${event.address} names payment '${event.ownerRef}', which does not exist`);
  // The address is allocated in the same transaction that sets the coin, so a payment reported on always has one.
  if (!isPriced(row)) throw new Error(`payment: address ${event.address} names payment '${event.ownerRef}', which has no coin chosen`);
  return row;
}

/** What the chain shows on the payment's address now: seen in total, and confirmed in total. */
async function addressTotals(trx: Transaction<Database>, payment: PricedPayment): Promise<{ seen: bigint; confirmed: bigint }> {
  const rows = await trx.selectFrom('chain_payments').select(['amount_minor', 'status']).where('address_id', '=', payment.address_id).execute();
  let seen = 0n;
  let confirmed = 0n;
  for (const row of rows) {
    // A transaction that left the network before confirming counts for nothing.
    if (row.status === 'dropped') continue;
    seen += row.amount_minor;
    if (row.status === 'confirmed') confirmed += row.amount_minor;
  }
  return { seen, confirmed };
}

function stateOf(row: PricedPayment) {
  return { status: row.status, exception: row.exception, dueMinor: row.amount_due_minor, paidMinor: row.paid_minor, confirmedMinor: row.confirmed_minor, expiresAt: row.expires_at };
}

/**
 * Credits a payment once: the one settlement both the chain pipeline and the merchant's accept of an
 * invalid payment (server/refunds/accept-payment.ts) go through. `confirmedMinor` is what it settles;
 * with the rates, a merchant whose policy is to convert gets its fiat in the same transaction. `part`
 * names a later, separate credit of the same payment (money accepted after it settled), so its ledger
 * ids differ from the settlement's and each part is still credited exactly once.
 */
export async function settle(
  trx: Transaction<Database>,
  payment: PricedPayment,
  confirmedMinor: bigint,
  confirmations: number,
  rates: SettlementRates,
  part?: string,
): Promise<{ feeMinor: bigint; creditedMinor: bigint }> {
  const idOf = (leg: 'settle' | 'fee') => (part ? `${payment.public_id}:${part}:${leg}` : `${payment.public_id}:${leg}`);
  // The fee fixed when the payment was created: a later change of the merchant's fee never reaches it.
  const split = settlementSplit(confirmedMinor, payment.fee_bps);
  const merchant = await trx.selectFrom('merchants').select(['user_id']).where('id', '=', payment.merchant_id).executeTakeFirstOrThrow();
  const record = await recordTransaction(trx, {
    providerId: payment.provider_id,
    userId: merchant.user_id,
    type: 'payment',
    status: 'completed',
    paymentStatus: 'successful',
    method: 'crypto',
    currency: payment.coin,
    amountMinor: split.creditedMinor,
    feeMinor: split.feeMinor,
    rate: payment.rate,
    counterparty: payment.product,
    reference: payment.public_id,
    confirmations,
    requiredConfirmations: payment.required_confirmations,
    details: { transaction_token: payment.public_id, fiat_amount: payment.fiat_amount_minor.toString(), fiat_currency: payment.fiat_currency },
  });
  const world = await houseAccount(trx, { providerId: payment.provider_id, asset: payment.coin, kind: 'world' });
  const balance = await ensureAccount(trx, { providerId: payment.provider_id, owner: { type: 'merchant', merchantId: payment.merchant_id }, asset: payment.coin, kind: 'merchant_balance' });
  const batch: LedgerItem[] = [];
  if (split.creditedMinor > 0n) batch.push({ id: idOf('settle'), debitAccountId: world.id, creditAccountId: balance.id, amount: split.creditedMinor, code: 'payment', ref: record.public_id });
  if (split.feeMinor > 0n) {
    const fees = await houseAccount(trx, { providerId: payment.provider_id, asset: payment.coin, kind: 'fees' });
    batch.push({ id: idOf('fee'), debitAccountId: world.id, creditAccountId: fees.id, amount: split.feeMinor, code: 'fee', ref: record.public_id });
  }
  const result = await createTransfers(trx, batch);
  // Crediting from the outside world cannot fail for a merchant's reason: a refusal is a bug.
  if (!result.ok) throw new Error(`payment ${payment.public_id}: settlement refused by the ledger: ${result.code} ${result.message}`);
  if (result.replayed) throw new Error(`payment ${payment.public_id}: settled twice (the ledger already had its transfers)`);
  if (rates && split.creditedMinor > 0n) {
    await convertSettledCoin(trx, rates, {
      providerId: payment.provider_id,
      merchantId: payment.merchant_id,
      merchantUserId: merchant.user_id,
      paymentId: payment.id,
      paymentToken: payment.public_id,
      coin: payment.coin,
      creditedMinor: split.creditedMinor,
    });
  }
  return split;
}

async function apply(trx: Transaction<Database>, payment: PricedPayment, decision: Decision, event: ChainPaymentEvent, rates?: SettlementRates): Promise<void> {
  const split = decision.settle ? await settle(trx, payment, decision.confirmedMinor, event.confirmations, rates) : null;
  const now = new Date();
  const updated = await trx
    .updateTable('payments')
    .set({
      status: decision.status,
      exception: decision.exception,
      paid_minor: decision.paidMinor,
      confirmed_minor: decision.confirmedMinor,
      confirmations: event.confirmations,
      ...(split ? { fee_minor: split.feeMinor, credited_minor: split.creditedMinor, settled_at: now } : {}),
      updated_at: now,
    })
    .where('id', '=', payment.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await emitPaymentEvents(trx, updated, decision.events);
}

/** The handlers, with the clock that decides "late" (tests pass their own) and the rates the convert policy sells at. */
export function paymentHandlers(now: () => Date = () => new Date(), rates?: Pick<RatesService, 'rate'>): PurposeHandlers {
  return {
    async detected(trx, event) {
      const payment = await lockPayment(trx, event);
      const totals = await addressTotals(trx, payment);
      await apply(trx, payment, onDetected(stateOf(payment), totals.seen, now()), event, rates);
      return { ref: payment.public_id };
    },

    async confirmations(trx, event) {
      await trx
        .updateTable('payments')
        .set({ confirmations: event.confirmations, updated_at: new Date() })
        .where('public_id', '=', event.ownerRef)
        .where('confirmations', '<', event.confirmations)
        .execute();
    },

    async confirmed(trx, event) {
      const payment = await lockPayment(trx, event);
      const totals = await addressTotals(trx, payment);
      await apply(trx, payment, onConfirmed(stateOf(payment), totals.confirmed), event, rates);
    },

    async unconfirmed(trx, event) {
      // A reorganisation took confirmations away before the payment settled: show the count the chain has now.
      await trx.updateTable('payments').set({ confirmations: event.confirmations, updated_at: new Date() }).where('public_id', '=', event.ownerRef).where('status', '=', 'processing').execute();
    },

    async dropped(trx, event) {
      const payment = await lockPayment(trx, event);
      const totals = await addressTotals(trx, payment);
      await apply(trx, payment, onDropped(stateOf(payment), totals.seen, now()), event, rates);
    },
  };
}
