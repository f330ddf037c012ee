import { describe, expect, it } from 'vitest';
import { paymentSourceOf, type PaymentSource, type SessionParams } from './payment-source.ts';

const TOKEN = 'pay_abcdefghijklmnopqrstuv';
const session = (params: SessionParams['params'], problem: string | null = null): SessionParams => ({ params, problem });

describe('how the widget home finds its payment', () => {
  it.each<[string, string, SessionParams | null, PaymentSource]>([
    ['a payment link carries both ids', `?merchant_id=mch_demo&transaction_id=${TOKEN}`, null, { kind: 'payment', ids: { merchantId: 'mch_demo', transactionId: TOKEN } }],
    ['the address wins over the SDK', `?merchant_id=mch_demo&transaction_id=${TOKEN}`, session({ merchantId: 'mch_demo', amount: '5.00', currency: 'EUR' }), { kind: 'payment', ids: { merchantId: 'mch_demo', transactionId: TOKEN } }],
    ['the SDK sent a token its server made', '?mode=overlay', session({ merchantId: 'mch_demo', token: TOKEN }), { kind: 'payment', ids: { merchantId: 'mch_demo', transactionId: TOKEN } }],
    ['a token that is not a payment token is refused (the merchant page hears payment_not_found)', '', session({ merchantId: 'mch_demo', token: 'tx_1' }), { kind: 'none', refused: 'token' }],
    ['a token without a merchant', '', session({ token: TOKEN }), { kind: 'none' }],
    [
      'the pay button: merchant, amount and currency make a checkout',
      '?mode=overlay',
      session({ merchantId: 'mch_demo', amount: '49.00', currency: 'EUR', product: 'Moss', orderId: 'A-1', lang: 'es', mode: 'overlay' }),
      { kind: 'checkout', request: { merchant_id: 'mch_demo', amount: '49.00', currency: 'EUR', product: 'Moss', order_id: 'A-1', lang: 'es' } },
    ],
    ['a checkout leaves out the options it was not given', '', session({ merchantId: 'mch_demo', amount: '49.00', currency: 'EUR' }), { kind: 'checkout', request: { merchant_id: 'mch_demo', amount: '49.00', currency: 'EUR' } }],
    ['a merchant alone is not enough', '', session({ merchantId: 'mch_demo' }), { kind: 'none' }],
    ['malformed SDK options open nothing (the bridge reported them)', '', session({ merchantId: 'mch_demo', amount: '49', currency: 'eur' }, 'currency must be ...'), { kind: 'none' }],
    ['standalone without ids', '?lang=es', null, { kind: 'none' }],
    ['a payment link\'s hosted page', '?link=pl_Q2hvb3NlIGEgY29pbiB0byBwYXkgd2l0&lang=es', null, { kind: 'link', token: 'pl_Q2hvb3NlIGEgY29pbiB0byBwYXkgd2l0' }],
    ['a malformed link opens nothing', '?link=pl_short', null, { kind: 'none' }],
    ['the ids in the address win over the link they came from', `?link=pl_Q2hvb3NlIGEgY29pbiB0byBwYXkgd2l0&merchant_id=mch_demo&transaction_id=${TOKEN}`, null, { kind: 'payment', ids: { merchantId: 'mch_demo', transactionId: TOKEN } }],
  ])('%s', (_name, search, bridge, source) => {
    expect(paymentSourceOf(search, bridge)).toEqual(source);
  });
});
