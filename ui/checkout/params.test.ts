import { describe, expect, it } from 'vitest';
import { paramsProblem } from '#core/protocol.ts';
import { paramsFromSearch } from './params.ts';

describe('the checkout reads its display params from its URL', () => {
  it('every display parameter the SDK puts in the URL is read back', () => {
    const search = '?mode=overlay&merchantId=mch_demo_verdant&amount=25.00&currency=EUR&product=Fern+pot&orderId=A-1&lang=es';
    expect(paramsFromSearch(search)).toEqual({
      mode: 'overlay',
      merchantId: 'mch_demo_verdant',
      amount: '25.00',
      currency: 'EUR',
      product: 'Fern pot',
      orderId: 'A-1',
      lang: 'es',
    });
  });

  it("a token in the URL is not a display parameter: it names the payment (widgetPaymentIds), and the session's token is init's", () => {
    expect(paramsFromSearch('?merchantId=m&token=tt_1')).toEqual({ merchantId: 'm' });
  });

  it('empty parameters are left out', () => {
    expect(paramsFromSearch('?merchantId=m&product=&orderId=')).toEqual({ merchantId: 'm' });
  });

  it('a URL without a merchant is a problem the checkout can name', () => {
    expect(paramsProblem(paramsFromSearch('?amount=1'))).toBe('merchantId (or token) is required');
  });
});
