import { describe, it, expect } from 'vitest';
import {
  ACCOUNT_FIAT,
  payableMinor,
  CRYPTO,
  CRYPTO_DISPLAY_NAMES,
  DEFAULT_CRYPTO_CURRENCY,
  DEFAULT_FIAT_CURRENCY,
  FIAT,
  FIAT_SIGNS,
  TEST_CHECKOUT,
  decimalsOf,
  isAccountFiat,
  isAsset,
  isCrypto,
  isFiat,
  parseRateKey,
  rateKey,
} from './assets.ts';
import { parseAmount } from './money.ts';

describe('assets of spec §3', () => {
  it('crypto is BTC, LTC, ETH, BCH, USDT, USDC', () => {
    expect(CRYPTO).toEqual(['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC']);
  });
  it('fiat is USD, GBP, EUR, AUD, CAD, CHF', () => {
    expect(FIAT).toEqual(['USD', 'GBP', 'EUR', 'AUD', 'CAD', 'CHF']);
  });
  it('user account fiat is EUR, USD, GBP, CAD, AUD', () => {
    expect(ACCOUNT_FIAT).toEqual(['EUR', 'USD', 'GBP', 'CAD', 'AUD']);
  });
  it('every crypto has a display name and every fiat a sign', () => {
    for (const c of CRYPTO) expect(CRYPTO_DISPLAY_NAMES[c].length).toBeGreaterThan(0);
    for (const f of FIAT) expect(FIAT_SIGNS[f].length).toBeGreaterThan(0);
    expect(CRYPTO_DISPLAY_NAMES.BTC).toBe('Bitcoin');
  });

  const guards: [unknown, boolean, boolean, boolean, boolean][] = [
    // value, isCrypto, isFiat, isAccountFiat, isAsset
    ['BTC', true, false, false, true],
    ['USDC', true, false, false, true],
    ['EUR', false, true, true, true],
    ['CHF', false, true, false, true],
    ['btc', false, false, false, false],
    ['JPY', false, false, false, false],
    ['', false, false, false, false],
    [undefined, false, false, false, false],
    [1, false, false, false, false],
  ];
  it.each(guards)('type guards classify %j', (value, crypto, fiat, account, asset) => {
    expect([isCrypto(value), isFiat(value), isAccountFiat(value), isAsset(value)]).toEqual([crypto, fiat, account, asset]);
  });

  it('crypto amounts have 8 decimals and fiat 2', () => {
    for (const c of CRYPTO) expect(decimalsOf(c)).toBe(8);
    for (const f of FIAT) expect(decimalsOf(f)).toBe(2);
  });
});

describe('rate keys: a pair key such as EUR_BTC', () => {
  it("rateKey('EUR','BTC') is EUR_BTC", () => {
    expect(rateKey('EUR', 'BTC')).toBe('EUR_BTC');
  });
  const keys: [string, ReturnType<typeof parseRateKey>][] = [
    ['EUR_BTC', { from: 'EUR', to: 'BTC' }],
    ['USDT_USD', { from: 'USDT', to: 'USD' }],
    ['EUR', null],
    ['EUR_BTC_LTC', null],
    ['EUR_XYZ', null],
    ['eur_btc', null],
    ['_BTC', null],
  ];
  it.each(keys)('parseRateKey(%j)', (key, parsed) => {
    expect(parseRateKey(key)).toEqual(parsed);
  });
});

describe('checkout defaults', () => {
  it('fiatCurrency defaults to EUR 300', () => {
    expect(DEFAULT_FIAT_CURRENCY.currency).toBe('EUR');
    expect(parseAmount(DEFAULT_FIAT_CURRENCY.amount, 'EUR')).toMatchObject({ ok: true, minor: 30000n });
  });
  it('cryptoCurrency defaults to BTC Bitcoin', () => {
    expect(DEFAULT_CRYPTO_CURRENCY).toEqual({ currency: 'BTC', currency_displayName: 'Bitcoin' });
  });
  it('test checkout amount 30, minimum 30, maximum 50', () => {
    const minor = (s: string) => parseAmount(s, TEST_CHECKOUT.currency);
    expect(minor(TEST_CHECKOUT.amount)).toMatchObject({ ok: true, minor: 3000n });
    expect(minor(TEST_CHECKOUT.minimum)).toMatchObject({ ok: true, minor: 3000n });
    expect(minor(TEST_CHECKOUT.maximum)).toMatchObject({ ok: true, minor: 5000n });
  });
});

describe('payableMinor: the most that can be paid out exactly, never more', () => {
  it.each([
    ['USDT drops what its 6 decimals cannot carry', 'USDT', 123_456_789n, 123_456_700n],
    ['USDC likewise', 'USDC', 99n, 0n],
    ['a token amount already exact is kept', 'USDT', 100_000_000n, 100_000_000n],
    ['BTC pays all 8 decimals', 'BTC', 123_456_789n, 123_456_789n],
    ['ETH pays all 8 of ours', 'ETH', 1n, 1n],
    ['fiat is untouched', 'EUR', 12_345n, 12_345n],
  ] as const)('%s', (_name, asset, amount, expected) => {
    expect(payableMinor(asset, amount)).toBe(expected);
  });
});
