// Provider resolution from the Host header (host name without port, lowercased). Lazy: a route that
// needs the provider calls `request.readyProvider()` (refusing an unknown or unconfigured host with
// the catalogue's code) or `request.provider()` (every state, for the page shells and the
// configuration); /healthz and static files never pay for a lookup.

import { globalPlugin } from './global-plugin.ts';
import { apiError } from '../http/api-error.ts';
import { ProviderDirectory, type ProviderState } from '../providers/provider-directory.ts';

export type ReadyProvider = Extract<ProviderState, { status: 'ready' }>;

declare module 'fastify' {
  interface FastifyInstance {
    providers: ProviderDirectory;
  }
  interface FastifyRequest {
    provider(): Promise<ProviderState>;
    /** The provider of this host, ready to serve: 404 provider_not_found, 503 provider_not_configured otherwise. */
    readyProvider(): Promise<ReadyProvider>;
  }
}

export interface ProviderPluginOptions {
  /** How long a host's answer is reused; 0 looks up on every request. */
  ttlMs: number;
}

export const providerPlugin = globalPlugin<ProviderPluginOptions>(
  'provider',
  async (app, { ttlMs }) => {
    const directory = new ProviderDirectory(app.db, {
      ttlMs,
      maxHosts: 1000,
      onInvalidSettings: (host, provider, problems) =>
        app.log.error({ host, wlId: provider.wlId, problems }, 'provider settings fail the schema; answering provider_not_configured'),
    });
    app.decorate('providers', directory);
    app.decorateRequest('provider', function provider() {
      return directory.lookup(this.hostname);
    });
    app.decorateRequest('readyProvider', async function readyProvider() {
      const state = await directory.lookup(this.hostname);
      if (state.status === 'unknown_host') throw apiError('provider_not_found');
      if (state.status === 'not_configured') throw apiError('provider_not_configured');
      return state;
    });
  },
);
