// GET /v1/config?module=<module>: the white-label configuration of the provider the Host header
// names (spec §1: module, configuration, permissions, meta and languages). The page shell embeds the
// same answer, so this serves API clients and apps that refresh it. The body comes pre-serialised
// from the provider directory: the hot path is a cache hit and a string write.

import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { MODULES } from '#core/modules.ts';
import { apiError } from '../http/api-error.ts';
import { parseInput } from '../http/validate-input.ts';

export const ConfigQuerySchema = v.object({
  module: v.optional(v.picklist(MODULES, `must be one of ${MODULES.join(', ')}`), 'sys-wallets'),
});

export async function configRoutes(app: FastifyInstance): Promise<void> {
  // Cheap and cacheable; rate limiting it would only throttle page loads behind a shared address.
  app.get('/v1/config', { config: { rateLimit: false } }, async (request, reply) => {
    const query = parseInput(ConfigQuerySchema, request.query, 'query');
    const state = await request.provider();
    if (state.status === 'unknown_host') throw apiError('provider_not_found');
    if (state.status === 'not_configured') {
      request.log.warn({ host: state.host, wlId: state.provider.wlId, reason: state.reason }, 'provider has no usable configuration');
      throw apiError('provider_not_configured');
    }
    return reply
      .header('cache-control', 'private, max-age=60')
      .type('application/json; charset=utf-8')
      .send(state.configBody(query.module));
  });
}
