import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { COIN_TEXTS } from './coin-texts.ts';
import { CoinInfoSchema, MARKET_COINS, coinInfo, marketCoin, type CoinInfo } from './index.ts';

// Spec §3: the coins with content, by the names the spec gives them, as our registry ids.
const SPEC_COINS_WITH_CONTENT = {
  Aave: 'aave', Cardano: 'cardano', 'Bitcoin Cash': 'bitcoin-cash', 'Binance Coin': 'binance-coin', Bitcoin: 'bitcoin',
  Dogecoin: 'dogecoin', Polkadot: 'polkadot', Enjin: 'enjin', Ethereum: 'ethereum', Chainlink: 'chainlink',
  Litecoin: 'litecoin', Polygon: 'polygon', Solana: 'solana', Uniswap: 'uniswap', USDC: 'usd-coin', Tether: 'tether',
  VeChain: 'vechain', Ripple: 'ripple',
};

// Words that turn a description into a promise or a tip. Whole words and phrases, matched without case.
const ADVICE_WORDS = [
  'guarantee', 'guaranteed', 'will rise', 'will go up', 'will increase in value', 'to the moon', 'risk-free', 'sure profit',
  "can't lose", 'cannot lose', 'buy now', 'best investment', 'you should buy', 'garantiza', 'garantizado', 'garantizada',
  'subirá', 'sin riesgo', 'compra ya', 'la mejor inversión', 'deberías comprar', 'beneficio seguro',
];

const LOCALES = ['en', 'es'] as const;
const withContent = MARKET_COINS.filter((coin) => coin.hasContent);
const withoutContent = MARKET_COINS.filter((coin) => !coin.hasContent);
const everyText = MARKET_COINS.flatMap((coin) => LOCALES.map((locale) => ({ id: coin.id, locale })));

async function textOf(id: string, locale: 'en' | 'es'): Promise<CoinInfo> {
  const info = await coinInfo(id, locale);
  if (!info) throw new Error(`no coin info for ${id}`);
  return info;
}

function allText(info: CoinInfo): string[] {
  return info.section.flatMap((section) => [section.heading, ...section.p.map((p) => p.text), ...(section.ul ?? []).flatMap((li) => [li.heading, li.text])]);
}

describe('market coins registry', () => {
  it('the spec\'s eighteen coins are the ones with content', () => {
    expect(withContent.map((coin) => coin.id).sort()).toEqual(Object.values(SPEC_COINS_WITH_CONTENT).sort());
  });

  it('about a dozen more coins are listed without content', () => {
    expect(withoutContent.length).toBeGreaterThanOrEqual(10);
    expect(withoutContent.length).toBeLessThanOrEqual(14);
  });

  it('Bitcoin comes first', () => {
    expect(MARKET_COINS[0]?.id).toBe('bitcoin');
  });

  it('ids are unique URL slugs and tickers are unique capitals', () => {
    const ids = MARKET_COINS.map((coin) => coin.id);
    const isos = MARKET_COINS.map((coin) => coin.iso);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(isos).size).toBe(isos.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    for (const iso of isos) expect(iso).toMatch(/^[A-Z0-9]{2,10}$/);
  });

  it.each(MARKET_COINS.map((coin) => ({ id: coin.id, iso: coin.iso, hasIcon: coin.hasIcon })))(
    '$id says hasIcon $hasIcon, as the icon package has it for $iso',
    ({ iso, hasIcon }) => {
      const svg = fileURLToPath(new URL(`../../../node_modules/cryptocurrency-icons/svg/color/${iso.toLowerCase()}.svg`, import.meta.url));
      expect(existsSync(svg)).toBe(hasIcon);
    },
  );

  it.each(MARKET_COINS.map((coin) => ({ id: coin.id, facts: coin.facts })))('$id has well-formed facts', ({ facts }) => {
    if (facts.launched !== undefined) expect(facts.launched).toBeGreaterThanOrEqual(2009);
    if (facts.launched !== undefined) expect(facts.launched).toBeLessThanOrEqual(2025);
    if (facts.maxSupply !== undefined) expect(facts.maxSupply).toMatch(/^[1-9][0-9]*$/);
    // A cap is stated exactly when the supply kind says there is one.
    expect(facts.maxSupply !== undefined).toBe(facts.supply === 'fixed-cap');
    if (facts.decimals !== undefined) expect(facts.decimals).toBeGreaterThanOrEqual(0);
    if (facts.website !== undefined) expect(facts.website).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+(\/[a-z0-9/-]*)?$/);
    expect(facts.consensus === undefined).toBe(facts.consensus_es === undefined);
    expect(Object.values(facts)).not.toContain(undefined);
  });

  it.each([
    { id: 'bitcoin', name: 'Bitcoin' },
    { id: 'bitcoin-cash', name: 'Bitcoin Cash' },
    { id: 'usd-coin', name: 'USDC' },
    { id: 'Bitcoin', name: null },
    { id: 'constructor', name: null },
    { id: '__proto__', name: null },
    { id: '', name: null },
  ])('marketCoin($id) is $name', ({ id, name }) => {
    expect(marketCoin(id)?.name ?? null).toBe(name);
  });
});

