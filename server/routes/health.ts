// GET /healthz (core/contract/platform.ts): is this process able to serve? A `select 1` through the
// same database handle the routes use; 503 when it fails, so a load balancer takes the instance out of
// rotation. Requests that arrive while a check is running share its answer (one query, not one per
// probe), so a burst of probes cannot queue up behind PGlite's single connection.
// `chains` says whether every chain watcher reaches its node and keeps up (from memory: no chain call and no
// query; a process that does not lead answers the leader's published snapshot, or degraded when it is stale);
// the watchers one by one only go to a console session allowed to read the Chains page, because a node's
// address and errors tell an attacker where the money's infrastructure is.

import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chainsHealth } from '#core/chain/chain-health.ts';
import { CHAINS_ROLES, type ChainStatus } from '#core/contract/admin-chains.ts';
import { healthz } from '#core/contract/platform.ts';
import { chainStatusAnswer } from '../admin-chains/chain-status-answer.ts';
import { route } from '../contract/route.ts';
import { authenticateOperator } from '../operators/guard.ts';
import { OPERATOR_COOKIE } from '../operators/sessions.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  let running: Promise<unknown> | undefined;
  const check = (): Promise<unknown> => {
    running ??= sql`select 1`.execute(app.db).finally(() => {
      running = undefined;
    });
    return running;
  };

  /** The console's own session check; anything short of a live session of a Chains role is the public. */
  const operatorMaySeeChains = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!request.cookies[OPERATOR_COOKIE]) return false;
    try {
      const operator = await authenticateOperator(request, reply);
      return (CHAINS_ROLES as readonly string[]).includes(operator.role);
    } catch {
      return false;
    }
  };

  route(app, healthz, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    const statuses = app.chain.statuses();
    const chains = chainsHealth(statuses);
    try {
      await check();
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database did not answer');
      reply.code(503);
      return { status: 'unavailable', db: 'down', chains } as const;
    }
    const details: { chain_details?: ChainStatus[] } = (await operatorMaySeeChains(request, reply)) ? { chain_details: statuses.map(chainStatusAnswer) } : {};
    return { status: 'ok', db: 'ok', chains, ...details } as const;
  });
}
