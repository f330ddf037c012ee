// A background job that runs every `everyMs` while the app is up: the first run one period after the
// app is ready, the next one period after the previous run FINISHED (never two at once), logged on
// failure and retried at the next period, stopped and awaited on close. The timer is unref'd so a job
// never keeps a stopping process alive. The payout worker, the webhook delivery worker and the
// sweepers all run this way; each job claims its rows itself (FOR UPDATE SKIP LOCKED or idempotent
// deletes), so any number of servers may run the same job.

import type { FastifyInstance } from 'fastify';

export interface PeriodicJob<T> {
  /** For the failure log line, e.g. 'payout worker'. */
  name: string;
  everyMs: number;
  run(): Promise<T>;
  /** Logs what a run did, when it did anything worth a line. */
  report?(result: T, app: FastifyInstance): void;
}

export function startPeriodicJob<T>(app: FastifyInstance, job: PeriodicJob<T>): void {
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
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, job.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    timer = undefined;
    await running;
  });
}
