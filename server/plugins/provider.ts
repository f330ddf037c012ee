// Provider resolution from the Host header (host name without port, lowercased). Lazy: a route that
// needs the provider calls `request.provider()`; /healthz and static files never pay for a lookup.

import { globalPlugin } from './global-plugin.ts';
import { ProviderDirectory, type ProviderState } from '../providers/provider-directory.ts';

declare module 'fastify' {
  interface FastifyInstance {
    providers: ProviderDirectory;
  }
  interface FastifyRequest {
    provider(): Promise<ProviderState>;
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
  },
);
