import { describe, expect, it } from 'vitest';
import { paymentSummary } from './payment-summary.ts';

describe('the payment summary in the widget body', () => {
  it.each([
    ['a small order still names merchant, product and total', { amount: '12.5', currency: 'EUR', merchantName: 'Fernhill', product: 'Seeds', logoUrl: '/media/merchant-logo/mch_a/0123456789abcdef.png', logoSize: 'Medium' }, 'en', { merchantName: 'Fernhill', logoUrl: '/media/merchant-logo/mch_a/0123456789abcdef.png', logoSizePx: 50, product: 'Seeds', amountText: '€12.50' }],
    ['Spanish puts the sign after the amount', { amount: '1290.5', currency: 'EUR', merchantName: 'Fernhill', product: 'Lamp' }, 'es', { merchantName: 'Fernhill', logoUrl: null, logoSizePx: 40, product: 'Lamp', amountText: '1.290,50 €' }],
    ['the spec defaults stand in for missing names', { amount: '5', currency: 'USD', merchantName: ' ', product: null }, 'en', { merchantName: 'Brand Name', logoUrl: null, logoSizePx: 40, product: 'Merchandise', amountText: '$5.00' }],
    ['an unknown currency shows no total', { amount: '5', currency: 'XYZ', merchantName: 'A', product: 'B' }, 'en', { merchantName: 'A', logoUrl: null, logoSizePx: 40, product: 'B', amountText: null }],
    ['a malformed amount shows no total', { amount: '5,00', currency: 'EUR', merchantName: 'A', product: 'B' }, 'en', { merchantName: 'A', logoUrl: null, logoSizePx: 40, product: 'B', amountText: null }],
  ] as const)('%s', (_name, input, locale, expected) => {
    expect(paymentSummary(input, locale)).toEqual(expected);
  });
});
