// A background job that runs every `everyMs` while the app is up: the first run one period after the
// app is ready, the next one period after the previous run FINISHED (never two at once), logged on
// failure and retried at the next period, stopped and awaited on close. The timer is unref'd so a job
// never keeps a stopping process alive.
//
// With several server processes on one PostgreSQL, every job runs on every process unless it is
// `leaderOnly`, so each job must be safe that way; checked job by job (docs/ARCHITECTURE.md, "Several
// processes"): the payout workers, the webhook delivery worker, the checkout deliveries, receipts and
// remittances claim their rows with FOR UPDATE SKIP LOCKED (and a lease where an HTTP call follows the
// claim); the sweepers re-decide each row under its lock or change it with a guarded UPDATE, and the
// retention sweep's DELETEs remove what is due, whoever gets there first. A `leaderOnly` job runs on the
// elected process only (server/plugins/leader.ts): the price recorder, which would otherwise record every
// minute once per process.

import type { FastifyInstance } from 'fastify';

export interface PeriodicJob<T> {
  /** For the failure log line, e.g. 'payout worker'. */
  name: string;
  everyMs: number;
  run(): Promise<T>;
  /** Logs what a run did, when it did anything worth a line. */
  report?(result: T, app: FastifyInstance): void;
  /** Run on the elected leader only (default false: on every process). */
  leaderOnly?: boolean;
}

export function startPeriodicJob<T>(app: FastifyInstance, job: PeriodicJob<T>): void {
  const timer = periodicTimer(app, job);
  if (job.leaderOnly) {
    app.leader.addDuty({ name: job.name, start: timer.start, stop: timer.stop });
    return;
  }
  app.addHook('onReady', async () => timer.start());
  app.addHook('onClose', () => timer.stop());
}

/** The timer behind a job; start() after stop() starts it again (a leader that lost, then won again). */
function periodicTimer<T>(app: FastifyInstance, job: PeriodicJob<T>): { start(): void; stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = job
      .run()
      .then((result) => job.report?.(result, app))
      .catch((error: unknown) => app.log.error({ err: error }, `${job.name} failed; trying again at the next period`))
      .finally(() => {
        if (timer) timer.refresh();
      });
  };
  return {
    start: () => {
      if (timer) return;
      timer = setTimeout(tick, job.everyMs);
      timer.unref();
    },
    stop: async () => {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
