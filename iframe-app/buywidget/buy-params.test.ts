import { describe, expect, it } from 'vitest';
import { buyParamsFromSearch, buyParamsProblem, canQuoteAtOnce, startValues } from './buy-params.ts';

const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

describe('the buy widget\'s parameters', () => {
  it('reads the SDK\'s parameters from the frame\'s URL, leaving out empty and unknown ones', () => {
    expect(buyParamsFromSearch(`?mode=overlay&coin=ETH&fiat=GBP&amount=120.00&address=${ADDRESS}&merchantId=mch_demo_verdant&label=Buy&product=`)).toEqual({
      coin: 'ETH',
      fiat: 'GBP',
      amount: '120.00',
      address: ADDRESS,
      merchantId: 'mch_demo_verdant',
    });
  });

  it.each([
    ['all it sells', { coin: 'USDC', fiat: 'CHF', amount: '50.00' }, null],
    ['no merchant: the provider sells', { coin: 'BTC' }, null],
    ['a coin it does not sell', { coin: 'DOGE' }, 'coin must be one of BTC, LTC, ETH, BCH, USDT, USDC, got "DOGE"'],
    ['a fiat it does not take', { coin: 'BTC', fiat: 'JPY' }, 'fiat must be one of USD, GBP, EUR, AUD, CAD, CHF, got "JPY"'],
    ['an amount as a number (the protocol\'s check first)', { coin: 'BTC', amount: 50 }, 'amount must be a decimal string like "25.00" (never a number), got 50'],
  ])('init with %s -> %j', (_, params, problem) => {
    expect(buyParamsProblem(params)).toBe(problem);
  });

  it.each([
    ['everything given', { coin: 'ETH', fiat: 'GBP', amount: '120.00', address: ADDRESS }, { coin: 'ETH', fiat: 'GBP', amount: '120.00', address: ADDRESS }, true],
    ['no address: the buyer types it', { coin: 'ETH', fiat: 'GBP', amount: '120.00' }, { coin: 'ETH', fiat: 'GBP', amount: '120.00', address: '' }, false],
    ['nothing: the flow\'s defaults', {}, { coin: 'BTC', fiat: 'EUR', amount: '300.00', address: '' }, false],
    ['an unsold coin falls back', { coin: 'DOGE', fiat: 'EUR', amount: '10.00', address: ADDRESS }, { coin: 'BTC', fiat: 'EUR', amount: '10.00', address: ADDRESS }, false],
  ])('starts from %s', (_, params, values, atOnce) => {
    expect(startValues(params)).toEqual(values);
    expect(canQuoteAtOnce(params)).toBe(atOnce);
  });

  it.each([
    ['the default coin is off: the first coin that is on', {}, ['LTC', 'ETH'], 'LTC'],
    ['the merchant\'s coin is off: the start falls back', { coin: 'BTC' }, ['LTC', 'ETH'], 'LTC'],
    ['the merchant\'s coin is on', { coin: 'ETH' }, ['LTC', 'ETH'], 'ETH'],
    ['the default coin is on', { coin: 'DOGE' }, ['BTC', 'LTC'], 'BTC'],
  ] as const)('on a server with only some chains on, %s', (_, params, on, coin) => {
    expect(startValues(params, on).coin).toBe(coin);
  });
});
