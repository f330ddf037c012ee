// One markets page, rendered on the server: the provider and language as every page shell chooses
// them (server/routes/shell.ts), the fiat (core/markets/visitor-fiat.ts), the page's data, then the
// markets-app tree rendered to HTML with that data and sent with its head. HTTP 404 for an unknown
// coin, an unknown path or an unsupported ?lang=, with the not-found page inside the same frame.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CRYPTO } from '#core/assets.ts';
import type { BootData } from '#core/boot.ts';
import { coinsOn } from '#core/chain/coin-availability.ts';
import { CHART_RANGES, type ChartRange } from '#core/contract/rates.ts';
import { choosePageLanguage, FALLBACK_LOCALE, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S, type Locale } from '#core/language.ts';
import { parseListQuery } from '#core/markets/market-list-query.ts';
import type { MarketsPageData } from '#core/markets/markets-page-data.ts';
import { chooseMarketFiat } from '#core/markets/visitor-fiat.ts';
import type { WhiteLabel } from '#core/whitelabel.ts';
import { marketsText } from '../../markets-app/i18n/use-markets-t.ts';
import { MarketsRoot } from '../../markets-app/markets-root.tsx';
import type { Manifest } from '../shell/manifest.ts';
import { coinPageData } from './coin-page-data.ts';
import { breadcrumbs, coinJsonLd } from './json-ld.ts';
import { marketRows, providerPrices } from './market-rows.ts';
import { renderMarketsDocument } from './render-markets-document.ts';
import { renderWithBoot } from './render-with-boot.ts';
import { renderSeoHead, inLanguage } from './seo-head.ts';
import { themeStylesheet } from './theme-stylesheet.ts';

export type MarketsPageKind = { page: 'prices' } | { page: 'coin'; id: string } | { page: 'not-found' };

const BASE = '/sys-markets';
/** The coin page's chart opens on a month: long enough to show a trend, short enough to read days. */
export const DEFAULT_CHART_RANGE: ChartRange = '30d';

export async function renderMarketsPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, manifest: Manifest, kind: MarketsPageKind, mode: 'test' | 'live'): Promise<FastifyReply> {
  const query = request.query as Record<string, unknown>;
  const state = await request.provider();
  const whitelabel = state.status === 'ready' ? state.whitelabel('sys-markets') : null;
  const language = choosePageLanguage({
    query: query.lang,
    cookie: request.cookies[LANGUAGE_COOKIE],
    acceptLanguage: request.headers['accept-language'] ?? null,
    provider: whitelabel?.languages ?? null,
  });
  if (language.ok && language.source === 'query') {
    reply.setCookie(LANGUAGE_COOKIE, language.locale, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE_S, sameSite: 'lax', httpOnly: false, secure: reply.server.identity.secureCookie });
  }
  const locale = language.locale;
  const fiat = chooseMarketFiat(query.fiat, request.headers['accept-language']);
  const prices = state.status === 'ready' ? await providerPrices(app, state.provider.id) : null;
  const range = (CHART_RANGES as readonly unknown[]).includes(query.range) ? (query.range as ChartRange) : DEFAULT_CHART_RANGE;

  let data: MarketsPageData = { page: 'not-found', fiat, as_of: prices?.asOf ?? null, source: prices?.source ?? mode };
  if (language.ok && whitelabel && prices) {
    if (kind.page === 'prices') data = { page: 'prices', fiat, as_of: prices.asOf, source: prices.source, rows: await marketRows(app, prices, fiat) };
    if (kind.page === 'coin') data = (await coinPageData(app, { id: kind.id, fiat, locale, range, prices })) ?? data;
  }
  const status = data.page === 'not-found' ? 404 : 200;
  const boot: BootData = {
    module: 'sys-markets',
    base: BASE,
    status,
    locale,
    whitelabel,
    mode,
    coins: coinsOn(CRYPTO, app.chain.assets),
  };
  const origin = `${request.protocol}://${request.host}`;
  const path = request.url.split('?')[0] ?? BASE;
  const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const listQuery = parseListQuery(query);

  const body = renderWithBoot({ boot, locale, notFound: status === 404 }, () =>
    renderToString(createElement(MarketsRoot, { base: BASE, search, ssrPath: path, data, query: listQuery })),
  );

  const theme = whitelabel ? themeStylesheet(whitelabel.meta) : null;
  const head = renderSeoHead(seoOf(data, { origin, locale, whitelabel }));
  return reply
    .code(status)
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Language, Cookie')
    .type('text/html; charset=utf-8')
    .send(renderMarketsDocument({ boot, data, manifest, head, body, themeHref: theme?.href ?? null }));
}

function seoOf(data: MarketsPageData, { origin, locale, whitelabel }: { origin: string; locale: Locale; whitelabel: WhiteLabel | null }) {
  const t = marketsText(locale);
  const label = whitelabel?.configuration.label_name ?? '';
  const site = whitelabel?.meta.title ?? label;
  const locales = whitelabel?.languages.supported ?? [FALLBACK_LOCALE];
  const image = whitelabel ? new URL(whitelabel.meta.logo_url, origin).toString() : null;
  const common = { locale, locales, siteName: site, image };
  const pricesUrl = `${origin}${BASE}/prices`;
  if (data.page === 'prices') {
    const coins = data.rows.filter((row) => row.listed).map((row) => row.name).join(', ');
    const title = `${t('prices.metaTitle', { fiat: data.fiat })} · ${site}`;
    return {
      ...common,
      title,
      description: t('prices.metaDescription', { coins, fiat: data.fiat, label }),
      url: pricesUrl,
      jsonLd: [breadcrumbs([{ name: t('nav.markets'), url: inLanguage(pricesUrl, locale) }])],
    };
  }
  if (data.page === 'coin') {
    const { coin } = data;
    const url = `${pricesUrl}/${coin.id}`;
    const title = `${t('coin.metaTitle', { name: coin.name, iso: coin.iso, fiat: data.fiat })} · ${site}`;
    const description = data.price
      ? t('coin.metaDescription', { name: coin.name, iso: coin.iso, fiat: data.fiat, label })
      : t('coin.metaDescriptionNoPrice', { name: coin.name, iso: coin.iso });
    return {
      ...common,
      title,
      description,
      url,
      jsonLd: [
        coinJsonLd(data, { url: inLanguage(url, locale), title, description, language: locale }),
        breadcrumbs([
          { name: t('nav.markets'), url: inLanguage(pricesUrl, locale) },
          { name: coin.name, url: inLanguage(url, locale) },
        ]),
      ],
    };
  }
  return { ...common, title: site, description: whitelabel?.meta.description ?? '', url: pricesUrl, jsonLd: [] };
}
