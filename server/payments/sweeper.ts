// The payment sweeper: time, not the chain, moves these transitions.
//   new past expires_at               -> expired   (payment.expired), with or without a coin chosen: a
//                                        coin-less payment's expires_at is its 3600 s to choose one
//   processing past monitoring_until  -> invalid   (payment.invalid: what was confirmed never covered the due)
// sweepPayments is exported for tests and runs every SWEEP_EVERY_MS in the app. Each payment moves in
// its own transaction with its event; rows another worker holds are skipped (SKIP LOCKED) and picked up
// on the next round, so any number of servers may sweep at once.

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sweepDecision } from '#core/payments/payment-rules.ts';
import type { Database } from '../db/schema.ts';
import { emitPaymentEvents } from './events.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';

export const SWEEP_EVERY_MS = 5_000;
const BATCH = 100;

/** Expire or invalidate every payment whose time is up at `now`; answers how many moved. */
export async function sweepPayments(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  let moved = 0;
  for (;;) {
    const due = await db
      .selectFrom('payments')
      .select('id')
      .where((eb) => eb.or([eb.and([eb('status', '=', 'new'), eb('expires_at', '<=', now)]), eb.and([eb('status', '=', 'processing'), eb('monitoring_until', '<=', now)])]))
      .orderBy('id')
      .limit(BATCH)
      .execute();
    let movedThisRound = 0;
    for (const { id } of due) {
      const done = await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().skipLocked().executeTakeFirst();
        if (!row) return false;
        // Re-decided under the lock: a payment detected in the meantime is no longer 'new'.
        const decision = sweepDecision({ status: row.status, expiresAt: row.expires_at, monitoringUntil: row.monitoring_until }, now);
        if (!decision) return false;
        const updated = await trx.updateTable('payments').set({ status: decision.status, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await emitPaymentEvents(trx, updated, [decision.event]);
        return true;
      });
      if (done) movedThisRound += 1;
    }
    moved += movedThisRound;
    // A short batch means nothing is left; a batch where nothing moved means the rest is held elsewhere.
    if (due.length < BATCH || movedThisRound === 0) return moved;
  }
}

export async function paymentSweeper(app: FastifyInstance, options: { everyMs?: number } = {}): Promise<void> {
  startPeriodicJob(app, { name: 'payment sweep', everyMs: options.everyMs ?? SWEEP_EVERY_MS, run: () => sweepPayments(app.db) });
}
