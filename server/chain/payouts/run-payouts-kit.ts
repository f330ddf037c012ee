// For tests of the payouts' callers (withdrawals, deliveries, refunds) on the built-in test network: takes
// every accepted payout to the end the way the running app would, but in the test's own time. The app's
// background payout worker is stopped first, so a round of it cannot hold a payout while the test mines.

import type { FastifyInstance } from 'fastify';
import type { PayoutRound } from './payout-worker.ts';

/** Send what is queued, mine a test-network block, follow it: every payout ends confirmed or failed. */
export async function runPayouts(app: FastifyInstance): Promise<PayoutRound> {
  const worker = app.chain.payouts.worker;
  await worker.stop();
  const sent = await worker.tick();
  await app.chain.testNetwork?.mine(1);
  const followed = await worker.tick();
  const total = { ...sent };
  for (const key of Object.keys(total) as (keyof PayoutRound)[]) total[key] += followed[key];
  return total;
}
