// What the payout tests share: a migrated database per test database, a ChainPayouts over the given
// adapters, handlers that record every call (so a test sees each transition happen exactly once), and a
// logger that keeps its lines (so a test can check that no secret was ever logged).

import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import type { ChainPayoutPurpose, ChainPayoutRow } from '../../db/tables/chain-payouts.ts';
import { openTestDatabase, type TestDatabaseName } from '../../test-database.ts';
import { ChainPayouts } from './chain-payouts.ts';
import type { PayoutFeeQuoter } from './payout-fee-quote.ts';
import type { PayoutSender } from './payout-sender.ts';
import type { PayoutWorkerOptions } from './payout-worker.ts';

export interface HandlerCall {
  event: 'broadcast' | 'confirmed' | 'failed';
  ref: string;
  txid: string | null;
  failedReason: string | null;
}

export function recordingLogger(lines: string[]): FastifyBaseLogger {
  const write = (level: string) => (...args: unknown[]) => {
    lines.push(`${level} ${JSON.stringify(args, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value instanceof Error ? value.message : value))}`);
  };
  const log = { level: 'info', fatal: write('fatal'), error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug'), trace: write('trace'), silent: () => {}, child: () => log };
  return log as unknown as FastifyBaseLogger;
}

export interface PayoutKit {
  database: DatabaseHandle;
  payouts: ChainPayouts;
  calls: HandlerCall[];
  logLines: string[];
  /** Makes the named purpose's next handler call throw once (a caller's bug or a busy database). */
  failNextHandler(purpose: ChainPayoutPurpose): void;
  row(ref: string): Promise<ChainPayoutRow>;
}

/** One database and one ChainPayouts for the enclosing describe block; senders are built in beforeAll. */
export function usePayoutKit(name: TestDatabaseName, makeSenders: () => PayoutSender[], options: { network?: 'regtest' | 'test'; worker?: PayoutWorkerOptions; fees?: () => PayoutFeeQuoter[] } = {}): PayoutKit {
  let database: DatabaseHandle | undefined;
  let payouts: ChainPayouts | undefined;
  const calls: HandlerCall[] = [];
  const logLines: string[] = [];
  const throwing = new Set<ChainPayoutPurpose>();
  beforeAll(async () => {
    database = await openTestDatabase(name);
    payouts = new ChainPayouts({ db: database.db, network: options.network ?? 'regtest', senders: makeSenders(), fees: options.fees?.() ?? [], log: recordingLogger(logLines), worker: { pollMs: 50, ...options.worker } });
    for (const purpose of ['withdrawal', 'delivery', 'refund', 'merchant_payout'] as const) {
      const record = (event: HandlerCall['event']) => async (_trx: unknown, payout: ChainPayoutRow) => {
        if (throwing.delete(purpose)) throw new Error(`the ${purpose} handler failed on purpose`);
        calls.push({ event, ref: payout.ref, txid: payout.txid, failedReason: payout.failed_reason });
      };
      payouts.onPayout(purpose, { broadcast: record('broadcast'), confirmed: record('confirmed'), failed: record('failed') });
    }
  });
  afterAll(async () => {
    await payouts?.stop();
    await database?.close();
  });
  return {
    get database() {
      return database!;
    },
    get payouts() {
      return payouts!;
    },
    calls,
    logLines,
    failNextHandler: (purpose) => throwing.add(purpose),
    row: (ref) => database!.db.selectFrom('chain_payouts').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow(),
  };
}
