// GET /healthz (core/contract/platform.ts): is this process able to serve? A `select 1` through the
// same database handle the routes use; 503 when it fails, so a load balancer takes the instance out of
// rotation. Requests that arrive while a check is running share its answer (one query, not one per
// probe), so a burst of probes cannot queue up behind PGlite's single connection.

import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { healthz } from '#core/contract/platform.ts';
import { route } from '../contract/route.ts';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  let running: Promise<unknown> | undefined;
  const check = (): Promise<unknown> => {
    running ??= sql`select 1`.execute(app.db).finally(() => {
      running = undefined;
    });
    return running;
  };

  route(app, healthz, async ({ request, reply }) => {
    reply.header('cache-control', 'no-store');
    try {
      await check();
      return { status: 'ok', db: 'ok' } as const;
    } catch (error) {
      request.log.error({ err: error }, 'health check: the database did not answer');
      reply.code(503);
      return { status: 'unavailable', db: 'down' } as const;
    }
  });
}
