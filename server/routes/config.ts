// GET /v1/config?module=<module> (core/contract/platform.ts): the white-label configuration of the
// provider the Host header names (spec §1: module, configuration, permissions, meta and languages).
// The page shell embeds the same answer, so this serves API clients and apps that refresh it.
// The envelope comes pre-serialised from the provider directory, so the hot path is a cache hit and a
// string write: the handler returns the answer (which route() checks in tests and wraps), and this
// reply's serializer writes the cached bytes for that envelope instead of serialising it again.

import type { FastifyInstance } from 'fastify';
import { getConfig } from '#core/contract/platform.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';

export async function configRoutes(app: FastifyInstance): Promise<void> {
  route(app, getConfig, async ({ query, request, reply }) => {
    // Not request.readyProvider(): this is where an operator learns, from the log, why a provider is not served.
    const state = await request.provider();
    if (state.status === 'unknown_host') throw apiError('provider_not_found');
    if (state.status === 'not_configured') {
      request.log.warn({ host: state.host, wlId: state.provider.wlId, reason: state.reason }, 'provider has no usable configuration');
      throw apiError('provider_not_configured');
    }
    const answer = state.whitelabel(query.module);
    const body = state.configBody(query.module);
    // Only the success envelope of this very answer is replaced; anything else (a failure) is serialised as usual.
    const serialize = (payload: unknown) => ((payload as { request_details?: unknown } | null)?.request_details === answer ? body : JSON.stringify(payload));
    reply.header('cache-control', 'private, max-age=60').type('application/json; charset=utf-8').serializer(serialize);
    return answer;
  });
}
