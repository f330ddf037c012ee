// Sends the coins of successful checkouts, once. The worker picks a successful checkout whose delivery
// has not happened (delivery_status NULL) with FOR UPDATE SKIP LOCKED, so two servers never take the same
// one, and sends it in the database transaction that posts its reservation (checkout-funds.ts) and records
// the chain's transaction id: a crash rolls the step back, and sendPayout is idempotent by the checkout's
// public id, so a retry answers the same txid and the network never pays twice. Any payment method only
// has to reserve the coins and set the checkout successful in its own transaction; this does the rest.
// A payout the network refuses voids the reservation and is marked rejected: the guest's money is then
// with the house and an operator refunds it (not automated yet).
//
// A remittance to an IBAN (remit-recipient.ts) is delivered the same way, through the bank instead of the
// network: its reservation is the fiat (house liquidity → world, reserved at capture), the payout is keyed by
// the checkout's public id at the bank too (the same reference answers the same payout), credited posts it
// and records the bank's payout id as the txid, refused voids it and marks it rejected. An unreachable bank
// changes nothing: the checkout is tried again on the next run. Without a bank (none connected) such
// checkouts wait, untouched. Once delivered, a remittance's recipient is told (notify-recipients.ts).

import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { isCrypto } from '#core/assets.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { payOutCrypto } from '../money/withdrawals/payout.ts';
import type { BankConnection } from '../online-banking/bank-client.ts';
import { sendBankPayout } from '../online-banking/bank-payout.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import { settleDelivery } from './checkout-funds.ts';
import { notifyRecipients } from './notify-recipients.ts';
import type { Notifier } from '../notifications/notifier.ts';

const MAX_PER_RUN = 100;
const POLL_MS = 1_000;

export interface DeliveryRun {
  sent: number;
  rejected: number;
  /** Remittances to an IBAN left for the next run: the bank could not be reached. */
  waiting: number;
}

export interface DeliveryOptions {
  /** The bank that pays remittances out to an IBAN; null: none connected, those remittances wait. */
  bank: BankConnection | null;
}

type Sent = { ok: true; txid: string } | { ok: false; message: string } | 'unreachable';

/** Sends what the recipient receives: coins on the network, or fiat to the remittance's IBAN at the bank. */
async function send(trx: Transaction<Database>, checkout: CheckoutRow, options: DeliveryOptions): Promise<Sent> {
  const coin = checkout.crypto_currency;
  if (isCrypto(coin)) return payOutCrypto(trx, { asset: coin, address: checkout.crypto_address ?? '', amountMinor: checkout.crypto_amount_minor, ref: checkout.public_id });
  const recipient = await trx.selectFrom('checkout_recipients').selectAll().where('checkout_id', '=', checkout.id).executeTakeFirst();
  if (!recipient?.iban || !recipient.account_holder || !options.bank) return 'unreachable';
  const sender = [checkout.first_name, checkout.last_name].filter(Boolean).join(' ') || 'the sender';
  const paid = await sendBankPayout(options.bank, {
    amountMinor: checkout.crypto_amount_minor,
    currency: coin,
    iban: recipient.iban,
    accountHolder: recipient.account_holder,
    reference: checkout.public_id,
    description: `Money from ${sender}`.slice(0, 140),
  });
  if (paid.outcome === 'unreachable') return 'unreachable';
  await trx.updateTable('checkout_recipients').set({ bank_payout_id: paid.payoutId, updated_at: new Date() }).where('checkout_id', '=', checkout.id).execute();
  return paid.outcome === 'credited' ? { ok: true, txid: paid.payoutId } : { ok: false, message: paid.reason };
}

async function deliverOne(db: Kysely<Database>, now: Date, run: DeliveryRun, options: DeliveryOptions, skip: bigint[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('guest_checkouts')
      .selectAll()
      .where('status', '=', 'successful')
      .where('delivery_status', 'is', null);
    if (skip.length > 0) query = query.where('id', 'not in', skip);
    const checkout = await query.orderBy('id').limit(1).forUpdate().skipLocked().executeTakeFirst();
    if (!checkout) return false;
    const sent = await send(trx, checkout, options);
    if (sent === 'unreachable') {
      skip.push(checkout.id);
      run.waiting += 1;
      return true;
    }
    if (!sent.ok) {
      await settleDelivery(trx, checkout.public_id, 'void');
      await trx.updateTable('guest_checkouts').set({ delivery_status: 'rejected', delivery_error: sent.message, updated_at: now }).where('id', '=', checkout.id).execute();
      run.rejected += 1;
      return true;
    }
    await settleDelivery(trx, checkout.public_id, 'post');
    await trx.updateTable('guest_checkouts').set({ delivery_status: 'sent', delivery_txid: sent.txid, delivered_at: now, updated_at: now }).where('id', '=', checkout.id).execute();
    run.sent += 1;
    return true;
  });
}

/** Delivers every successful, undelivered checkout. Tests call it by hand. */
export async function deliverCheckouts(db: Kysely<Database>, now: Date = new Date(), options: DeliveryOptions = { bank: null }): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, rejected: 0, waiting: 0 };
  const skip: bigint[] = [];
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    if (!(await deliverOne(db, now, run, options, skip))) break;
  }
  return run;
}

/** Runs deliverCheckouts (then tells the remittances' recipients) every second while the app is up; stopped (and awaited) on close. */
export function startDeliveryWorker(app: FastifyInstance & { notifier: Notifier }, options: DeliveryOptions = { bank: null }): void {
  startPeriodicJob(app, {
    name: 'checkout delivery run',
    everyMs: POLL_MS,
    run: async () => {
      const now = app.identity.now();
      const run = await deliverCheckouts(app.db, now, options);
      return { ...run, notified: await notifyRecipients(app.db, app.notifier, now) };
    },
    report: (run) => {
      if (run.sent + run.rejected + run.notified > 0) app.log.info(run, 'checkout deliveries');
    },
  });
}
