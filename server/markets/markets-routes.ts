// The markets site (spec §2 "Markets: prices, prices/{id}"), rendered on the server: each page is
// answered with its content, head and data (render-markets-page.ts), then hydrated by markets-app/.
//   GET /sys-markets, /sys-markets/        -> 302 to /sys-markets/prices (query kept)
//   GET /sys-markets/prices                -> the prices list (?fiat, ?q, ?sort, ?dir, ?lang)
//   GET /sys-markets/prices/:id            -> a coin page (?fiat, ?range, ?lang); unknown id: 404 page
//   GET /sys-markets/sitemap.xml           -> the provider's markets pages in every language
//   GET /sys-markets/theme.css             -> the provider's colours (theme-stylesheet.ts)
//   GET /sys-markets/*                     -> the 404 page
// The generic page shell (server/routes/shell.ts) leaves this module to these routes.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import type { ManifestStore } from '../shell/manifest.ts';
import { NOT_BUILT_MESSAGE } from '../routes/shell.ts';
import { marketIconRoutes } from './market-icons.ts';
import { renderMarketsPage, type MarketsPageKind } from './render-markets-page.ts';
import { marketsSitemap } from './sitemap.ts';
import { themeStylesheet } from './theme-stylesheet.ts';

export const MARKETS_BASE = '/sys-markets';

export interface MarketsRoutesOptions {
  env: Pick<Env, 'MODE'>;
  manifests: ManifestStore;
}

export async function marketsRoutes(app: FastifyInstance, { env, manifests }: MarketsRoutesOptions): Promise<void> {
  await app.register(marketIconRoutes);
  const page = { config: { rateLimit: false as const } };

  const toPrices = async (request: FastifyRequest, reply: FastifyReply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`${MARKETS_BASE}/prices${search}`, 302);
  };
  app.get(MARKETS_BASE, page, toPrices);
  app.get(`${MARKETS_BASE}/`, page, toPrices);

  const render = (kind: (request: FastifyRequest) => MarketsPageKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const manifest = await manifests.get('markets-app');
    if (!manifest) return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    return renderMarketsPage(app, request, reply, manifest, kind(request), env.MODE);
  };
  app.get(`${MARKETS_BASE}/prices`, page, render(() => ({ page: 'prices' })));
  app.get(`${MARKETS_BASE}/prices/`, page, render(() => ({ page: 'prices' })));
  app.get(`${MARKETS_BASE}/prices/:id`, page, render((request) => ({ page: 'coin', id: (request.params as { id: string }).id })));
  app.get(`${MARKETS_BASE}/*`, page, render(() => ({ page: 'not-found' })));

  app.get(`${MARKETS_BASE}/sitemap.xml`, page, async (request, reply) => {
    const state = await request.provider();
    if (state.status !== 'ready') return reply.code(404).type('text/plain; charset=utf-8').send('No markets site on this host.');
    const languages = state.whitelabel('sys-markets').languages.supported;
    const origin = `${request.protocol}://${request.host}`;
    return reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/xml; charset=utf-8')
      .send(marketsSitemap(origin, MARKETS_BASE, languages));
  });

  app.get(`${MARKETS_BASE}/theme.css`, page, async (request, reply) => {
    const state = await request.provider();
    if (state.status !== 'ready') return reply.code(404).type('text/css; charset=utf-8').send('');
    const { css } = themeStylesheet(state.whitelabel('sys-markets').meta);
    // Versioned by the link (?v=hash of the values): a day's caching, and a brand change is a new URL.
    return reply.header('cache-control', 'public, max-age=86400').type('text/css; charset=utf-8').send(css);
  });
}
