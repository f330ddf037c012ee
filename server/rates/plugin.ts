// `app.rates`: the rates service for every route and service of the app. The feed comes from
// RATES_SOURCE: 'test' (the built-in moving test feed, the default in test mode) or 'kraken'
// (Kraken's public ticker; env.ts refuses 'test' in live mode). With `history` (the default) it also
// records prices over time (price-history-job.ts): seeded from the test feed, or backfilled from Kraken.

import type { Env } from '../env.ts';
import { globalPlugin } from '../plugins/global-plugin.ts';
import type { RateFeed } from './feed.ts';
import { createKrakenFeed } from './kraken-feed.ts';
import { RatesService } from './rates-service.ts';
import { startPriceHistory } from './price-history-job.ts';
import { createTestFeed } from './test-feed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    rates: RatesService;
  }
}

export const DEFAULT_QUOTE_TTL_S = 30;

export interface RatesPluginOptions {
  env: Pick<Env, 'RATES_SOURCE' | 'QUOTE_TTL_S'>;
  /** Replaces the feed RATES_SOURCE picks (tests). */
  feed?: RateFeed;
  now?: () => Date;
  /** Record prices every minute and fill the past on start (default true; test apps turn it off unless a test needs history). */
  history?: boolean;
}

export function feedFor(env: Pick<Env, 'RATES_SOURCE'>): RateFeed {
  return env.RATES_SOURCE === 'kraken' ? createKrakenFeed() : createTestFeed();
}

export const ratesPlugin = globalPlugin<RatesPluginOptions>('rates', async (app, options) => {
  const service = new RatesService({
    feed: options.feed ?? feedFor(options.env),
    db: app.db,
    quoteTtlS: options.env.QUOTE_TTL_S ?? DEFAULT_QUOTE_TTL_S,
    ...(options.now ? { now: options.now } : {}),
    onFeedFailure: (failure) => app.log.warn({ reason: failure.reason, source: service.source }, 'rate feed failed; answering rates_unavailable'),
  });
  app.decorate('rates', service);
  if (options.history !== false) {
    // An injected feed (a test's) has no past to fill; the recorder still records what it answers.
    const past = options.feed ? 'none' : options.env.RATES_SOURCE === 'kraken' ? 'kraken' : 'test-seed';
    startPriceHistory(app, service, { past });
  }
});
