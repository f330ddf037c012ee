// Keeps price_bars filled while the app runs. On start: the test feed's year is seeded where an asset
// has none (awaited: about half a second once, then a quick check), or, on Kraken, the missing past
// is backfilled in the background (it waits between calls and must not hold up the start). Then the
// recorder runs every minute; a backfill that failed is tried again hourly. All of it runs on the elected
// leader only, so N server processes record each minute once.

import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import type { RatesService } from './rates-service.ts';
import { backfillFromKraken, type BackfillReport, type KrakenBackfillOptions } from './kraken-backfill.ts';
import { recorderRun } from './price-recorder.ts';
import { seedTestHistory } from './test-history.ts';

const RECORD_EVERY_MS = 60_000;
const BACKFILL_RETRY_MS = 3_600_000;

export interface PriceHistoryOptions {
  /** Where the missing past comes from: the test feed's seed, Kraken's OHLC, or nowhere (a feed injected by a test). */
  past: 'test-seed' | 'kraken' | 'none';
  kraken?: KrakenBackfillOptions;
  everyMs?: number;
}

export function startPriceHistory(app: FastifyInstance, rates: RatesService, options: PriceHistoryOptions): void {
  let closing = false;
  let backfill: Promise<void> = Promise.resolve();
  let backfillDueAt = Number.POSITIVE_INFINITY;

  const runBackfill = () => {
    backfillDueAt = Number.POSITIVE_INFINITY;
    backfill = backfillFromKraken(app.db, rates.now(), { ...options.kraken, stopped: () => closing })
      .then((report: BackfillReport) => {
        const written = Object.values(report.written).reduce((sum, count) => sum + count, 0);
        if (written > 0) app.log.info({ written }, 'price history backfilled from Kraken');
        if (report.failures.length > 0) {
          app.log.warn({ failures: report.failures }, 'price history backfill incomplete; trying again in an hour');
          backfillDueAt = rates.now().getTime() + BACKFILL_RETRY_MS;
        }
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'price history backfill failed; trying again in an hour');
        backfillDueAt = rates.now().getTime() + BACKFILL_RETRY_MS;
      });
  };

  // On the elected process only (server/plugins/leader.ts): one recorder for the whole platform, and the
  // past filled once. A lone process leads from the start, so its seed is still awaited before it serves.
  app.leader.addDuty({
    name: 'price history fill',
    start: async () => {
      closing = false;
      if (options.past === 'test-seed') {
        const seeded = await seedTestHistory(app.db, rates.now());
        if (seeded.length > 0) app.log.info({ assets: seeded }, 'price history seeded from the test feed');
      }
      if (options.past === 'kraken') runBackfill();
    },
    stop: async () => {
      closing = true;
      await backfill;
    },
  });

  const state = { lastPrunedAt: 0 };
  startPeriodicJob(app, {
    name: 'price recorder',
    leaderOnly: true,
    everyMs: options.everyMs ?? RECORD_EVERY_MS,
    run: async () => {
      const now = rates.now();
      if (now.getTime() >= backfillDueAt) runBackfill();
      return recorderRun(app.db, rates.feed, now, state, (failure) =>
        app.log.warn({ reason: failure.reason }, 'price recorder: the feed failed; this minute stays a gap'),
      );
    },
    report: (run) => {
      if (run.pruned > 0) app.log.info({ pruned: run.pruned }, 'price history pruned');
    },
  });
}
