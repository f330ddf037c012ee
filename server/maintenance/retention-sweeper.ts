// Runs the retention rules (retention.ts) once an hour while the app is up. Any number of servers
// may run it: each DELETE removes what is due, whoever gets there first.

import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import { sweepRetention } from './retention.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export async function retentionSweeper(app: FastifyInstance): Promise<void> {
  startPeriodicJob(app, {
    name: 'retention sweep',
    everyMs: SWEEP_EVERY_MS,
    run: () => sweepRetention(app.db),
    report: (removed) => {
      const total = Object.values(removed).reduce((sum, count) => sum + count, 0);
      if (total > 0) app.log.info({ removed }, 'retention sweep');
    },
  });
}
