// Sends the coins of successful checkouts, once. The worker picks a successful checkout whose delivery
// has not happened (delivery_status NULL) with FOR UPDATE SKIP LOCKED, so two servers never take the same
// one, and queues its chain payout (server/chain/payouts/, keyed by the checkout's public id) in the same
// database transaction that marks it 'queued': both commit or neither, and the payout layer never pays one
// ref twice. The coins leave after commit; delivery-payout-handlers.ts posts the reservation
// (checkout-funds.ts) when the payout is mined ('sent') or voids it when the payout fails ('rejected').
// Any payment method only has to reserve the coins and set the checkout successful in its own transaction;
// this does the rest. A payout the queue refuses (address, hot wallet) voids the reservation at once and
// is marked rejected: the guest's money is then with the house and an operator refunds it (not automated yet).
//
// A remittance to an IBAN (remit-recipient.ts: the checkout delivers fiat, not a coin) is paid out through the
// bank instead, by remit-payouts.ts, which this worker runs after the coins: same rules (once, keyed by the
// checkout's id, reservation posted or voided), but without a transaction open over the bank's HTTP call.
// Once delivered, a remittance's recipient is told (notify-recipients.ts), in the same run.

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { CRYPTO, isCrypto, type CryptoAsset } from '#core/assets.ts';
import type { Database } from '../db/schema.ts';
import type { ChainPayouts } from '../chain/payouts/index.ts';
import type { Notifier } from '../notifications/notifier.ts';
import type { BankConnection } from '../online-banking/bank-client.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import { settleDelivery } from './checkout-funds.ts';
import { deliveryPayoutHandlers } from './delivery-payout-handlers.ts';
import { notifyRecipients } from './notify-recipients.ts';
import { payOutRemittances } from './remit-payouts.ts';

const MAX_PER_RUN = 100;
const POLL_MS = 1_000;

/** What the deliveries need of app.chain.payouts. */
export type DeliveryPayouts = Pick<ChainPayouts, 'queuePayout'>;

export interface DeliveryRun {
  /** Coins handed to the chain payouts: 'sent' once their payout is mined (counted by the payout worker). */
  queued: number;
  /** Remittances paid out through the bank. */
  sent: number;
  rejected: number;
  /** Remittances to an IBAN left for the next run: the bank could not be reached. */
  waiting: number;
}

export interface DeliveryOptions {
  /** The bank that pays remittances out to an IBAN; null: none connected, those remittances wait. */
  bank: BankConnection | null;
  /**
   * The coins that can be sent now (app.chain.assets; every coin when absent). A paid checkout of a coin
   * whose chain is off waits, its money held, until a server with that chain on delivers it: never rejected for it.
   */
  coins?: readonly CryptoAsset[];
}

async function deliverOne(db: Kysely<Database>, payouts: DeliveryPayouts, now: Date, coins: readonly CryptoAsset[], run: DeliveryRun): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const checkout = await trx
      .selectFrom('guest_checkouts')
      .selectAll()
      .where('status', '=', 'successful')
      .where('delivery_status', 'is', null)
      // Coins only: a remittance of fiat to an IBAN is the bank's (remit-payouts.ts).
      .where('crypto_currency', 'in', coins)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!checkout) return false;
    const coin = checkout.crypto_currency;
    if (!isCrypto(coin)) throw new Error(`checkout ${checkout.public_id}: ${coin} is not a coin`);
    const address = checkout.crypto_address ?? '';
    const queued = await payouts.queuePayout(trx, { purpose: 'delivery', ref: checkout.public_id, asset: coin, address, amountMinor: checkout.crypto_amount_minor });
    if (!queued.ok) {
      await settleDelivery(trx, checkout.public_id, 'void');
      await trx.updateTable('guest_checkouts').set({ delivery_status: 'rejected', delivery_error: queued.message, updated_at: now }).where('id', '=', checkout.id).execute();
      run.rejected += 1;
      return true;
    }
    await trx.updateTable('guest_checkouts').set({ delivery_status: 'queued', updated_at: now }).where('id', '=', checkout.id).execute();
    run.queued += 1;
    return true;
  });
}

/** Delivers every successful, undelivered checkout: the coins, then the remittances to an IBAN. Tests call it by hand. */
export async function deliverCheckouts(db: Kysely<Database>, payouts: DeliveryPayouts, now: Date = new Date(), options: DeliveryOptions = { bank: null }): Promise<DeliveryRun> {
  const run: DeliveryRun = { queued: 0, sent: 0, rejected: 0, waiting: 0 };
  const coins = options.coins ?? CRYPTO;
  for (let i = 0; coins.length > 0 && i < MAX_PER_RUN; i += 1) {
    if (!(await deliverOne(db, payouts, now, coins, run))) break;
  }
  const paidOut = await payOutRemittances(db, options.bank, now);
  return { queued: run.queued, sent: paidOut.sent, rejected: run.rejected + paidOut.rejected, waiting: paidOut.waiting };
}

/** Registers the deliveries' payout handlers and runs deliverCheckouts (then tells the remittances' recipients) every second while the app is up; stopped (and awaited) on close. */
export function startDeliveryWorker(app: FastifyInstance & { notifier: Notifier }, options: DeliveryOptions = { bank: null }): void {
  app.chain.payouts.onPayout('delivery', deliveryPayoutHandlers);
  startPeriodicJob(app, {
    name: 'checkout delivery run',
    everyMs: POLL_MS,
    run: async () => {
      const now = app.identity.now();
      const run = await deliverCheckouts(app.db, app.chain.payouts, now, options);
      return { ...run, notified: await notifyRecipients(app.db, app.notifier, now) };
    },
    report: (run) => {
      if (run.queued + run.sent + run.rejected + run.notified > 0) app.log.info(run, 'checkout deliveries');
    },
  });
}
