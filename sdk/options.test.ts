import { describe, expect, it } from 'vitest';
import { paramsProblem } from '#core/protocol.ts';
import { toParams } from './options.ts';
import type { BuyOptions, CheckoutOptions } from './types.ts';

describe('merchant options become wire params', () => {
  it.each([
    [
      'the script tag attributes pass through under their option names',
      { merchantId: 'mch_demo_verdant', amount: '25.00', currency: 'EUR', product: 'Fern', orderId: 'A-1', mode: 'overlay' },
      { merchantId: 'mch_demo_verdant', amount: '25.00', currency: 'EUR', product: 'Fern', orderId: 'A-1', mode: 'overlay' },
    ],
    ['locale travels as lang, the name the server validates', { merchantId: 'm', locale: 'es' }, { merchantId: 'm', lang: 'es' }],
    ['an empty locale is left out', { merchantId: 'm', locale: '' }, { merchantId: 'm' }],
    ['the inline target stays on the page (an element cannot be posted)', { merchantId: 'm', mode: 'inline', target: '#pay' }, { merchantId: 'm', mode: 'inline' }],
    ['a transaction token is kept, for the URL and init', { token: 'tt_1' }, { token: 'tt_1' }],
  ])('%s', (_, options, expected) => {
    expect(toParams(options as CheckoutOptions)).toEqual(expected);
  });

  it('a script tag\'s dataset becomes params the checkout accepts', () => {
    const dataset = { merchantId: 'mch_demo_verdant', amount: '49.00', currency: 'EUR', product: 'Fern', orderId: '', locale: 'es', label: 'Buy' };
    expect(paramsProblem(toParams(dataset))).toBeNull();
  });

  it('a buy widget script tag\'s dataset becomes buy params the checkout accepts', () => {
    const dataset = { coin: 'BTC', fiat: 'EUR', amount: '100.00', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', mode: 'overlay', locale: 'es', label: 'Buy bitcoin' };
    const params = toParams(dataset as BuyOptions);
    expect(params).toMatchObject({ coin: 'BTC', fiat: 'EUR', amount: '100.00', lang: 'es' });
    expect(paramsProblem(params, 'buy')).toBeNull();
  });

  it('does not change the options it was given', () => {
    const options = { merchantId: 'm', locale: 'es', target: '#pay' };
    toParams(options);
    expect(options).toEqual({ merchantId: 'm', locale: 'es', target: '#pay' });
  });
});
