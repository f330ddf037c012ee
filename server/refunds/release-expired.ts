// Claims that ran out unused give their amount back. Each expired claim is taken with FOR UPDATE SKIP
// LOCKED (a buyer submitting at that moment, or another server, holds it) and, in one transaction:
// the reservation is VOIDED (`${refund}:out:void`), the never-credited part goes back out to the world
// (`${refund}:in:back`, balance -> world: it was never the merchant's), and the row becomes 'expired'.
// The amount is then refundable again.

import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RefundRow } from '../db/tables/refunds.ts';
import { createTransfers, ensureAccount, type LedgerItem } from '../ledger/index.ts';
import { houseAccount } from '../money/wallet-accounts.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';

const MAX_PER_RUN = 100;
const EVERY_MS = 60_000;

async function releaseOne(db: Kysely<Database>, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('payment_refunds')
      .selectAll()
      .where('status', '=', 'claimable')
      .where('claim_expires_at', '<=', now)
      .orderBy('claim_expires_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return false;
    await releaseRefundReservation(trx, row);
    await trx.updateTable('payment_refunds').set({ status: 'expired', updated_at: now }).where('id', '=', row.id).execute();
    return true;
  });
}

/** Gives a refund's reserved amount back: the reservation voided, the never-credited part taken back out (an expired claim, a failed payout). */
export async function releaseRefundReservation(trx: Transaction<Database>, row: RefundRow): Promise<void> {
  const batch: LedgerItem[] = [{ id: `${row.public_id}:out:void`, pendingId: `${row.public_id}:out`, action: 'void' }];
  if (row.uncredited_minor > 0n) {
    const balance = await ensureAccount(trx, { providerId: row.provider_id, owner: { type: 'merchant', merchantId: row.merchant_id }, asset: row.coin, kind: 'merchant_balance' });
    const world = await houseAccount(trx, { providerId: row.provider_id, asset: row.coin, kind: 'world' });
    batch.push({ id: `${row.public_id}:in:back`, debitAccountId: balance.id, creditAccountId: world.id, amount: row.uncredited_minor, code: 'correction', ref: row.public_id });
  }
  const result = await createTransfers(trx, batch);
  if (!result.ok) throw new Error(`refund ${row.public_id}: release refused by the ledger: ${result.code} ${result.message}`);
}

/** Releases every claim expired at `now`; answers how many. Tests call it by hand. */
export async function releaseExpiredRefunds(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  let released = 0;
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    if (!(await releaseOne(db, now))) break;
    released += 1;
  }
  return released;
}

export function startRefundReleaser(app: FastifyInstance): void {
  startPeriodicJob(app, {
    name: 'refund claim releaser',
    everyMs: EVERY_MS,
    run: () => releaseExpiredRefunds(app.db),
    report: (released) => {
      if (released > 0) app.log.info({ released }, 'expired refund claims released');
    },
  });
}