describe('coin info texts', () => {
  it('every text belongs to a market coin', () => {
    for (const id of Object.keys(COIN_TEXTS)) expect(marketCoin(id)?.hasContent).toBe(true);
  });

  it.each(everyText)('$id in $locale validates against the coin info schema', async ({ id, locale }) => {
    const info = await textOf(id, locale);
    const result = v.safeParse(CoinInfoSchema, info);
    expect(result.success ? [] : result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`)).toEqual([]);
  });

  it.each(everyText)('$id in $locale names the coin and ticker of the registry', async ({ id, locale }) => {
    const info = await textOf(id, locale);
    expect({ coin_name: info.coin_name, iso: info.iso }).toEqual({ coin_name: marketCoin(id)?.name, iso: marketCoin(id)?.iso });
  });

  it.each(withContent.map((coin) => ({ id: coin.id })))('$id has 3 to 5 sections, shaped alike in English and Spanish', async ({ id }) => {
    const [en, es] = await Promise.all([textOf(id, 'en'), textOf(id, 'es')]);
    expect(en.section.length).toBeGreaterThanOrEqual(3);
    expect(en.section.length).toBeLessThanOrEqual(5);
    // Same facts in both languages: the same sections, the same number of paragraphs and list items.
    const shape = (info: CoinInfo) => info.section.map((section) => ({ p: section.p.length, ul: section.ul?.length ?? 0 }));
    expect(shape(es)).toEqual(shape(en));
    expect(en.section.some((section) => section.ul)).toBe(true);
  });

  it.each(withContent.flatMap((coin) => LOCALES.map((locale) => ({ id: coin.id, locale }))))(
    '$id in $locale has a heading on every section but the opening one, and no empty section',
    async ({ id, locale }) => {
      const info = await textOf(id, locale);
      info.section.forEach((section, index) => {
        if (index > 0) expect(section.heading.trim()).not.toBe('');
        expect(section.p.length + (section.ul?.length ?? 0)).toBeGreaterThan(0);
      });
    },
  );

  it.each(withContent.flatMap((coin) => LOCALES.map((locale) => ({ id: coin.id, locale }))))(
    '$id in $locale gives no investment advice',
    async ({ id, locale }) => {
      const text = allText(await textOf(id, locale)).join('\n').toLowerCase();
      const found = ADVICE_WORDS.filter((word) => new RegExp(`(^|[^\\p{L}])${word}($|[^\\p{L}])`, 'u').test(text));
      expect(found).toEqual([]);
    },
  );

  it.each(withoutContent.flatMap((coin) => LOCALES.map((locale) => ({ id: coin.id, locale }))))(
    '$id in $locale has no content: an empty section list',
    async ({ id, locale }) => {
      expect((await textOf(id, locale)).section).toEqual([]);
    },
  );

  it.each([{ id: 'no-such-coin' }, { id: 'constructor' }, { id: 'BITCOIN' }])('an unknown id ($id) has no coin info', async ({ id }) => {
    expect(await coinInfo(id, 'en')).toBeNull();
  });
});

describe('coin info schema', () => {
  const valid: CoinInfo = { coin_name: 'Bitcoin', iso: 'BTC', section: [{ heading: '', p: [{ text: 'A text.' }] }] };

  it('accepts the spec\'s shape, with an empty heading and a list', () => {
    const withList = { ...valid, section: [...valid.section, { heading: 'Facts', p: [], ul: [{ heading: 'Supply', text: 'Capped.' }] }] };
    expect(v.safeParse(CoinInfoSchema, withList).success).toBe(true);
  });

  it.each([
    { why: 'a lowercase ticker', info: { ...valid, iso: 'btc' } },
    { why: 'an empty coin name', info: { ...valid, coin_name: ' ' } },
    { why: 'a section without p', info: { ...valid, section: [{ heading: 'A' }] } },
    { why: 'an empty paragraph', info: { ...valid, section: [{ heading: 'A', p: [{ text: '' }] }] } },
    { why: 'an empty ul', info: { ...valid, section: [{ heading: 'A', p: [], ul: [] }] } },
    { why: 'a list item without heading', info: { ...valid, section: [{ heading: 'A', p: [], ul: [{ text: 'x' }] }] } },
    { why: 'a field the spec does not name', info: { ...valid, sections: [] } },
    { why: 'a runaway paragraph', info: { ...valid, section: [{ heading: 'A', p: [{ text: 'x'.repeat(1_201) }] }] } },
  ])('rejects $why', ({ info }) => {
    expect(v.safeParse(CoinInfoSchema, info).success).toBe(false);
  });
});
