import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { CRYPTO, isCrypto } from '#core/assets.ts';
import { coinPrice } from '#core/coin-price.ts';
import { MARKET_COINS } from '#core/markets/coin-info/index.ts';
import type { CoinPageData, MarketsPageData, PricesPageData } from '#core/markets/markets-page-data.ts';
import { makeFakeDist, testDatabases, useTestApp } from '../test-helper.ts';

function dataOf(html: string): MarketsPageData {
  const match = /<script id="markets-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no markets-data block in the page');
  return JSON.parse(match[1]) as MarketsPageData;
}

function jsonLdOf(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1] as string));
}

/** The page's visible text: the rendered #root without tags. */
function textOf(html: string): string {
  const root = /<div id="root">(.*?)<\/div>\n<script id="wl-boot"/s.exec(html)?.[1] ?? '';
  return root.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');
}

const EMPTY_COIN = MARKET_COINS.find((coin) => !coin.hasContent && !isCrypto(coin.iso));

describe.each(testDatabases())('the markets pages on $name', ({ name }) => {
  const dist = makeFakeDist();
  afterAll(() => dist.remove());
  afterEach(() => vi.useRealTimers());
  const t = useTestApp(name, { distDir: dist.dir, priceHistory: true });
  const get = (url: string, host = 'localhost', headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host, accept: 'text/html', ...headers } });
  const providerId = async (wlId: string) => (await t.database.db.selectFrom('providers').select('id').where('wl_id', '=', wlId).executeTakeFirstOrThrow()).id;

  it('renders the prices list on the server: head for search engines, rows with prices, data block, no inline code', async () => {
    const response = await get('/sys-markets/prices');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Crypto prices today in EUR · Verdant Exchange</title>');
    expect(html).toMatch(/<meta name="description" content="Live prices of Bitcoin, [^"]+ in EUR at Verdant Exchange/);
    expect(html).toContain('<link rel="canonical" href="http://localhost/sys-markets/prices?lang=en">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="http://localhost/sys-markets/prices?lang=en">');
    expect(html).toContain('<link rel="alternate" hreflang="es" href="http://localhost/sys-markets/prices?lang=es">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="http://localhost/sys-markets/prices">');
    expect(html).toContain('<meta property="og:title" content="Crypto prices today in EUR · Verdant Exchange">');
    expect(html).toContain('<meta property="og:url" content="http://localhost/sys-markets/prices?lang=en">');
    expect(html).toMatch(/<link rel="stylesheet" href="\/sys-markets\/theme\.css\?v=[0-9a-f]{12}">/);
    expect(html).toContain('<script type="module" src="/static/markets-app/main-fff666.js"></script>');
    // Scripts are the entry (src) and data blocks only: the CSP runs no inline code.
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/src="|type="application\/(ld\+)?json"/);
    expect(html).not.toMatch(/ style="/);

    const data = dataOf(html) as PricesPageData;
    expect(data.page).toBe('prices');
    expect(data.fiat).toBe('EUR');
    const listed = data.rows.filter((row) => row.listed);
    expect(listed.map((row) => row.iso).sort()).toEqual([...CRYPTO].sort());
    expect(data.rows.map((row) => row.rank), 'listed coins first, numbered in order').toEqual(data.rows.map((_, index) => index + 1));
    expect(data.rows.slice(0, listed.length).every((row) => row.listed)).toBe(true);
    for (const row of data.rows) {
      if (row.listed) {
        expect(row.price, row.id).toMatch(/^\d+\.\d{2}$/);
        expect(row.change24h, row.id).toMatch(/^-?\d+\.\d{2}$/);
        expect(row.sparkline.length, row.id).toBeGreaterThan(10);
      } else {
        expect(row.price, `${row.id} is not offered, so it has no price`).toBeNull();
      }
    }
    const text = textOf(html);
    expect(text).toContain('Crypto prices');
    expect(text).toMatch(/Bitcoin BTC €[\d,]+\.\d{2}/);
    expect(text).toContain('Markets');
  });

  it.each([
    { why: 'a search keeps only the matching coins', url: '/sys-markets/prices?q=bitc', want: (ids: string[]) => expect(ids.filter((id) => ['bitcoin', 'bitcoin-cash'].includes(id))).toEqual(['bitcoin', 'bitcoin-cash']) },
    { why: 'sorting by name puts Bitcoin Cash right after Bitcoin', url: '/sys-markets/prices?sort=name', want: (ids: string[]) => expect(ids.indexOf('bitcoin-cash')).toBe(ids.indexOf('bitcoin') + 1) },
  ])('renders the list as the query asks, for readers without JavaScript: $why', async ({ url, want }) => {
    const html = (await get(url)).body;
    const ids = [...html.matchAll(/<tr data-coin="([a-z0-9-]+)"/g)].map((match) => match[1] as string);
    want(ids);
    if (url.includes('q=')) expect(ids.every((id) => id.includes('bitcoin'))).toBe(true);
  });

  it.each([
    { why: '?fiat= chooses the currency', url: '/sys-markets/prices?fiat=USD', headers: {}, fiat: 'USD', sign: '$' },
    { why: 'a US browser reads dollars', url: '/sys-markets/prices', headers: { 'accept-language': 'en-US,en;q=0.9' }, fiat: 'USD', sign: '$' },
    { why: 'a British browser reads pounds', url: '/sys-markets/prices', headers: { 'accept-language': 'en-GB' }, fiat: 'GBP', sign: '£' },
    { why: 'an unknown ?fiat= falls back to euros', url: '/sys-markets/prices?fiat=XXX', headers: {}, fiat: 'EUR', sign: '€' },
  ])('prices in the visitor fiat: $why', async ({ url, headers, fiat, sign }) => {
    const html = (await get(url, 'localhost', headers as Record<string, string>)).body;
    expect(dataOf(html).fiat).toBe(fiat);
    expect(textOf(html)).toContain(`Bitcoin BTC ${sign}`);
  });

  it('renders a coin page with its price, changes, chart summary, facts, text and JSON-LD', async () => {
    const response = await get('/sys-markets/prices/bitcoin');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>Bitcoin (BTC) price in EUR · Verdant Exchange</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost/sys-markets/prices/bitcoin?lang=en">');
    expect(html).toContain('<link rel="alternate" hreflang="es" href="http://localhost/sys-markets/prices/bitcoin?lang=es">');
    const data = dataOf(html) as CoinPageData;
    expect(data.price).toMatch(/^\d+\.\d{2}$/);
    for (const range of ['1d', '7d', '30d', '1y'] as const) expect(data.changes[range], range).toMatch(/^-?\d+\.\d{2}$/);
    expect(data.chart?.range).toBe('30d');
    expect(data.chart?.points.at(-1)?.[1], 'the chart ends at the price on the page').toBe(data.price);
    expect(data.info.section.length).toBeGreaterThan(0);
    const [page, crumbs] = jsonLdOf(html) as [Record<string, any>, Record<string, any>];
    expect(page).toMatchObject({
      '@type': 'WebPage',
      url: 'http://localhost/sys-markets/prices/bitcoin?lang=en',
      inLanguage: 'en',
      about: { name: 'Bitcoin', alternateName: 'BTC' },
      mainEntity: { '@type': 'ExchangeRateSpecification', currency: 'BTC', currentExchangeRate: { price: data.price, priceCurrency: 'EUR' } },
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    const text = textOf(html);
    expect(text).toContain('Bitcoin price');
    expect(text).toContain('About Bitcoin');
    expect(text).toContain(data.info.section[0]?.p[0]?.text.slice(0, 40));
    expect(text).toMatch(/Bitcoin in EUR over thirty days: from €[\d,.]+ to €[\d,.]+/);
    expect(text).toContain('Ticker BTC');
  });

  it('opens the chart on the range ?range= names', async () => {
    const data = dataOf((await get('/sys-markets/prices/ethereum?range=1y')).body) as CoinPageData;
    expect(data.chart?.range).toBe('1y');
  });

  it('renders the coin page in Spanish with ?lang=es, and remembers the choice', async () => {
    const response = await get('/sys-markets/prices/bitcoin?lang=es');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toContain('lang=es');
    const html = response.body;
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>Precio de Bitcoin (BTC) en EUR · Verdant Exchange</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost/sys-markets/prices/bitcoin?lang=es">');
    expect(html).toContain('<meta property="og:locale" content="es_ES">');
    expect(jsonLdOf(html)[0]).toMatchObject({ inLanguage: 'es' });
    const text = textOf(html);
    expect(text).toContain('Precio de Bitcoin');
    expect(text).toMatch(/\d,\d{2} €/);
  });

  it('shows a coin that is not offered here with its facts and text, and no price', async () => {
    const coin = MARKET_COINS.find((each) => !isCrypto(each.iso));
    if (!coin) throw new Error('the registry has no coin beyond the listed ones');
    const html = (await get(`/sys-markets/prices/${coin.id}`)).body;
    const data = dataOf(html) as CoinPageData;
    expect(data.price).toBeNull();
    expect(data.chart).toBeNull();
    expect(textOf(html)).toContain(`${coin.name} is not offered here, so we show no price for it.`);
    expect(textOf(html)).toContain(`Ticker ${coin.iso}`);
    expect(jsonLdOf(html)[0]).not.toHaveProperty('mainEntity');
  });

  it.runIf(EMPTY_COIN !== undefined)('shows a coin with empty content with its facts and a note', async () => {
    const coin = EMPTY_COIN!;
    const response = await get(`/sys-markets/prices/${coin.id}`);
    expect(response.statusCode).toBe(200);
    expect(textOf(response.body)).toContain(`We have not written about ${coin.name} yet.`);
  });

  it.each([
    { url: '/sys-markets/prices/no-such-coin', why: 'an unknown coin id' },
    { url: '/sys-markets/prices/Bitcoin', why: 'a coin id in the wrong case' },
    { url: '/sys-markets/nothing-here', why: 'a path the markets site does not have' },
    { url: '/sys-markets/prices?lang=xx', why: 'an unsupported language' },
  ])('answers 404 with the not-found page for $why', async ({ url }) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(textOf(response.body)).toContain('This page could not be found');
    expect(dataOf(response.body).page).toBe('not-found');
  });

  it('sends /sys-markets to the prices list, keeping the query', async () => {
    const response = await get('/sys-markets?lang=es');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sys-markets/prices?lang=es');
  });

  it("shows provider 2's branding, theme and its own spread on prices", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T12:00:00Z') });
    const [one, two] = await Promise.all([get('/sys-markets/prices'), get('/sys-markets/prices', 'wl2.localhost')]);
    expect(two.statusCode).toBe(200);
    expect(two.body).toContain('<title>Crypto prices today in EUR · Harbor Coin</title>');
    expect(two.body).toContain('<link rel="canonical" href="http://wl2.localhost/sys-markets/prices?lang=en">');
    expect(textOf(two.body)).toContain('Harbor Coin');
    const theme = (html: string) => /href="(\/sys-markets\/theme\.css\?v=[0-9a-f]+)"/.exec(html)?.[1] as string;
    expect(theme(two.body)).not.toBe(theme(one.body));
    const css = await get(theme(two.body), 'wl2.localhost');
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('--color-primary:#1d3557');

    const priceOf = (html: string) => (dataOf(html) as PricesPageData).rows.find((row) => row.iso === 'BTC')?.price;
    for (const [wlId, html] of [['1', one.body], ['2', two.body]] as const) {
      const rates = await t.app.rates.clientRates(await providerId(wlId));
      if (!rates.ok) throw new Error('no rates');
      expect(priceOf(html), `provider ${wlId} prices at its own spread`).toBe(coinPrice(rates.rates.EUR_BTC, 'EUR'));
    }
    expect(priceOf(two.body)).not.toBe(priceOf(one.body));
  });

  it('lists each provider its own markets pages in its sitemap, in every language', async () => {
    for (const host of ['localhost', 'wl2.localhost']) {
      const response = await get('/sys-markets/sitemap.xml', host);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const xml = response.body;
      expect(xml).toContain(`<loc>http://${host}/sys-markets/prices?lang=en</loc>`);
      expect(xml).toContain(`<loc>http://${host}/sys-markets/prices?lang=es</loc>`);
      for (const coin of MARKET_COINS) expect(xml, coin.id).toContain(`<loc>http://${host}/sys-markets/prices/${coin.id}?lang=en</loc>`);
      expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="es" href="http://${host}/sys-markets/prices/bitcoin?lang=es"/>`);
      expect(xml).not.toContain(host === 'localhost' ? 'wl2.localhost' : '//localhost');
      expect(xml.match(/<url>/g)).toHaveLength((MARKET_COINS.length + 1) * 2);
    }
  });

  it('serves the icons of the registry coins the icon package has, and no other file of the package', async () => {
    const withIcon = MARKET_COINS.find((coin) => coin.hasIcon);
    const icon = await get(`/static/market-coins/${withIcon?.iso.toLowerCase()}.svg`);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect((await get('/static/market-coins/zec.svg')).statusCode).toBe(404);
  });
});
