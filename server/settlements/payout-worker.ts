// The settlement payout worker, run every second by each server: it sends payouts that have been
// pending for the test bank's processing time (WITHDRAWAL_SETTLE_MS, the same as fiat withdrawals),
// and makes the scheduled payouts of merchants whose period (day or ISO week) has not paid out yet.
//   sending:   the due payouts (up to MAX_PER_RUN) are claimed with FOR UPDATE SKIP LOCKED and resolved in
//              one database transaction with the test bank's answers: confirmed -> posted (paid),
//              rejected -> voided, every reservation in one ledger batch (resolvePayouts)
//   schedule:  createPayout with the period's key; the settings row lock and the unique (merchant, period)
//              key make a second worker, on this server or another, find the period done
// A crash mid-way rolls the step back; the next run does it again.

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { payoutPeriodKey } from '#core/settlements/payout-period.ts';
import type { Database } from '../db/schema.ts';
import { payOutWire } from '../money/withdrawals/payout.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import { createPayout, resolvePayouts } from './payouts.ts';

/** Put a limit on everything: one run handles at most this many of each, the next tick the rest. */
const MAX_PER_RUN = 100;
const POLL_MS = 1_000;

export interface SettlementRun {
  scheduled: number;
  paid: number;
  rejected: number;
}

/**
 * Sends up to MAX_PER_RUN payouts pending for at least settleMs at `now`, in one database transaction
 * (the next run takes the rest). Tests call it by hand.
 */
export async function processDuePayouts(db: Kysely<Database>, options: { settleMs: number; now?: Date }): Promise<SettlementRun> {
  const dueBefore = new Date((options.now ?? new Date()).getTime() - options.settleMs);
  const run: SettlementRun = { scheduled: 0, paid: 0, rejected: 0 };
  await db.transaction().execute(async (trx) => {
    const payouts = await trx
      .selectFrom('settlement_payouts')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '<=', dueBefore)
      .orderBy('created_at')
      .limit(MAX_PER_RUN)
      .forUpdate()
      .skipLocked()
      .execute();
    const answered = payouts.map((payout) => ({ payout, outcome: payOutWire(payout.bank_iban) }));
    await resolvePayouts(trx, answered);
    for (const { outcome } of answered) {
      if (outcome.ok) run.paid += 1;
      else run.rejected += 1;
    }
  });
  return run;
}

/** Creates the scheduled payout of every merchant whose current period has none yet and has something to pay. */
export async function runScheduledPayouts(db: Kysely<Database>, now: Date = new Date()): Promise<SettlementRun> {
  const run: SettlementRun = { scheduled: 0, paid: 0, rejected: 0 };
  const due = await db
    .selectFrom('merchant_settlement_settings as s')
    .select(['s.merchant_id', 's.schedule'])
    .where('s.schedule', '!=', 'off')
    .where('s.bank_iban', 'is not', null)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('settlement_conversions as c').select('c.id').whereRef('c.merchant_id', '=', 's.merchant_id').whereRef('c.fiat_currency', '=', 's.fiat_currency').where('c.payout_id', 'is', null)),
    )
    .orderBy('s.merchant_id')
    .limit(MAX_PER_RUN)
    .execute();
  for (const merchant of due) {
    const periodKey = payoutPeriodKey(merchant.schedule, now);
    if (periodKey === null) continue;
    const taken = await db.selectFrom('settlement_payouts').select('id').where('merchant_id', '=', merchant.merchant_id).where('period_key', '=', periodKey).executeTakeFirst();
    if (taken) continue;
    const created = await db.transaction().execute((trx) => createPayout(trx, merchant.merchant_id, { trigger: 'scheduled', periodKey }));
    if (created.ok) run.scheduled += 1;
  }
  return run;
}

export function startSettlementWorker(app: FastifyInstance, settleMs: number): void {
  startPeriodicJob(app, {
    name: 'settlement payout worker run',
    everyMs: POLL_MS,
    run: async () => {
      const scheduled = await runScheduledPayouts(app.db);
      const sent = await processDuePayouts(app.db, { settleMs });
      return { ...sent, scheduled: scheduled.scheduled };
    },
    report: (run) => {
      if (run.scheduled + run.paid + run.rejected > 0) app.log.info({ ...run }, 'settlement payouts');
    },
  });
}
