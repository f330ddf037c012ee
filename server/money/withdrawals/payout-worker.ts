// Sends confirmed withdrawals. A withdrawal that has been 'pending' for WITHDRAWAL_SETTLE_MS (the
// test bank's and test network's processing time) is claimed with FOR UPDATE SKIP LOCKED, so several
// servers (or a cancel in progress) never handle the same row twice:
//   crypto: queued on the chain payouts (server/chain/payouts/, keyed by the withdrawal's id) in this
//           transaction, and marked details.payout = 'queued' so no run takes it again; the payout worker
//           sends it after commit and withdrawal-payout-handlers.ts posts (mined) or voids (failed) the
//           reservation. A payout the queue refuses (address, hot wallet): void, failed (funds back).
//   wire:   the test bank accepts -> post, completed
// A crash mid-way rolls the whole step back: the payout row and the marker commit together or not at all.

import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import type { Database } from '../../db/schema.ts';
import type { ChainPayouts } from '../../chain/payouts/index.ts';
import { toJsonb } from '../../db/jsonb.ts';
import { payOutWire } from './payout.ts';
import { resolveWithdrawalFunds } from './withdrawal-funds.ts';
import { withdrawalPayoutHandlers } from './withdrawal-payout-handlers.ts';
import { startPeriodicJob } from '../../plugins/periodic-job.ts';

/** Put a limit on everything: one run handles at most this many, the next tick the rest. */
const MAX_PER_RUN = 100;
const POLL_MS = 1_000;
export const DEFAULT_SETTLE_MS = 10_000;

export interface PayoutRun {
  completed: number;
  failed: number;
  /** Crypto withdrawals handed to the chain payouts: completed (or failed) when their payout is. */
  queued: number;
}

/** What the withdrawals need of app.chain.payouts. */
export type WithdrawalPayouts = Pick<ChainPayouts, 'queuePayout'>;

/** Handles one due withdrawal; false when none is due (or every due one is locked by someone else). */
async function processOne(db: Kysely<Database>, payouts: WithdrawalPayouts, dueBefore: Date, run: PayoutRun): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('money_transactions')
      .selectAll()
      .where('type', '=', 'withdrawal')
      .where('status', '=', 'pending')
      .where('updated_at', '<=', dueBefore)
      .where(sql<string | null>`details->>'payout'`, 'is', null)
      .orderBy('updated_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return false;
    if (row.method === 'crypto') {
      const address = String(row.details.address ?? '');
      const queued = await payouts.queuePayout(trx, { purpose: 'withdrawal', ref: row.public_id, asset: row.currency_iso as CryptoAsset, address, amountMinor: row.amount_minor });
      if (!queued.ok) {
        await resolveWithdrawalFunds(trx, row, 'void');
        await trx.updateTable('money_transactions').set({ status: 'failed', updated_at: new Date(), details: toJsonb({ ...row.details, rejected: queued.message }) }).where('id', '=', row.id).execute();
        run.failed += 1;
        return true;
      }
      await trx.updateTable('money_transactions').set({ updated_at: new Date(), details: toJsonb({ ...row.details, payout: 'queued' }) }).where('id', '=', row.id).execute();
      run.queued += 1;
      return true;
    } else {
      payOutWire();
      await resolveWithdrawalFunds(trx, row, 'post');
      await trx.updateTable('money_transactions').set({ status: 'completed', payment_status: 'successful', updated_at: new Date() }).where('id', '=', row.id).execute();
    }
    run.completed += 1;
    return true;
  });
}

/** Sends every withdrawal pending for at least settleMs at `now`. Tests call it by hand. */
export async function processDueWithdrawals(db: Kysely<Database>, payouts: WithdrawalPayouts, options: { settleMs: number; now?: Date }): Promise<PayoutRun> {
  const dueBefore = new Date((options.now ?? new Date()).getTime() - options.settleMs);
  const run: PayoutRun = { completed: 0, failed: 0, queued: 0 };
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    if (!(await processOne(db, payouts, dueBefore, run))) break;
  }
  return run;
}

/** Registers the withdrawals' payout handlers and runs processDueWithdrawals every second while the app is up; stopped (and awaited) on close. */
export function startPayoutWorker(app: FastifyInstance, settleMs: number): void {
  app.chain.payouts.onPayout('withdrawal', withdrawalPayoutHandlers);
  startPeriodicJob(app, {
    name: 'payout worker run',
    everyMs: POLL_MS,
    run: () => processDueWithdrawals(app.db, app.chain.payouts, { settleMs }),
    report: (run) => {
      if (run.completed + run.failed + run.queued > 0) app.log.info({ ...run }, 'withdrawals sent');
    },
  });
}
