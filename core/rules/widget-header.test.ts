import { describe, it, expect } from 'vitest';
import { isWidgetHeaderShown, logoSizePx, widgetHeader } from './widget-header.ts';

describe('widget header is shown only when amount is 50 or more and a currency is present (spec §2)', () => {
  const table: [string, string | null | undefined, string | null | undefined, boolean][] = [
    ['50 EUR is shown', '50', 'EUR', true],
    ['50.00 EUR is shown', '50.00', 'EUR', true],
    ['1234.5 USD is shown', '1234.5', 'USD', true],
    ['49.99 EUR is hidden', '49.99', 'EUR', false],
    ['0 EUR is hidden', '0', 'EUR', false],
    ['a large amount beyond 2^53 minor units is shown', '12345678901234567.89', 'EUR', true],
    ['an amount beyond what a BIGINT column holds is hidden', '123456789012345678.90', 'EUR', false],
    ['50 BTC is shown (compared in units of the currency)', '50', 'BTC', true],
    ['49.99999999 BTC is hidden', '49.99999999', 'BTC', false],
    ['no currency is hidden', '100', undefined, false],
    ['an empty currency is hidden', '100', '', false],
    ['an unknown currency is hidden', '100', 'JPY', false],
    ['no amount is hidden', undefined, 'EUR', false],
    ['a malformed amount is hidden', '1e3', 'EUR', false],
    ['an amount with too many decimals is hidden', '50.001', 'EUR', false],
  ];
  it.each(table)('%s', (_name, amount, currency, shown) => {
    expect(isWidgetHeaderShown(amount, currency)).toBe(shown);
    expect(widgetHeader({ amount, currency }) !== null).toBe(shown);
  });
});

describe('logo size Large 60px, Medium 50px, otherwise 40px', () => {
  it.each<[string | null | undefined, number]>([
    ['Large', 60],
    ['Medium', 50],
    ['Small', 40],
    ['large', 40],
    ['', 40],
    [null, 40],
    [undefined, 40],
  ])('%j -> %ipx', (size, px) => {
    expect(logoSizePx(size)).toBe(px);
  });
});

describe('widget header contents', () => {
  it('merchant name defaults to Brand Name and product to Merchandise', () => {
    expect(widgetHeader({ amount: '75', currency: 'EUR' })).toEqual({
      merchantName: 'Brand Name',
      logoUrl: null,
      logoSizePx: 40,
      orderId: null,
      amountText: '€75.00',
      product: 'Merchandise',
    });
  });

  it('blank merchant name and product fall back to the defaults', () => {
    expect(widgetHeader({ amount: '75', currency: 'EUR', merchantName: '  ', product: '' })).toMatchObject({
      merchantName: 'Brand Name',
      product: 'Merchandise',
    });
  });

  it('shows the merchant, logo, order id and the amount with currency sign and thousands separators', () => {
    const header = widgetHeader({
      amount: '1234.5',
      currency: 'GBP',
      merchantName: 'Acme Shop',
      logoUrl: 'https://shop.example/logo.png',
      logoSize: 'Medium',
      orderId: 'ORD-42',
      product: 'Running shoes',
    });
    expect(header).toEqual({
      merchantName: 'Acme Shop',
      logoUrl: 'https://shop.example/logo.png',
      logoSizePx: 50,
      orderId: 'ORD-42',
      amountText: '£1,234.50',
      product: 'Running shoes',
    });
  });

  it('formats the amount for the locale', () => {
    expect(widgetHeader({ amount: '1234.5', currency: 'EUR' }, 'es')?.amountText).toBe('1.234,50 €');
  });
});
