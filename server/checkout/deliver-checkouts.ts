// Sends the coins of successful checkouts, once. The worker picks a successful checkout whose delivery
// has not happened (delivery_status NULL) with FOR UPDATE SKIP LOCKED, so two servers never take the same
// one, and sends it in the database transaction that posts its reservation (checkout-funds.ts) and records
// the chain's transaction id: a crash rolls the step back, and sendPayout is idempotent by the checkout's
// public id, so a retry answers the same txid and the network never pays twice. Any payment method only
// has to reserve the coins and set the checkout successful in its own transaction; this does the rest.
// A payout the network refuses voids the reservation and is marked rejected: the guest's money is then
// with the house and an operator refunds it (not automated yet).

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { payOutCrypto } from '../money/withdrawals/payout.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import { settleDelivery } from './checkout-funds.ts';

const MAX_PER_RUN = 100;
const POLL_MS = 1_000;

export interface DeliveryRun {
  sent: number;
  rejected: number;
}

async function deliverOne(db: Kysely<Database>, now: Date, run: DeliveryRun): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const checkout = await trx
      .selectFrom('guest_checkouts')
      .selectAll()
      .where('status', '=', 'successful')
      .where('delivery_status', 'is', null)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!checkout) return false;
    const address = checkout.crypto_address ?? '';
    const sent = await payOutCrypto(trx, { asset: checkout.crypto_currency, address, amountMinor: checkout.crypto_amount_minor, ref: checkout.public_id });
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
export async function deliverCheckouts(db: Kysely<Database>, now: Date = new Date()): Promise<DeliveryRun> {
  const run: DeliveryRun = { sent: 0, rejected: 0 };
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    if (!(await deliverOne(db, now, run))) break;
  }
  return run;
}

/** Runs deliverCheckouts every second while the app is up; stopped (and awaited) on close. */
export function startDeliveryWorker(app: FastifyInstance): void {
  startPeriodicJob(app, {
    name: 'checkout delivery run',
    everyMs: POLL_MS,
    run: () => deliverCheckouts(app.db, app.identity.now()),
    report: (run) => {
      if (run.sent + run.rejected > 0) app.log.info(run, 'checkout coins delivered');
    },
  });
}
